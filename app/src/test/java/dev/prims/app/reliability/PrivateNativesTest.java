package dev.prims.app.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.app.ChildJvm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenCL and CUDA backends load JOCL's and JCuda's native libraries from a private per-user
 * directory (mode 0700), never from a predictable file in the shared {@code java.io.tmpdir}. Each
 * case runs {@link NativesProbeMain} in a fresh JVM (the libraries load once per JVM), with {@code
 * java.io.tmpdir} pointing at an empty "shared" directory and {@code prims.natives.dir} at the
 * private one.
 */
class PrivateNativesTest {
  private static final String JOCL = "libJOCL_2_0_6-linux-x86_64.so";
  private static final String JCUDA = "libJCudaDriver-12.6.0-linux-x86_64.so";

  private static List<String> probe(Path shared, Path privateDir)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(ChildJvm.command());
    command.addAll(
        List.of(
            "-cp",
            System.getProperty("java.class.path"),
            "-Djava.io.tmpdir=" + shared,
            "-Dprims.natives.dir=" + privateDir,
            NativesProbeMain.class.getName()));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(2, TimeUnit.MINUTES), "probe finished");
    assertEquals(0, p.exitValue(), out);
    return out.lines().collect(Collectors.toList());
  }

  private static List<String> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }

  private static boolean isLinux64() {
    return System.getProperty("os.name").startsWith("Linux")
        && System.getProperty("os.arch").equals("amd64");
  }

  @Test
  void librariesAreExtractedIntoThePrivateDirectoryAndNotTheSharedOne(@TempDir Path root)
      throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isLinux64(), "library names checked on x86-64 Linux");
    Path shared = Files.createDirectory(root.resolve("shared"));
    Path privateDir = root.resolve("cache/prims/natives");
    List<String> out = probe(shared, privateDir);

    assertEquals(
        List.of(),
        files(shared).stream().filter(f -> f.contains("JOCL") || f.contains("JCuda")).toList(),
        "nothing in the shared tmpdir");
    assertEquals(
        "rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(privateDir)));
    assertTrue(files(privateDir).contains(JOCL), files(privateDir).toString());
    assertTrue(files(privateDir).contains(JCUDA), files(privateDir).toString());
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(privateDir.resolve(JOCL))));
    for (String line : out) {
      if (line.startsWith("mapped ")) {
        assertTrue(
            line.contains(privateDir.toString()), "loaded from the private directory: " + line);
      }
    }
    if (out.contains("backend opencl available")) {
      assertTrue(
          out.stream().anyMatch(l -> l.startsWith("mapped ") && l.endsWith(JOCL)), out.toString());
    }
  }

  @Test
  void aPlantedOrStaleLibraryIsReplacedByTheJarsCopy(@TempDir Path root) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isLinux64(), "library names checked on x86-64 Linux");
    Path shared = Files.createDirectory(root.resolve("shared"));
    Files.writeString(shared.resolve(JOCL), "planted by someone else");
    Path privateDir = Files.createDirectories(root.resolve("natives"));
    Files.writeString(privateDir.resolve(JOCL), "stale or truncated");
    List<String> out = probe(shared, privateDir);

    byte[] jarCopy;
    try (InputStream in = org.jocl.CL.class.getResourceAsStream("/lib/" + JOCL)) {
      jarCopy = in.readAllBytes();
    }
    assertArrayEquals(jarCopy, Files.readAllBytes(privateDir.resolve(JOCL)));
    assertEquals("planted by someone else", Files.readString(shared.resolve(JOCL)), "untouched");
    assertFalse(out.stream().anyMatch(l -> l.contains(shared.toString())), out.toString());
  }

  @Test
  void aPrivateDirectoryThatIsASymbolicLinkIsNotUsed(@TempDir Path root) throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        isLinux64(), "library names checked on x86-64 Linux");
    Path shared = Files.createDirectory(root.resolve("shared"));
    Path elsewhere = Files.createDirectory(root.resolve("elsewhere"));
    Path link = Files.createSymbolicLink(root.resolve("natives"), elsewhere);
    List<String> out = probe(shared, link);

    assertEquals(List.of(), files(elsewhere), "nothing written through the link");
    for (String line : out) {
      if (line.startsWith("mapped ")) {
        assertTrue(line.contains("/prims-natives-"), "a fresh random directory instead: " + line);
      }
    }
    assertTrue(out.stream().anyMatch(l -> l.startsWith("mapped ")), out.toString());
  }
}
