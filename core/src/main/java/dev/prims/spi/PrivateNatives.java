package dev.prims.spi;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Set;
import java.util.function.Function;

/**
 * Makes a JNI binding that extracts its native library the way JCuda's and JOCL's {@code LibUtils}
 * do load it from a private per-user directory ({@code $XDG_CACHE_HOME/prims/natives}, else {@code
 * ~/.cache/prims/natives}, mode 0700, owned by this user) instead of their default: a predictable
 * file in the shared {@code java.io.tmpdir} that {@code LibUtils} loads as it finds it, whoever
 * wrote it.
 *
 * <p>How: {@code LibUtils.loadLibrary} first tries {@code System.loadLibrary} (the {@code
 * java.library.path}, left as it is), then uses {@code java.io.tmpdir/<file>}, writing the jar's
 * copy only when no file is there, and {@code System.load}s it. We write the jar's copy into the
 * private directory first (atomically, replacing a file whose bytes differ), then run the loader
 * with {@code java.io.tmpdir} pointing there for that call only. When no private directory can be
 * made, a fresh random 0700 directory from {@link Files#createTempDirectory} is used instead. One
 * class (one lock) serves every backend, since each load changes the JVM-wide {@code
 * java.io.tmpdir} for its duration.
 */
public final class PrivateNatives {
  /** System property overriding the private directory (tests, read-only homes). */
  public static final String DIRECTORY_PROPERTY = "prims.natives.dir";

  private static final Set<PosixFilePermission> OWNER_ONLY =
      PosixFilePermissions.fromString("rwx------");
  private static final String TMPDIR = "java.io.tmpdir";

  private PrivateNatives() {}

  /**
   * Runs {@code loader} (the first use of the binding, whose static initialiser loads {@code
   * fileName}, null when unknown) with the library in a private directory. Never throws for a
   * directory problem: the loader's own failure, if any, is what the caller sees.
   */
  public static synchronized void load(Class<?> binding, String fileName, Runnable loader) {
    Path dir;
    try {
      dir = directory();
      URL resource = fileName == null ? null : binding.getResource("/lib/" + fileName);
      if (resource != null) {
        extract(resource, dir.resolve(fileName));
      }
    } catch (IOException | RuntimeException e) {
      dir = null;
    }
    if (dir == null) {
      loader.run();
      return;
    }
    String tmpdir = System.getProperty(TMPDIR);
    System.setProperty(TMPDIR, dir.toString());
    try {
      loader.run();
    } finally {
      System.setProperty(TMPDIR, tmpdir);
    }
  }

  /**
   * {@link #load(Class, String, Runnable)} for a binding whose native library is named by the
   * version of its Maven artifact {@code group:artifact}: {@code fileName} maps that version to the
   * library's file name in the jar (null when the jar does not say its version).
   */
  public static void load(
      Class<?> binding,
      String group,
      String artifact,
      Function<String, String> fileName,
      Runnable loader) {
    load(binding, version(binding, group, artifact).map(fileName).orElse(null), loader);
  }

  /**
   * The version of the binding's Maven artifact (from its {@code pom.properties}), which names its
   * native library, or empty when the jar does not say.
   */
  public static java.util.Optional<String> version(
      Class<?> binding, String group, String artifact) {
    URL url = binding.getResource("/META-INF/maven/" + group + "/" + artifact + "/pom.properties");
    if (url == null) {
      return java.util.Optional.empty();
    }
    java.util.Properties properties = new java.util.Properties();
    try (InputStream in = url.openStream()) {
      properties.load(in);
    } catch (IOException e) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.ofNullable(properties.getProperty("version"));
  }

  /**
   * The private directory, created 0700 when missing and checked to be ours and no symbolic link;
   * when it cannot be, a fresh random 0700 directory.
   */
  public static Path directory() throws IOException {
    String override = System.getProperty(DIRECTORY_PROPERTY);
    Path preferred;
    if (override != null && !override.isBlank()) {
      preferred = Path.of(override);
    } else {
      String xdg = System.getenv("XDG_CACHE_HOME");
      Path base =
          xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
              ? Path.of(xdg)
              : Path.of(System.getProperty("user.home"), ".cache");
      preferred = base.resolve("prims").resolve("natives");
    }
    try {
      return makePrivate(preferred);
    } catch (IOException | UnsupportedOperationException e) {
      Path fresh =
          Files.createTempDirectory(
              "prims-natives-", PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      fresh.toFile().deleteOnExit();
      return fresh;
    }
  }

  private static Path makePrivate(Path dir) throws IOException {
    if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      Files.createDirectories(dir.getParent());
      try {
        Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
      } catch (java.nio.file.FileAlreadyExistsException raced) {
        // made by a concurrent process: checked below like any existing directory
      }
    }
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(dir + " is not a directory (or is a symbolic link)");
    }
    Path probe = Files.createTempFile(dir, ".owner", ".probe");
    try {
      if (!Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).equals(Files.getOwner(probe))) {
        throw new IOException(dir + " belongs to another user");
      }
    } finally {
      Files.delete(probe);
    }
    Files.setPosixFilePermissions(dir, OWNER_ONLY);
    return dir;
  }

  private static void extract(URL resource, Path target) throws IOException {
    byte[] bytes;
    try (InputStream in = resource.openStream()) {
      bytes = in.readAllBytes();
    }
    if (Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS)
        && Arrays.equals(Files.readAllBytes(target), bytes)) {
      return;
    }
    Path temp =
        Files.createTempFile(
            target.getParent(),
            "." + target.getFileName(),
            ".tmp",
            PosixFilePermissions.asFileAttribute(OWNER_ONLY));
    try {
      Files.write(temp, bytes);
      AtomicReplace.move(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
