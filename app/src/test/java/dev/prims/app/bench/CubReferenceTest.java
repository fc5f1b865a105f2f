package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The batch protocol with the reference program, spoken to a stand-in script. */
class CubReferenceTest {
  @TempDir Path dir;

  @Test
  void sourceIsPackaged() throws Exception {
    try (InputStream in = CubReference.class.getResourceAsStream(CubReference.SOURCE)) {
      assertNotNull(in, CubReference.SOURCE);
      String source = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(source.contains("--batch") && source.contains("cub::DeviceReduce"));
    }
    assertTrue(CubReference.cacheDirectoryName("sm_90").matches("cub-[0-9a-f]{16}-sm_90"));
  }

  @Test
  void requestsSpellTheProgramsArguments() {
    assertEquals(
        CubArguments.of("cub", "float", 1024, 7, "scan", "--op", "sum", "--exclusive"),
        new CubRequest("cub", Operation.SCAN_EXCLUSIVE, DType.FLOAT, 1024, 7).arguments());
    assertEquals(
        CubArguments.of(
            "thrust", "int", 8, 1, "histogram", "--bins", "256", "--lower", "0", "--upper", "1"),
        new CubRequest("thrust", Operation.HISTOGRAM, DType.INT, 8, 1).arguments());
    assertEquals("copy", new CubRequest("cub", null, DType.INT, 8, 1).arguments().get(9));
    List<String> up = CubRequest.link(CubRequest.H2D, DType.FLOAT, 8, 1).arguments();
    assertEquals(List.of("--impl", "cub"), up.subList(0, 2));
    assertEquals(List.of("--primitive", "h2d"), up.subList(8, 10));
    assertEquals("d2h", CubRequest.link(CubRequest.D2H, DType.FLOAT, 8, 1).arguments().get(9));
    assertEquals(
        CubArguments.of("cub", "float", 8, 1, "reduce", "--op", "sum", "--result-to-host"),
        new CubRequest(CubRequest.CUB_TO_HOST, Operation.REDUCE_SUM, DType.FLOAT, 8, 1)
            .arguments());
  }

  @Test
  void reducesAndDotsAreAlsoMeasuredWithTheirResultCopiedToTheHost() {
    assertTrue(CubRequest.resultToHost(Operation.REDUCE_SUM));
    assertTrue(CubRequest.resultToHost(Operation.REDUCE_MAX));
    assertTrue(CubRequest.resultToHost(Operation.DOT));
    assertFalse(CubRequest.resultToHost(Operation.SCAN_INCLUSIVE));
    assertFalse(CubRequest.resultToHost(Operation.ARGMAX));
    assertFalse(CubRequest.resultToHost(Operation.SEGMENTED_SUM_64));
    assertEquals(
        "DeviceReduce::Sum, result to host",
        BenchRunner.referenceName(CubRequest.CUB_TO_HOST, Operation.REDUCE_SUM));
    assertEquals("thrust::reduce", BenchRunner.referenceName("thrust", Operation.REDUCE_SUM));
  }

  @Test
  void aHostRowIsMeasuredAgainstWhatTheLinkAllowsForItsBytes() {
    BenchRunner.HostLink link = new BenchRunner.HostLink(50.0, 70.0);
    assertEquals(50.0, link.gbps(Operation.REDUCE_SUM));
    assertEquals(50.0, link.gbps(Operation.DOT));
    // a scan's input up and result down move at the link's measured rate for both at once
    assertEquals(70.0, link.gbps(Operation.SCAN_INCLUSIVE));
    assertEquals(null, new BenchRunner.HostLink(null, 70.0).gbps(Operation.HISTOGRAM));
    assertEquals(null, new BenchRunner.HostLink(50.0, null).gbps(Operation.SCAN_EXCLUSIVE));
    assertEquals(
        List.of(
            "--impl",
            "cub",
            "--type",
            "float",
            "--n",
            "1024",
            "--reps",
            "10",
            "--primitive",
            "duplex"),
        CubRequest.link(CubRequest.DUPLEX, DType.FLOAT, 1024, 10).arguments());
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void batchAnswersArePairedWithRequestsAndErrorsKept() throws Exception {
    Path script = dir.resolve("fake_reference");
    Files.writeString(
        script,
        String.join(
            "\n",
            "#!/bin/sh",
            "[ \"$1\" = --batch ] || exit 3",
            "read first",
            "echo '{\"impl\": \"cub\", \"primitive\": \"reduce\", \"op\": \"sum\", \"type\":"
                + " \"int\", \"n\": 8, \"reps\": 3, \"best_ms\": 0.5, \"median_ms\": 0.75,"
                + " \"bytes\": 32, \"gbps\": 6.4e-05, \"checksum\": 28, \"device\": \"Fake GPU\"}'",
            "read second",
            "echo '{\"error\": \"cudaMalloc input of 32 bytes failed\"}'",
            ""));
    assertTrue(script.toFile().setExecutable(true));
    CubRequest ok = new CubRequest("cub", Operation.REDUCE_SUM, DType.INT, 8, 3);
    CubRequest bad = new CubRequest("cub", Operation.REDUCE_MAX, DType.INT, 8, 3);
    CubRequest missing = new CubRequest("thrust", Operation.DOT, DType.INT, 8, 3);
    Map<CubRequest, CubResult> results = CubReference.at(script).run(List.of(ok, bad, missing), 0);
    assertEquals(Set.of(ok, bad, missing), results.keySet());
    CubResult r = results.get(ok);
    assertTrue(r.ok());
    assertEquals(0.5, r.bestMs());
    assertEquals(0.75, r.medianMs());
    assertEquals(28, r.checksum());
    assertEquals("Fake GPU", r.device());
    assertFalse(results.get(bad).ok());
    assertEquals("cudaMalloc input of 32 bytes failed", results.get(bad).error());
    assertTrue(results.get(missing).error().contains("stopped early"));
  }

  @Test
  void locateFailsSoftWithoutAGpu() throws Exception {
    Assumptions.assumeTrue(
        CubReference.gpuArchitecture().isEmpty(),
        "an NVIDIA GPU is present: this test is about machines without one");
    System.setProperty("prims.cub.cache", dir.resolve("cache").toString());
    try {
      CubReference.Located located = CubReference.locate(line -> {});
      assertTrue(located.get().isEmpty());
      assertTrue(located.problem().contains("no NVIDIA GPU"), located.problem());
    } finally {
      System.clearProperty("prims.cub.cache");
    }
  }
}
