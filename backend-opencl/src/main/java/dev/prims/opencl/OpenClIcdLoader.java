package dev.prims.opencl;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether the OpenCL ICD loader ({@code libOpenCL.so.1}) lies where the dynamic linker looks,
 * checked by looking for the file before JOCL loads: when JOCL's native code cannot load it, it
 * prints a line per name it tried to the process's standard output (C {@code printf}, out of reach
 * of any logger), which would end up in a command's output, JSON included. Looked for in {@code
 * LD_LIBRARY_PATH}, the directories of {@code /etc/ld.so.conf} (its {@code include}s followed) and
 * the system's library directories; on systems other than Linux JOCL is left to find it.
 */
final class OpenClIcdLoader {
  /** The names JOCL loads, in its order. */
  static final List<String> NAMES = List.of("libOpenCL.so.1", "libOpenCL.so");

  private static final List<String> SYSTEM_DIRECTORIES =
      List.of(
          "/lib",
          "/usr/lib",
          "/lib64",
          "/usr/lib64",
          "/usr/local/lib",
          "/lib/x86_64-linux-gnu",
          "/usr/lib/x86_64-linux-gnu",
          "/lib/aarch64-linux-gnu",
          "/usr/lib/aarch64-linux-gnu");

  private OpenClIcdLoader() {}

  /**
   * Throws where the loader is surely missing (Linux, and no file of its names on the search path).
   *
   * @throws UnsatisfiedLinkError naming where it was looked for
   */
  static void requirePresent() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
      return;
    }
    List<Path> directories =
        searchPath(
            System.getenv("LD_LIBRARY_PATH"),
            System.getProperty("java.library.path"),
            Path.of("/etc/ld.so.conf"));
    if (!presentIn(directories)) {
      throw new UnsatisfiedLinkError(
          "no OpenCL ICD loader ("
              + String.join(" or ", NAMES)
              + ") in LD_LIBRARY_PATH, java.library.path, the directories of /etc/ld.so.conf or"
              + " the system's library directories (install an OpenCL runtime and its ICD loader,"
              + " e.g. ocl-icd-libopencl1)");
    }
  }

  /** Whether a file of one of {@link #NAMES} is in one of {@code directories}. */
  static boolean presentIn(List<Path> directories) {
    for (Path directory : directories) {
      for (String name : NAMES) {
        if (Files.exists(directory.resolve(name))) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The directories the dynamic linker searches, in its order: {@code ldLibraryPath} and {@code
   * javaLibraryPath} (colon-separated; either may be null), those listed by {@code ldSoConf} and
   * the files it includes, then the system's library directories.
   */
  static List<Path> searchPath(String ldLibraryPath, String javaLibraryPath, Path ldSoConf) {
    Set<Path> directories = new LinkedHashSet<>();
    for (String list : new String[] {ldLibraryPath, javaLibraryPath}) {
      if (list != null) {
        for (String entry : list.split(":")) {
          if (!entry.isBlank()) {
            directories.add(Path.of(entry.trim()));
          }
        }
      }
    }
    readConf(ldSoConf, directories, 0);
    for (String directory : SYSTEM_DIRECTORIES) {
      directories.add(Path.of(directory));
    }
    return new ArrayList<>(directories);
  }

  /** Adds the directories {@code conf} lists, following its {@code include} globs. */
  private static void readConf(Path conf, Set<Path> into, int depth) {
    if (depth > 8 || !Files.isReadable(conf)) {
      return;
    }
    List<String> lines;
    try {
      lines = Files.readAllLines(conf);
    } catch (IOException | RuntimeException e) {
      return;
    }
    for (String raw : lines) {
      int comment = raw.indexOf('#');
      String line = (comment >= 0 ? raw.substring(0, comment) : raw).trim();
      if (line.startsWith("include ")) {
        Path pattern = Path.of(line.substring("include ".length()).trim());
        if (!pattern.isAbsolute()) {
          pattern = conf.toAbsolutePath().getParent().resolve(pattern);
        }
        Path parent = pattern.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
          continue;
        }
        List<Path> included = new ArrayList<>();
        try (DirectoryStream<Path> files =
            Files.newDirectoryStream(parent, pattern.getFileName().toString())) {
          files.forEach(included::add);
        } catch (IOException | RuntimeException e) {
          continue;
        }
        included.sort(null);
        for (Path file : included) {
          readConf(file, into, depth + 1);
        }
      } else if (line.startsWith("/")) {
        into.add(Path.of(line.split("\\s+")[0]));
      }
    }
  }
}
