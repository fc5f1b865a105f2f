package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.testing.Concurrently;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.IntBinaryOperator;

/** Assertions of the tests of asynchronous calls: failed futures, and many threads' calls. */
final class AsyncAssertions {
  private AsyncAssertions() {}

  /**
   * Asserts that {@code future} fails within 10 seconds with a {@code type} whose message contains
   * {@code message}.
   */
  static void assertFailsWith(
      Class<? extends Throwable> type, String message, CompletableFuture<?> future) {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    assertInstanceOf(type, e.getCause());
    assertTrue(e.getCause().getMessage().contains(message), e.getCause().getMessage());
  }

  /** The asynchronous call number {@code i} of the caller thread {@code t}. */
  @FunctionalInterface
  interface Call {
    CompletableFuture<Scalar> submit(int t, int i);
  }

  /**
   * Makes {@code calls} calls from each of {@code threads} threads released at once, then asserts
   * that call {@code i} of thread {@code t} answers the int {@code expected(t, i)}.
   */
  static void assertEachCallerGetsItsOwnAnswers(
      int threads, int calls, Call call, IntBinaryOperator expected) throws Exception {
    List<List<CompletableFuture<Scalar>>> submitted =
        Concurrently.run(
            threads,
            30,
            t -> {
              List<CompletableFuture<Scalar>> mine = new ArrayList<>();
              for (int i = 0; i < calls; i++) {
                mine.add(call.submit(t, i));
              }
              return mine;
            });
    for (int t = 0; t < threads; t++) {
      for (int i = 0; i < calls; i++) {
        assertEquals(
            expected.applyAsInt(t, i), submitted.get(t).get(i).get(30, TimeUnit.SECONDS).asInt());
      }
    }
  }
}
