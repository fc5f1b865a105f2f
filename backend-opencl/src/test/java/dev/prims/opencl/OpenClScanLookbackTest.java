package dev.prims.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.Predicate;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import dev.prims.SelectResult;
import dev.prims.spi.Availability;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The per-device choice of the decoupled look-back: which devices run it, that it is the default
 * scan there and shows in the provenance and the device details, and that elsewhere (or turned off)
 * the scan runs reduce-then-scan and says so.
 */
class OpenClScanLookbackTest {
  private static final String POCL = "Portable Computing Language";

  private static OpenClDevice device() {
    Availability a = new OpenClBackendProvider().probe(key -> Optional.empty());
    if (!a.available()) {
      Assumptions.abort("opencl not available: " + a.reason());
    }
    return OpenClDiscovery.choose(OpenClDiscovery.devices(), key -> Optional.empty());
  }

  private static int[] data(int n) {
    return new SplittableRandom(11).ints(n, -1000, 1000).toArray();
  }

  private static int[] inclusiveSums(int[] values) {
    int[] sums = new int[values.length];
    int running = 0;
    for (int i = 0; i < values.length; i++) {
      running += values[i];
      sums[i] = running;
    }
    return sums;
  }

  @Test
  void nvidiaUsesItsPtxAndOpenCl2DevicesTheirFences() {
    OpenClLookback nvidia =
        OpenClLookback.check(null, "NVIDIA CUDA", true, false, "OpenCL 3.0 CUDA");
    assertEquals(OpenClLookback.Mode.NVIDIA_PTX, nvidia.mode());
    assertTrue(nvidia.buildOptions("OpenCL 3.0 CUDA").contains("-DLOOKBACK_PTX"));
    OpenClLookback cl2 = OpenClLookback.check(null, "Vendor", true, false, "OpenCL 2.1 Vendor");
    assertEquals(OpenClLookback.Mode.OPENCL_ATOMICS, cl2.mode());
    assertTrue(cl2.buildOptions("OpenCL 2.1 Vendor").contains("-cl-std=CL2.0"));
    OpenClLookback cl12 = OpenClLookback.check(null, "Vendor", true, false, "OpenCL 1.2 Vendor");
    assertFalse(cl12.supported(), cl12.reason());
    assertEquals("", cl12.buildOptions("OpenCL 1.2 Vendor"));
    OpenClLookback accelerator = OpenClLookback.check(null, "Vendor", false, false, "OpenCL 2.0");
    assertFalse(accelerator.supported(), accelerator.reason());
    assertEquals(0, OpenClLookback.majorVersion("garbled"));
  }

  @Test
  void nvidiaStatesTakeALineEachAndMatchLookbackCl() throws java.io.IOException {
    OpenClLookback nvidia =
        OpenClLookback.check(null, "NVIDIA CUDA", true, false, "OpenCL 3.0 CUDA");
    assertEquals(11 * OpenClLookback.STATE_BYTES, nvidia.stateBytes(10, 4));
    OpenClLookback cl2 = OpenClLookback.check(null, "Vendor", true, false, "OpenCL 2.1 Vendor");
    assertEquals(11 * 4, cl2.stateBytes(10, 4));
    try (java.io.InputStream in =
        OpenClLookback.class.getResourceAsStream("/dev/prims/opencl/lookback.cl")) {
      String source = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      assertTrue(
          source.contains("#define LOOKBACK_STATE_BYTES " + OpenClLookback.STATE_BYTES + "\n"),
          "lookback.cl's LOOKBACK_STATE_BYTES is OpenClLookback.STATE_BYTES");
    }
  }

  @Test
  void poclRunsTheLookbackAsTheDefaultScan() {
    OpenClDevice device = device();
    assertTrue(device.info().details().containsKey("scanLookback"), device.info().toString());
    if (device.platformName().contains(POCL) && !device.gpu()) {
      assertEquals(
          OpenClLookback.Mode.OPENCL_ATOMICS,
          device.lookback().mode(),
          "PoCL's CPU device has OpenCL C 3.0 fences of device scope: " + device.lookback());
    }
    Assumptions.assumeTrue(device.lookback().supported(), device.lookback().reason());
    int[] values = data(1_000_003);
    try (Prims prims =
        Prims.create(PrimsConfig.builder().backend("opencl").fallback(false).build())) {
      assertEquals("decoupled-lookback", prims.primaryBackend().variants(Primitive.SCAN).get(0));
      ScanResult<int[]> result = prims.scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE);
      assertEquals("decoupled-lookback", result.provenance().variant());
      assertArrayEquals(inclusiveSums(values), result.values());
      ScanResult<int[]> chosen =
          prims
              .variant(Primitive.SCAN, "reduce-then-scan")
              .scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE);
      assertEquals("reduce-then-scan", chosen.provenance().variant());
      assertArrayEquals(result.values(), chosen.values());
    }
  }

  @Test
  void turnedOffTheScanRunsReduceThenScanAndSaysSo() {
    device();
    int[] values = data(300_007);
    try (Prims prims =
        Prims.create(
            PrimsConfig.builder()
                .backend("opencl")
                .fallback(false)
                .set(OpenClScanPolicy.LOOKBACK_KEY, "false")
                .build())) {
      List<String> variants = prims.primaryBackend().variants(Primitive.SCAN);
      assertEquals("reduce-then-scan", variants.get(0));
      assertTrue(variants.contains("decoupled-lookback"), variants.toString());
      assertEquals(
          "reduce-then-scan",
          prims.scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE).provenance().variant());
      ScanResult<int[]> asked =
          prims
              .variant(Primitive.SCAN, "decoupled-lookback")
              .scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE);
      assertEquals("reduce-then-scan", asked.provenance().variant());
      assertArrayEquals(inclusiveSums(values), asked.values());
      // The reduce takes its two-launch path here.
      int[] sums = inclusiveSums(values);
      assertEquals(sums[sums.length - 1], prims.reduce(values, ReduceOp.SUM).asInt());
      // and a select its three launches (tile counts, offsets, scatter)
      int[] expected = java.util.Arrays.stream(values).filter(x -> x > 500).toArray();
      SelectResult<int[]> selected = prims.select(values, Predicate.greaterThan(500));
      assertEquals(expected.length, selected.kept());
      assertArrayEquals(expected, java.util.Arrays.copyOf(selected.values(), selected.kept()));
    }
  }

  @Test
  void aBadLookbackSettingIsRefusedByName() {
    device();
    OpenClLookbackPrims.assertRefusedByName(
        OpenClScanPolicy.LOOKBACK_KEY,
        "sometimes",
        prims -> prims.scan(new int[] {1, 2}, ReduceOp.SUM, ScanKind.INCLUSIVE));
  }
}
