package dev.prims.app.npy;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The temporary files an output is written to before it is moved over its target, named {@code
 * .<target>.prims-<pid>-<random>.tmp} so that their writer can be told.
 *
 * <ul>
 *   <li>A JVM that exits while writing (Ctrl-C, {@code kill -TERM}) removes the files it was
 *       writing, in a shutdown hook.
 *   <li>A JVM killed outright ({@code kill -9}) cannot; the next write into the same directory
 *       removes such leftovers once their writer is gone (no process with that pid, or one started
 *       after the file was last written, so a reused pid).
 * </ul>
 */
public final class PartialFiles {
  /** The name of a partial file: target, writer pid, random part. */
  static final Pattern NAME = Pattern.compile("\\.(.+)\\.prims-(\\d{1,19})-([0-9a-f]{1,16})\\.tmp");

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Set<Path> WRITING = ConcurrentHashMap.newKeySet();
  private static final long PID = ProcessHandle.current().pid();

  static {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  for (Path p : WRITING) {
                    try {
                      Files.deleteIfExists(p);
                    } catch (IOException | RuntimeException e) {
                      // exiting: nothing else can be done
                    }
                  }
                },
                "prims-partial-files"));
  }

  private PartialFiles() {}

  /**
   * A new, empty partial file for {@code target} in its directory, removed at exit until {@link
   * #finished} is called; leftovers of dead writers in that directory are removed first.
   */
  public static Path create(Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    removeLeftovers(dir);
    while (true) {
      Path temp =
          dir.resolve(
              "."
                  + target.getFileName()
                  + ".prims-"
                  + PID
                  + "-"
                  + Long.toHexString(RANDOM.nextLong())
                  + ".tmp");
      WRITING.add(temp);
      try {
        return Files.createFile(temp);
      } catch (java.nio.file.FileAlreadyExistsException e) {
        WRITING.remove(temp);
      } catch (IOException | RuntimeException e) {
        WRITING.remove(temp);
        throw e;
      }
    }
  }

  /** {@code temp} was moved over its target or deleted: the exit hook leaves it alone. */
  public static void finished(Path temp) {
    WRITING.remove(temp);
  }

  /**
   * Removes the partial files in {@code dir} whose writer is gone; files of live writers, of this
   * JVM, and any other file stay. Failures to list or remove are ignored (a later write tries
   * again).
   *
   * @return how many were removed
   */
  public static int removeLeftovers(Path dir) {
    int removed = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, ".*.prims-*.tmp")) {
      for (Path file : files) {
        Matcher m = NAME.matcher(file.getFileName().toString());
        if (m.matches() && writerIsGone(Long.parseLong(m.group(2)), file)) {
          removed += Files.deleteIfExists(file) ? 1 : 0;
        }
      }
    } catch (IOException | RuntimeException e) {
      // best effort
    }
    return removed;
  }

  private static boolean writerIsGone(long pid, Path file) throws IOException {
    if (pid == PID) {
      return false;
    }
    Optional<ProcessHandle> writer = ProcessHandle.of(pid);
    if (writer.isEmpty() || !writer.get().isAlive()) {
      return true;
    }
    Optional<Instant> started = writer.get().info().startInstant();
    return started.isPresent()
        && started.get().isAfter(Files.getLastModifiedTime(file).toInstant());
  }
}
