package dev.prims.app.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code prims conformance} from the shaded {@code target/prims.jar}: the jar must carry the JUnit
 * engines (Jupiter and jqwik) and their service files, or every cell would come out empty.
 */
class ConformanceJarIT {
  @Test
  void theShadedJarRunsTheSuite() throws IOException, InterruptedException {
    Path jar = Path.of("target", "prims.jar");
    assertTrue(Files.isRegularFile(jar), "no " + jar.toAbsolutePath() + "; run mvn package");
    Process p =
        new ProcessBuilder(
                List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-jar",
                    jar.toString(),
                    "conformance",
                    "--backends",
                    "cpu",
                    "--primitives",
                    "engine"))
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "prims conformance did not finish");
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("1 target(s) passed, 0 failed"), out);
    assertTrue(out.matches("(?s).*cpu device 0.*pass \\d+.*"), out);
  }
}
