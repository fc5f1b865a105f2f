package dev.prims;

import static dev.prims.AsyncAssertions.assertEachCallerGetsItsOwnAnswers;
import static dev.prims.AsyncAssertions.assertFailsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AsyncTest {
  @Test
  void reduceAsyncCompletesWithTheResultOnAPoolThread() throws Exception {
    try (Prims prims = new FakeProvider("alpha", 1, Mode.WORKS).open()) {
      CompletableFuture<Scalar> f = prims.reduceAsync(new int[] {1, 2, 3}, ReduceOp.SUM);
      Scalar s = f.get(10, TimeUnit.SECONDS);
      assertEquals(6, s.asInt());
      assertEquals("alpha", s.provenance().backend());
      String thread = f.thenApply(x -> Thread.currentThread().getName()).get();
      assertTrue(thread.startsWith("prims-async-") || thread.equals("main"), thread);
    }
  }

  @Test
  void failuresCompleteTheFutureExceptionally() {
    try (Prims prims = new FakeProvider("alpha", 1, Mode.FAILS_ON_CALL).open()) {
      assertFailsWith(
          PrimsException.class, "launch failed", prims.reduceAsync(new int[] {1}, ReduceOp.SUM));
    }
  }

  @Test
  void badInputFailsTheFutureWithTheSynchronousMessage() {
    try (Prims prims = new FakeProvider("alpha", 1, Mode.WORKS).open()) {
      assertFailsWith(
          IllegalArgumentException.class,
          "2 and 1",
          prims.dotAsync(new int[] {1, 2}, new int[] {1}));
    }
  }

  @Test
  void manyThreadsSubmittingAtOnceAllGetTheirOwnAnswer() throws Exception {
    FakeProvider alpha = new FakeProvider("alpha", 1, Mode.WORKS);
    try (Prims prims = alpha.open()) {
      assertEachCallerGetsItsOwnAnswers(
          8,
          50,
          (t, i) -> prims.reduceAsync(new int[] {t * 1000, i}, ReduceOp.SUM),
          (t, i) -> t * 1000 + i);
    }
    assertEquals(1, alpha.opened.get());
    assertEquals(1, alpha.closed.get());
  }

  @Test
  void closeWaitsForSubmittedCallsAndThenRefusesNewOnes() throws Exception {
    Prims prims = new FakeProvider("alpha", 1, Mode.WORKS).open();
    List<CompletableFuture<Scalar>> pending = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      pending.add(prims.reduceAsync(new int[] {i, 1}, ReduceOp.SUM));
    }
    prims.close();
    for (int i = 0; i < 20; i++) {
      assertEquals(i + 1, pending.get(i).get(10, TimeUnit.SECONDS).asInt());
    }
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> prims.reduceAsync(new int[] {1}, ReduceOp.SUM));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void viewsShareTheEnginesPool() throws Exception {
    try (Prims prims = new FakeProvider("alpha", 1, Mode.WORKS).open()) {
      Prims view = prims.variant(Primitive.REDUCE, "other");
      view.close();
      Scalar s = view.reduceAsync(new int[] {4, 5}, ReduceOp.SUM).get(10, TimeUnit.SECONDS);
      assertEquals(9, s.asInt());
      assertEquals("other", s.provenance().variant());
    }
  }
}
