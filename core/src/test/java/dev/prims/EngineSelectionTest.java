package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngineSelectionTest {
  private static final int[] DATA = {1, 2, 3, Integer.MAX_VALUE};
  private static final int SUM = 1 + 2 + 3 + Integer.MAX_VALUE;

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

  @Test
  void autoTriesHighestPriorityFirst() {
    FakeProvider a = new FakeProvider("alpha", 1, Mode.WORKS);
    FakeProvider b = new FakeProvider("beta", 2, Mode.WORKS);
    try (Prims prims = create("auto", true, a, b)) {
      assertEquals("beta", prims.reduce(DATA, ReduceOp.SUM).provenance().backend());
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
