package dev.prims.app.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.PrimsCli;
import dev.prims.spi.Availability;
import dev.prims.spi.DeviceInfo;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code prims conformance} on the CPU backend, with the matrix and JSON it writes. */
class ConformanceCommandTest {
  @TempDir Path dir;

  @Test
  void cpuPassesAndTheMatrixSaysSo() throws Exception {
    CpuConformance run = CpuConformance.run(dir, "--primitives", "engine,dot");
    String matrix = run.cli().out();
    assertTrue(matrix.contains("engine") && matrix.contains("dot"), matrix);
    assertTrue(matrix.contains("cpu device 0"), matrix);
    assertTrue(matrix.contains("1 target(s) passed, 0 failed"), matrix);

    JsonNode report = run.report();
    assertTrue(report.get("passed").asBoolean());
    JsonNode target = report.get("targets").get(0);
    assertEquals("pass", target.get("status").asText());
    assertTrue(target.get("cells").get("dot").get("passed").asInt() > 0, target.toString());
    assertEquals(0, target.get("cells").get("engine").get("failed").asInt());
  }

  @Test
  void unknownBackendAndClassAreBadInput() {
    CommandLine cli = PrimsCli.commandLine();
    StringWriter err = new StringWriter();
    cli.setErr(new PrintWriter(err, true));
    cli.setOut(new PrintWriter(new StringWriter(), true));
    assertEquals(2, cli.execute("conformance", "--backends", "nope"));
    assertTrue(err.toString().contains("unknown backend 'nope'"), err.toString());
    assertEquals(2, cli.execute("conformance", "--primitives", "shuffle"));
    assertTrue(err.toString().contains("unknown conformance class 'shuffle'"), err.toString());
  }

  @Test
  void eachOpenClPlatformIsItsOwnTarget() {
    Availability twoPlatforms =
        Availability.available(
            List.of(
                device(0, "gpu0", "0", "NVIDIA CUDA"),
                device(1, "gpu1", "0", "NVIDIA CUDA"),
                device(2, "cpu", "1", "Portable Computing Language")),
            Map.of());
    List<ConformanceTarget> targets = ConformanceTarget.of("opencl", twoPlatforms);
    assertEquals(4, targets.size(), "three devices and the two GPUs of platform 0 together");
    assertEquals(
        Map.of(
            "prims.opencl.platform", "0",
            "prims.device", "all",
            "prims.device.shard.align", "256"),
        targets.get(3).configuration());
    assertTrue(targets.get(3).label().contains("devices all"), targets.get(3).label());
    assertEquals(
        Map.of("prims.opencl.platform", "1", "prims.device", "0"), targets.get(2).configuration());
    assertEquals(
        Map.of("prims.opencl.platform", "0", "prims.device", "1"), targets.get(1).configuration());
    assertTrue(targets.get(2).label().contains("Portable Computing Language"));
    assertEquals(
        Map.of("prims.device", "0"),
        ConformanceTarget.of(
                "cuda", Availability.available(List.of(device(0, "H100", null, null)), Map.of()))
            .get(0)
            .configuration());
  }

  @Test
  void cellsAreNamedAfterTheConformanceClasses() {
    assertEquals(
        "reduce", MatrixListener.cellName("dev.prims.conformance.configured.ConfiguredReduceTest"));
    assertEquals(
        List.of(
            "reduce",
            "scan",
            "histogram",
            "dot",
            "engine",
            "buffer",
            "async",
            "callerarray",
            "argreduce",
            "moments",
            "segment",
            "sort",
            "select",
            "unique"),
        ConformanceSuite.cellNames());
    assertEquals("FAIL 2/7", new ConformanceCell(5, 2, 0, "x").summary());
    assertEquals("pass 5 (1 skipped)", new ConformanceCell(5, 0, 1, null).summary());
    assertEquals("skipped 3", new ConformanceCell(0, 0, 3, null).summary());
  }

  @Test
  void theHelpNamesEveryCell() {
    StringWriter out = new StringWriter();
    PrimsCli.commandLine().getSubcommands().get("conformance").usage(new PrintWriter(out));
    String help = out.toString().replaceAll("\\s+", " ");
    for (String cell : ConformanceSuite.cellNames()) {
      assertTrue(help.matches("(?s).*--primitives=NAME.*\\b" + cell + "\\b.*"), cell + ": " + help);
    }
  }

  private static DeviceInfo device(int index, String name, String platform, String platformName) {
    Map<String, String> details = new java.util.LinkedHashMap<>();
    if (platform != null) {
      details.put("platformIndex", platform);
      details.put("platform", platformName);
    }
    return new DeviceInfo(index, name, 0, 1, details);
  }
}
