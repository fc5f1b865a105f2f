package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.PrimsException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import jcuda.driver.CUresult;
import jcuda.driver.CUstreamCallback;
import org.junit.jupiter.api.Test;

/**
 * The stream callbacks of asynchronous calls, invoked here by a plain thread standing in for the
 * driver's: the answer is read on the calling (driver) thread, the future completes on the
 * backend's completion thread, a stream error or a failing read completes it exceptionally, and
 * close waits for completions already handed over (without waiting for itself when called from
 * one). Needs no GPU.
 */
class CudaCompletionsTest {
  /**
   * The thread that runs the first dependent stage of {@code future}, waited for with a latch (a
   * thread blocked in {@code get} may run dependent stages itself).
   */
  private static CompletableFuture<String> threadOfFirstStage(CompletableFuture<?> future) {
    CompletableFuture<String> name = new CompletableFuture<>();
    CountDownLatch ran = new CountDownLatch(1);
    AtomicReference<String> thread = new AtomicReference<>();
    future.whenComplete(
        (v, e) -> {
          thread.set(Thread.currentThread().getName());
          ran.countDown();
        });
    Thread waiter =
        new Thread(
            () -> {
              try {
                if (ran.await(10, TimeUnit.SECONDS)) {
                  name.complete(thread.get());
                }
              } catch (InterruptedException e) {
                name.completeExceptionally(e);
              }
            });
    waiter.start();
    return name;
  }

  private static void invokeAsDriver(CUstreamCallback callback, int status) throws Exception {
    Thread driver = new Thread(() -> callback.call(null, status, null), "fake-driver-thread");
    driver.start();
    driver.join(10_000);
  }

  @Test
  void theAnswerIsReadOnTheDriverThreadAndTheFutureCompletesOnTheCompletionThread()
      throws Exception {
    CudaCompletions completions = new CudaCompletions();
    AtomicReference<String> readOn = new AtomicReference<>();
    CompletableFuture<Integer> future = new CompletableFuture<>();
    CompletableFuture<String> completedOn = threadOfFirstStage(future);
    CUstreamCallback callback =
        completions.callback(
            future,
            () -> {
              readOn.set(Thread.currentThread().getName());
              return 42;
            });
    invokeAsDriver(callback, CUresult.CUDA_SUCCESS);
    assertEquals("prims-cuda-complete", completedOn.get(10, TimeUnit.SECONDS));
    assertEquals(42, future.get(10, TimeUnit.SECONDS));
    assertEquals("fake-driver-thread", readOn.get());
    completions.close();
  }

  @Test
  void aStreamErrorCompletesTheFutureWithThePrimsExceptionOfASynchronousCall() throws Exception {
    CudaCompletions completions = new CudaCompletions();
    CompletableFuture<Integer> future = new CompletableFuture<>();
    boolean[] read = {false};
    invokeAsDriver(
        completions.callback(
            future,
            () -> {
              read[0] = true;
              return 1;
            }),
        CUresult.CUDA_ERROR_ILLEGAL_ADDRESS);
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    PrimsException failure = assertInstanceOf(PrimsException.class, e.getCause());
    assertEquals("cuda", failure.backend());
    assertTrue(
        failure.getMessage().contains(CUresult.stringFor(CUresult.CUDA_ERROR_ILLEGAL_ADDRESS)),
        failure.getMessage());
    assertTrue(!read[0], "the result slot was read after a stream error");
    completions.close();
  }

  @Test
  void aFailingReadCompletesTheFutureExceptionally() throws Exception {
    CudaCompletions completions = new CudaCompletions();
    CompletableFuture<Integer> future = new CompletableFuture<>();
    IllegalStateException broken = new IllegalStateException("slot unreadable");
    invokeAsDriver(
        completions.callback(
            future,
            () -> {
              throw broken;
            }),
        CUresult.CUDA_SUCCESS);
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    assertSame(broken, e.getCause());
    completions.close();
  }

  @Test
  void completionsRunInTheOrderTheStreamReachedThem() throws Exception {
    CudaCompletions completions = new CudaCompletions();
    List<Integer> order = java.util.Collections.synchronizedList(new ArrayList<>());
    List<CompletableFuture<Integer>> futures = new ArrayList<>();
    List<CUstreamCallback> callbacks = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      CompletableFuture<Integer> f = new CompletableFuture<>();
      int value = i;
      futures.add(f.thenApply(v -> order.add(v) ? v : -1));
      callbacks.add(completions.callback(f, () -> value));
    }
    Thread driver =
        new Thread(
            () -> callbacks.forEach(c -> c.call(null, CUresult.CUDA_SUCCESS, null)),
            "fake-driver-thread");
    driver.start();
    driver.join(10_000);
    CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
    for (int i = 0; i < 500; i++) {
      assertEquals(i, order.get(i));
    }
    completions.close();
  }

  @Test
  void closeWaitsForHandedOverCompletionsAndRefusesNewCallbacks() throws Exception {
    CudaCompletions completions = new CudaCompletions();
    CountDownLatch slowStage = new CountDownLatch(1);
    CompletableFuture<Integer> first = new CompletableFuture<>();
    CompletableFuture<Integer> afterSlow =
        first.thenApply(
            v -> {
              try {
                slowStage.await(200, TimeUnit.MILLISECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              return v + 1;
            });
    CompletableFuture<Integer> second = new CompletableFuture<>();
    CUstreamCallback a = completions.callback(first, () -> 1);
    CUstreamCallback b = completions.callback(second, () -> 2);
    invokeAsDriver(a, CUresult.CUDA_SUCCESS);
    invokeAsDriver(b, CUresult.CUDA_SUCCESS);
    completions.close();
    assertTrue(afterSlow.isDone() && second.isDone(), "close returned before completions ran");
    assertEquals(2, afterSlow.get());
    assertEquals(2, second.get());
    assertThrows(
        IllegalStateException.class,
        () -> completions.callback(new CompletableFuture<Integer>(), () -> 3));
  }

  @Test
  void closingFromACompletionDoesNotWaitForItself() throws Exception {
    CudaCompletions completions = new CudaCompletions();
    CompletableFuture<Integer> future = new CompletableFuture<>();
    CompletableFuture<Boolean> closed =
        future.thenApply(
            v -> {
              completions.close();
              return true;
            });
    invokeAsDriver(completions.callback(future, () -> 1), CUresult.CUDA_SUCCESS);
    assertTrue(closed.get(10, TimeUnit.SECONDS));
  }

  @Test
  void aCallbackAfterCloseStillCompletesItsFutureOffTheDriverThread() throws Exception {
    CudaCompletions completions = new CudaCompletions();
    CompletableFuture<Integer> future = new CompletableFuture<>();
    CompletableFuture<String> completedOn = threadOfFirstStage(future);
    CUstreamCallback late = completions.callback(future, () -> 5);
    completions.close();
    invokeAsDriver(late, CUresult.CUDA_SUCCESS);
    assertEquals("prims-cuda-complete-late", completedOn.get(10, TimeUnit.SECONDS));
    assertEquals(5, future.get(10, TimeUnit.SECONDS));
  }
}
