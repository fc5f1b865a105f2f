package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import dev.prims.engine.CostModel;
import dev.prims.engine.CostModel.Rates;
import dev.prims.engine.CostModelCache;
import dev.prims.engine.TestCurves;
import dev.prims.spi.DeviceInfo;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineSelectionTest {
  private static final int[] DATA = {1, 2, 3, Integer.MAX_VALUE};
  private static final int SUM = 1 + 2 + 3 + Integer.MAX_VALUE;

  @TempDir Path dir;

  private static Prims create(String backend, boolean fallback, FakeProvider... providers) {
    return Prims.create(
        PrimsConfig.builder().backend(backend).fallback(fallback).build(), List.of(providers));
  }

  @Test
  void unknownBackendListsKnownIds() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> create("gamma", true, a, b));
    assertTrue(e.getMessage().contains("gamma"), e.getMessage());
    assertTrue(e.getMessage().contains("alpha, beta"), e.getMessage());
  }

  @Test
  void backendsAreOpenedLazilyAndOnce() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    try (Prims prims = create("alpha,beta", true, a, b)) {
      assertEquals(0, a.opened.get());
      prims.reduce(DATA, ReduceOp.SUM);
      prims.reduce(DATA, ReduceOp.SUM);
      assertEquals(1, a.opened.get());
      assertEquals(0, b.opened.get());
    }
    assertEquals(1, a.closed.get());
  }

  @Test
  void fallsBackToNextBackendWhenUnavailableAndSaysWhy() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.UNAVAILABLE);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    try (Prims prims = create("alpha,beta", true, a, b)) {
      Scalar s = prims.reduce(DATA, ReduceOp.SUM);
      assertEquals(SUM, s.asInt());
      assertEquals("beta", s.provenance().backend());
      assertTrue(s.provenance().note().contains("no fake device"), s.provenance().note());
    }
  }

  @Test
  void fallsBackWhenACallFails() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.FAILS_ON_CALL);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    try (Prims prims = create("alpha,beta", true, a, b)) {
      Scalar s = prims.reduce(DATA, ReduceOp.SUM);
      assertEquals("beta", s.provenance().backend());
      assertTrue(s.provenance().note().contains("launch failed"), s.provenance().note());
    }
  }

  @Test
  void unexpectedRuntimeFailureBecomesPrimsExceptionNamingTheBackend() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.THROWS_RUNTIME);
    try (Prims prims = create("alpha", true, a)) {
      PrimsException e = assertThrows(PrimsException.class, () -> prims.reduce(DATA, ReduceOp.SUM));
      assertEquals("alpha", e.backend());
      assertTrue(e.getMessage().contains("driver exploded"), e.getMessage());
    }
  }

  @Test
  void withoutFallbackTheFirstFailureIsThrown() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.FAILS_ON_CALL);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    try (Prims prims = create("alpha,beta", false, a, b)) {
      PrimsException e = assertThrows(PrimsException.class, () -> prims.reduce(DATA, ReduceOp.SUM));
      assertTrue(e.getMessage().contains("launch failed"), e.getMessage());
      assertEquals(0, b.opened.get());
    }
  }

  @Test
  void noUsableBackendGivesEveryReason() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.UNAVAILABLE);
    FakeProvider b = new FakeProvider("beta", 2, Mode.UNAVAILABLE);
    try (Prims prims = create("alpha,beta", true, a, b)) {
      BackendUnavailableException e =
          assertThrows(BackendUnavailableException.class, () -> prims.reduce(DATA, ReduceOp.SUM));
      assertTrue(e.getMessage().contains("alpha: no fake device"), e.getMessage());
      assertTrue(e.getMessage().contains("beta: no fake device"), e.getMessage());
    }
  }

  /** An engine with {@code auto} over {@code providers}, whose cost model reads {@code cache}. */
  private static Prims auto(Path cache, FakeProvider... providers) {
    return Prims.create(
        PrimsConfig.builder().backend("auto").set(CostModel.CACHE_KEY, cache.toString()).build(),
        List.of(providers));
  }

  /** A cache file holding these rates of {@code providers} (in that order), current stamps. */
  private Path cache(double[][] rates, FakeProvider... providers) {
    Map<String, CostModelCache.Entry> entries = new LinkedHashMap<>();
    for (int i = 0; i < providers.length; i++) {
      DeviceInfo device = providers[i].device();
      // host-to-device GB/s, device GB/s, launch us: one line of the launch and both rates
      double gbps = 1 / (1 / rates[i][0] + 1 / rates[i][1]);
      Rates r = TestCurves.everywhere(providers[i].id(), device.name(), rates[i][2], gbps);
      entries.put(CostModelCache.key(r), CostModelCache.stamped(r, device));
    }
    Path file = dir.resolve("costmodel.json");
    new CostModelCache(file).save(entries);
    return file;
  }

  @Test
  void autoTriesHighestPriorityFirstWhenEstimatesTie() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    double[] same = {10, 100, 5};
    try (Prims prims = auto(cache(new double[][] {same, same}, a, b), a, b)) {
      Scalar s = prims.reduce(DATA, ReduceOp.SUM);
      assertEquals(SUM, s.asInt());
      assertEquals("beta", s.provenance().backend());
      assertTrue(s.provenance().note().startsWith("auto: beta, est "), s.provenance().note());
    }
  }

  @Test
  void autoPrefersAFasterBackendOfLowerPriority() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    double[] fast = {100, 1000, 1};
    double[] slow = {1, 10, 100};
    try (Prims prims = auto(cache(new double[][] {fast, slow}, a, b), a, b)) {
      assertEquals("alpha", prims.reduce(DATA, ReduceOp.SUM).provenance().backend());
    }
  }

  @Test
  void explicitBackendViewDoesNotFallBack() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    FakeProvider b = new FakeProvider("beta", 2, Mode.UNAVAILABLE);
    try (Prims prims = create("alpha,beta", true, a, b)) {
      assertThrows(
          BackendUnavailableException.class,
          () -> prims.backend("beta").reduce(DATA, ReduceOp.SUM));
      assertEquals("alpha", prims.reduce(DATA, ReduceOp.SUM).provenance().backend());
    }
  }

  @Test
  void variantsAreCheckedAndRecorded() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    try (Prims prims = create("alpha", false, a)) {
      assertEquals("plain", prims.reduce(DATA, ReduceOp.SUM).provenance().variant());
      assertEquals(
          "other",
          prims
              .variant(Primitive.REDUCE, "other")
              .reduce(DATA, ReduceOp.SUM)
              .provenance()
              .variant());
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> prims.variant(Primitive.REDUCE, "nope").reduce(DATA, ReduceOp.SUM));
      assertTrue(e.getMessage().contains("plain, other"), e.getMessage());
    }
  }

  @Test
  void badInputIsRejectedBeforeAnyBackend() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    try (Prims prims = create("alpha", false, a)) {
      assertThrows(IllegalArgumentException.class, () -> prims.reduce((int[]) null, ReduceOp.SUM));
      assertThrows(IllegalArgumentException.class, () -> prims.reduce(new int[0], ReduceOp.MIN));
      assertThrows(IllegalArgumentException.class, () -> prims.reduce(new float[1], ReduceOp.XOR));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> prims.dot(new int[3], new int[4]));
      assertTrue(e.getMessage().contains("3") && e.getMessage().contains("4"), e.getMessage());
      assertEquals(0, a.opened.get());
    }
  }

  @Test
  void closedEngineRefusesCalls() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    Prims prims = create("alpha", false, a);
    prims.close();
    assertThrows(IllegalStateException.class, () -> prims.reduce(DATA, ReduceOp.SUM));
  }
}
