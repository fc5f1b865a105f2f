package dev.prims.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.EvenBins;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Availability;
import dev.prims.spi.BackendContext;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * OpenCL-specific behaviour the conformance suite does not reach: device choice, build failures,
 * and the alternative code paths (compile-time operators, no 64-bit atomics) on whatever device is
 * here.
 */
class OpenClBackendTest {
  private static BackendContext context(Map<String, String> values) {
    return key -> Optional.ofNullable(values.get(key));
  }

  private static Availability probe(Map<String, String> values) {
    Availability a = new OpenClBackendProvider().probe(context(values));
    if (!a.available() && a.hardwareAbsent() && values.isEmpty()) {
      Assumptions.abort("opencl not available: " + a.reason());
    }
    return a;
  }

  @Test
  void probeListsDevicesWithTheirFacts() {
    Availability a = probe(Map.of());
    assertTrue(a.available(), a.reason());
    assertFalse(a.devices().isEmpty());
    for (String key : new String[] {"platform", "openclVersion", "fp64", "int64Atomics"}) {
      assertTrue(a.devices().get(0).details().containsKey(key), key + " in " + a.devices());
    }
    assertTrue(a.versions().containsKey("selected"));
  }

  @Test
  void unknownDeviceOrPlatformIsAbsentWithTheChoices() {
    probe(Map.of());
    Availability device = probe(Map.of("prims.device", "no-such-device-xyz"));
    assertFalse(device.available());
    assertTrue(device.reason().contains("no-such-device-xyz"), device.reason());
    assertTrue(device.reason().contains("devices:"), device.reason());
    Availability platform = probe(Map.of(OpenClDiscovery.PLATFORM_KEY, "no-such-platform-xyz"));
    assertFalse(platform.available());
    assertTrue(platform.reason().contains("platforms:"), platform.reason());
  }

  @Test
  void deviceIndexAndNameSubstringChooseTheSameDevice() {
    Availability a = probe(Map.of());
    String name = a.devices().get(0).name();
    var all = OpenClDiscovery.devices();
    assertEquals(all.get(0), OpenClDiscovery.choose(all, context(Map.of("prims.device", "0"))));
    assertEquals(
        name,
        OpenClDiscovery.choose(all, context(Map.of("prims.device", name.substring(0, 3)))).name());
  }

  @Test
  void aBuildFailureCarriesTheBuildLog() {
    probe(Map.of());
    try (OpenClBackend backend =
        (OpenClBackend) new OpenClBackendProvider().create(context(Map.of()))) {
      PrimsException e =
          assertThrows(
              PrimsException.class,
              () ->
                  backend.locked(
                      "build",
                      () ->
                          backend
                              .programs()
                              .build(
                                  "broken.cl",
                                  "__kernel void broken(__global int* p) { p[0] = undeclared_x; }",
                                  "")));
      assertTrue(e.getMessage().contains("broken.cl"), e.getMessage());
      assertTrue(e.getMessage().contains("build log"), e.getMessage());
      assertTrue(e.getMessage().contains("undeclared_x"), e.getMessage());
    }
  }

  @Test
  void compileTimeOperatorsAndNarrowAtomicsAgreeWithTheDefaults() {
    probe(Map.of());
    SplittableRandom random = new SplittableRandom(7);
    int n = 70_001;
    int[] ints = random.ints(n, -1000, 1000).toArray();
    float[] floats = new float[n];
    for (int i = 0; i < n; i++) {
      floats[i] = (float) random.nextDouble(-2, 2);
    }
    HistogramSpec even = HistogramSpec.even(100, -1.5, 1.5);
    EvenBins bins = EvenBins.of(even, dev.prims.DType.FLOAT);
    long[] expected = new long[100];
    long outside = 0;
    for (float f : floats) {
      int b = bins.binOf(f);
      if (b < 0) {
        outside++;
      } else {
        expected[b]++;
      }
    }
    int max = Integer.MIN_VALUE;
    long sum = 0;
    for (int v : ints) {
      max = Math.max(max, v);
      sum += v;
    }
    for (String runtime : new String[] {"true", "false"}) {
      PrimsConfig config =
          PrimsConfig.builder()
              .backend("opencl")
              .fallback(false)
              .set(OpenClBackend.RUNTIME_OP_KEY, runtime)
              .set("prims.opencl.int64Atomics", "false")
              .build();
      try (Prims prims = Prims.create(config)) {
        assertEquals(max, prims.reduce(ints, ReduceOp.MAX).asInt(), "max, runtime=" + runtime);
        assertEquals((int) sum, prims.reduce(ints, ReduceOp.SUM).asInt(), "sum");
        int[] scanned = prims.scan(ints, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
        assertEquals((int) sum, scanned[n - 1], "scan total, runtime=" + runtime);
        for (String variant : prims.primaryBackend().variants(Primitive.HISTOGRAM)) {
          HistogramResult h = prims.variant(Primitive.HISTOGRAM, variant).histogram(floats, even);
          assertArrayEquals(expected, h.counts(), variant + " without 64-bit atomics");
          assertEquals(outside, h.outOfRange(), variant + " out of range");
        }
      }
    }
  }
}
