package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every committed PTX carries the hash of its .cu and the headers it includes (the rule of {@code
 * src/main/cuda/build-ptx.sh}); a kernel edited without regenerating the PTX fails here, and so
 * does a PTX left behind by a removed .cu or one that grew past {@link #MAX_PTX_BYTES}.
 */
class CudaPtxFreshnessTest {
  private static final Path SOURCES = Paths.get("src/main/cuda");
  private static final Path PTX = Paths.get("src/main/resources" + CudaModules.PTX_DIRECTORY);

  /** Largest committed PTX file: a bigger one should be split into more device/*.cu units. */
  static final long MAX_PTX_BYTES = 2L << 20;

  private static final Pattern INCLUDE = Pattern.compile("^\\s*#include\\s*\"([^\"]+)\"");

  @Test
  void everyPtxMatchesItsSources() throws IOException {
    List<Path> units;
    try (Stream<Path> files = Files.list(SOURCES.resolve("device"))) {
      units = files.filter(p -> p.toString().endsWith(".cu")).sorted().toList();
    }
    assertFalse(units.isEmpty(), "no CUDA sources under " + SOURCES.toAbsolutePath());
    List<String> stale = new ArrayList<>();
    for (Path unit : units) {
      String name = unit.getFileName().toString().replace(".cu", "");
      String expected = "// prims-source-sha256: " + sourceHash(SOURCES.relativize(unit));
      String actual = firstLine(CudaModules.PTX_DIRECTORY + name + ".ptx");
      if (!expected.equals(actual)) {
        stale.add(name + ".ptx (has '" + actual + "', sources give '" + expected + "')");
      }
    }
    assertEquals(
        List.of(),
        stale,
        "PTX is stale: run backend-cuda/src/main/cuda/build-ptx.sh (needs nvcc) or build with"
            + " -Pnvcc, and commit the regenerated PTX");
  }

  @Test
  void everyPtxHasItsSourceAndStaysSmall() throws IOException {
    List<String> problems = new ArrayList<>();
    try (Stream<Path> files = Files.list(PTX)) {
      for (Path ptx : files.filter(p -> p.toString().endsWith(".ptx")).sorted().toList()) {
        String name = ptx.getFileName().toString().replace(".ptx", "");
        if (!Files.isRegularFile(SOURCES.resolve("device").resolve(name + ".cu"))) {
          problems.add(ptx.getFileName() + " has no device/" + name + ".cu (delete it)");
        }
        long bytes = Files.size(ptx);
        if (bytes >= MAX_PTX_BYTES) {
          problems.add(
              ptx.getFileName()
                  + " is "
                  + bytes
                  + " bytes, not under "
                  + MAX_PTX_BYTES
                  + ": split its device/"
                  + name
                  + ".cu");
        }
      }
    }
    assertEquals(List.of(), problems);
  }

  private static String firstLine(String resource) throws IOException {
    try (InputStream in = CudaPtxFreshnessTest.class.getResourceAsStream(resource)) {
      assertNotNull(in, "missing PTX resource " + resource);
      return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).readLine();
    }
  }

  /** SHA-256 over "path\n" + bytes of the unit and its transitive includes, sorted by path. */
  static String sourceHash(Path unit) throws IOException {
    TreeSet<String> files = new TreeSet<>();
    collect(unit, files);
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String f : files) {
        sha.update((f + "\n").getBytes(StandardCharsets.UTF_8));
        sha.update(Files.readAllBytes(SOURCES.resolve(f)));
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void collect(Path relative, TreeSet<String> files) throws IOException {
    String key = relative.normalize().toString().replace('\\', '/');
    if (!files.add(key)) {
      return;
    }
    for (String line : Files.readAllLines(SOURCES.resolve(key), StandardCharsets.UTF_8)) {
      Matcher m = INCLUDE.matcher(line);
      if (m.find()) {
        Path parent = Paths.get(key).getParent();
        Path included = parent == null ? Paths.get(m.group(1)) : parent.resolve(m.group(1));
        collect(included.normalize(), files);
      }
    }
  }
}
