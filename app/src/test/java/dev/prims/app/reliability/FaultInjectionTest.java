package dev.prims.app.reliability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.BackendUnavailableException;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.cpu.CpuBackendProvider;
import dev.prims.opencl.OpenClBackendProvider;
import dev.prims.spi.Availability;
import dev.prims.spi.BackendProvider;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Faults injected on purpose with {@link FaultyProvider}: each gives a clear exception naming the
 * backend, or with {@code prims.fallback=true} the next backend's correct answer with the reason in
 * the provenance note; afterwards the engine still works. Real device faults are checked where the
 * device is: an OpenCL build failure carries its build log ({@code
 * OpenClBackendTest.aBuildFailureCarriesTheBuildLog}); an impossible allocation is a clear
 * exception and leaves the engine usable on every backend ({@code
 * EngineConformance.impossibleAllocationIsAClearExceptionAndTheEngineStaysUsable}).
 */
class FaultInjectionTest {
  private static final int[] INTS = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  private static final double[] DOUBLES = {0.5, 0.25, 0.125, 1, 2};

  private static Prims engine(Fault fault, boolean fallback, BackendProvider next) {
    List<BackendProvider> providers =
        List.of(new FaultyProvider("faulty", new CpuBackendProvider(), fault), next);
    PrimsConfig config =
        PrimsConfig.empty()
            .with(PrimsConfig.BACKEND, fallback ? "faulty," + next.id() : "faulty")
            .with(PrimsConfig.FALLBACK, Boolean.toString(fallback));
    return Prims.create(config, providers);
  }

  /** OpenCL (PoCL here, the GPU on GPU hosts) when it is available, else the cpu backend. */
  private static BackendProvider nextBackend() {
    OpenClBackendProvider opencl = new OpenClBackendProvider();
    PrimsConfig config = PrimsConfig.empty().with(PrimsConfig.BACKEND, "opencl");
    try (Prims probe = Prims.create(config, List.of(opencl))) {
      return probe.backends().get("opencl").available() ? opencl : new CpuBackendProvider();
    }
  }

  @Test
  void aMissingNativeLibraryMakesOnlyThatBackendUnavailableWithTheReason() {
    try (Prims prims = engine(Fault.MISSING_NATIVE, false, new CpuBackendProvider())) {
      Map<String, Availability> backends = prims.backends();
      Availability faulty = backends.get("faulty");
      assertFalse(faulty.available());
      assertTrue(faulty.hardwareAbsent(), "a missing library is 'absent', so tests skip");
      assertTrue(faulty.reason().contains(FaultyProvider.MISSING_LIBRARY), faulty.reason());
      assertTrue(backends.get("cpu").available(), "other backends stay available");
      BackendUnavailableException e =
          assertThrows(BackendUnavailableException.class, () -> prims.reduce(INTS, ReduceOp.SUM));
      assertTrue(e.getMessage().contains("faulty"), e.getMessage());
      assertTrue(e.getMessage().contains(FaultyProvider.MISSING_LIBRARY), e.getMessage());
      assertEquals(55, prims.backend("cpu").reduce(INTS, ReduceOp.SUM).asInt(), "still usable");
    }
  }

  @Test
  void withFallbackAMissingNativeLibraryHandsOverToTheNextBackendAndSaysWhy() {
    try (Prims prims = engine(Fault.MISSING_NATIVE, true, nextBackend())) {
      Scalar sum = prims.reduce(INTS, ReduceOp.SUM);
      assertEquals(55, sum.asInt());
      assertFalse(sum.provenance().backend().equals("faulty"), sum.provenance().toString());
      assertTrue(sum.provenance().note().contains("fell back from"), sum.provenance().toString());
      assertTrue(
          sum.provenance().note().contains(FaultyProvider.MISSING_LIBRARY),
          sum.provenance().toString());
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Fault.class,
      names = {"BUILD_FAILURE", "LAUNCH_FAILURE", "OUT_OF_MEMORY", "LINKAGE_ERROR"})
  void aFailingCallIsAClearExceptionNamingTheBackendAndTheEngineStaysUsable(Fault fault) {
    try (Prims prims = engine(fault, false, new CpuBackendProvider())) {
      for (int round = 0; round < 3; round++) {
        PrimsException e =
            assertThrows(PrimsException.class, () -> prims.reduce(INTS, ReduceOp.SUM), fault + "");
        assertEquals("faulty", e.backend());
        assertTrue(e.getMessage().startsWith("faulty: "), e.getMessage());
        assertThrows(
            PrimsException.class,
            () -> prims.scan(DOUBLES, ReduceOp.SUM, ScanKind.INCLUSIVE),
            fault + " scan");
        assertThrows(
            PrimsException.class,
            () -> prims.histogram(DOUBLES, HistogramSpec.even(4, 0, 2)),
            fault + " histogram");
        assertThrows(PrimsException.class, () -> prims.dot(DOUBLES, DOUBLES), fault + " dot");
      }
      assertEquals(55, prims.backend("cpu").reduce(INTS, ReduceOp.SUM).asInt(), "still usable");
    }
  }

  @ParameterizedTest
  @EnumSource(
      value = Fault.class,
      names = {"BUILD_FAILURE", "LAUNCH_FAILURE", "OUT_OF_MEMORY", "LINKAGE_ERROR"})
  void withFallbackAFailingCallIsAnsweredByTheNextBackendWithTheReason(Fault fault) {
    try (Prims prims = engine(fault, true, nextBackend())) {
      for (int round = 0; round < 3; round++) {
        Scalar sum = prims.reduce(INTS, ReduceOp.SUM);
        assertEquals(55, sum.asInt(), fault + "");
        String note = sum.provenance().note();
        assertTrue(note.contains("fell back from faulty: "), note);
        assertArrayEquals(
            new double[] {0.5, 0.75, 0.875, 1.875, 3.875},
            prims.scan(DOUBLES, ReduceOp.SUM, ScanKind.INCLUSIVE).values());
        assertArrayEquals(
            new long[] {2, 1, 1, 0},
            prims.histogram(DOUBLES, HistogramSpec.even(4, 0, 2)).counts(),
            "bins [0,0.5) [0.5,1) [1,1.5) [1.5,2); 2.0 is out of range");
        assertEquals(5.328125, prims.dot(DOUBLES, DOUBLES).asDouble());
      }
    }
  }

  @Test
  void theStressCommandCatchesASilentlyWrongBackend() {
    StressRunner.Outcome r =
        StressRunner.run(
            () ->
                Prims.create(
                    PrimsConfig.empty(),
                    List.of(
                        new FaultyProvider("faulty", new CpuBackendProvider(), Fault.WRONG_ANSWER),
                        new CpuBackendProvider())),
            "--threads",
            "4",
            "--seconds",
            "1",
            "--max-size",
            "256",
            "--backends",
            "faulty,cpu");
    assertEquals(1, r.exitCode(), r.toString());
    assertTrue(r.out().contains("WRONG reduce"), r.toString());
    assertTrue(r.out().contains("FAIL"), r.toString());
  }
}
