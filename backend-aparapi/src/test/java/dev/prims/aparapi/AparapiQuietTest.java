package dev.prims.aparapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Probing and using the aparapi backend prints nothing of Aparapi's own: its native library writes
 * an "untested OpenCL platform version" warning straight to the process's stderr, which no capture
 * of {@code System.err} sees, so the probe runs in a fresh JVM whose two streams are read whole.
 */
class AparapiQuietTest {
  private static final String WARNING = "untested opencl platform";

  /** The children must find the devices this JVM finds; only a machine without any skips. */
  @BeforeAll
  static void openClIsPresent() {
    AparapiTestDevice.allOrAbort();
  }

  @Test
  void probingAndReducingPrintNoAparapiPlatformWarning() throws Exception {
    ChildOutput child = run(AparapiProbeMain.class);
    assertEquals(
        "available 500500",
        child.out.strip(),
        "the probe reduced on aparapi; stderr:\n" + child.err);
    assertFalse(
        child.err.toLowerCase(Locale.ROOT).contains(WARNING),
        "Aparapi warned on stderr:\n" + child.err);
    assertFalse(
        child.out.toLowerCase(Locale.ROOT).contains(WARNING),
        "Aparapi warned on stdout:\n" + child.out);
  }

  @Test
  void thePreloadedPlatformListIsTheOneAparapiBuildsItself() throws Exception {
    ChildOutput child = run(AparapiPreloadCompareMain.class);
    List<String> lines = child.out.lines().collect(Collectors.toList());
    int split = lines.indexOf("--- aparapi");
    assertTrue(split > 0, "a preloaded list, then Aparapi's own:\n" + child.out);
    assertEquals(lines.subList(split + 1, lines.size()), lines.subList(0, split), child.out);
  }

  @Test
  void withoutJoclAparapiListsThePlatformsItself() throws Exception {
    String classPath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !Path.of(entry).getFileName().toString().startsWith("jocl-"))
            .collect(Collectors.joining(File.pathSeparator));
    ChildOutput child = run(AparapiProbeMain.class, classPath);
    assertEquals(
        "available 500500",
        child.out.strip(),
        "the probe reduced on aparapi; stderr:\n" + child.err);
  }

  /** What a child JVM running {@code main} printed, once it exited with status 0. */
  private record ChildOutput(String out, String err) {}

  private static ChildOutput run(Class<?> main) throws Exception {
    return run(main, System.getProperty("java.class.path"));
  }

  private static ChildOutput run(Class<?> main, String classPath) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--enable-native-access") || arg.startsWith("--sun-misc-unsafe")) {
        command.add(arg);
      }
    }
    // this JVM's private caches and directories (HermeticExtension's prims.* properties) too
    for (String key : System.getProperties().stringPropertyNames()) {
      if (key.startsWith("prims.")) {
        command.add("-D" + key + "=" + System.getProperty(key));
      }
    }
    command.addAll(
        List.of(
            "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
            "-Duser.home=" + System.getProperty("user.home"),
            "-cp",
            classPath,
            main.getName()));
    // the environment (LD_PRELOAD of libjsig, PoCL's and XDG caches under target/) is inherited
    Process process = new ProcessBuilder(command).start();
    CompletableFuture<String> err =
        CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    String out = read(process.getInputStream());
    assertTrue(process.waitFor(2, TimeUnit.MINUTES), main.getSimpleName() + " finished");
    String stderr = err.get(1, TimeUnit.MINUTES);
    assertEquals(0, process.exitValue(), main.getSimpleName() + " failed:\n" + out + stderr);
    return new ChildOutput(out, stderr);
  }

  private static String read(InputStream in) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
