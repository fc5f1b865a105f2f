package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.PrimsException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The completion of asynchronous calls, with plain latches standing in for the stream's events: the
 * answer is read on the waiting thread after its event, the future completes on the completing
 * thread in submission order, a stream error or a failing read completes it exceptionally (the slot
 * still comes back), a blocked dependent stage does not stop later calls from giving their slots
 * back, and close waits for submitted calls and their stages (without waiting for itself when
 * called from one). Needs no GPU.
 */
class QueueCompletionsTest {
  private static final Runnable NOTHING = () -> {};
  private static final String ID = "test";

  /** A driver's exception, as CUDA's or OpenCL's binding would throw it. */
  private static final class DriverException extends RuntimeException {
    DriverException(String message) {
      super(message);
    }
  }

  /** Turns driver exceptions into the PrimsException a synchronous call throws. */
  private static final UnaryOperator<RuntimeException> TRANSLATE =
      e -> e instanceof DriverException ? new PrimsException(ID, e.getMessage(), e) : e;

  private static QueueCompletions completions(Runnable setup) {
    return new QueueCompletions(ID, setup, TRANSLATE);
  }

  /** The thread that runs {@code future}'s first dependent stage, attached before completion. */
  private static CompletableFuture<String> threadOfFirstStage(CompletableFuture<?> future) {
    CompletableFuture<String> name = new CompletableFuture<>();
    future.whenComplete((v, e) -> name.complete(Thread.currentThread().getName()));
    return name;
  }

  @Test
  void theAnswerIsReadAfterTheEventOnTheWaitingThreadAndCompletesOnTheCompletingThread()
      throws Exception {
    AtomicReference<String> setupOn = new AtomicReference<>();
    QueueCompletions completions = completions(() -> setupOn.set(Thread.currentThread().getName()));
    CountDownLatch event = new CountDownLatch(1);
    AtomicReference<String> readOn = new AtomicReference<>();
    AtomicInteger released = new AtomicInteger();
    CompletableFuture<Integer> future =
        completions.submit(
            () -> await(event),
            () -> {
              readOn.set(Thread.currentThread().getName());
              return 42;
            },
            released::incrementAndGet);
    CompletableFuture<String> completedOn = threadOfFirstStage(future);
    Thread.sleep(50);
    assertTrue(!future.isDone() && readOn.get() == null, "completed before its event");
    event.countDown();
    // The stage's thread is read before anything waits on the future itself: a thread blocked in
    // future.get() may help run pending dependents once it wakes, so asking first would race.
    assertEquals(QueueCompletions.completeThread(ID), completedOn.get(10, TimeUnit.SECONDS));
    assertEquals(42, future.get(10, TimeUnit.SECONDS));
    assertEquals(QueueCompletions.waitThread(ID), readOn.get());
    assertEquals(QueueCompletions.waitThread(ID), setupOn.get());
    assertEquals(1, released.get());
    completions.close();
  }

  private static void await(CountDownLatch event) {
    try {
      if (!event.await(10, TimeUnit.SECONDS)) {
        throw new DriverException("the test's event never came");
      }
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aStreamErrorCompletesTheFutureWithThePrimsExceptionOfASynchronousCall() throws Exception {
    QueueCompletions completions = completions(NOTHING);
    boolean[] read = {false};
    AtomicInteger released = new AtomicInteger();
    CompletableFuture<Integer> future =
        completions.submit(
            () -> {
              throw new DriverException("CUDA_ERROR_ILLEGAL_ADDRESS");
            },
            () -> {
              read[0] = true;
              return 1;
            },
            released::incrementAndGet);
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    PrimsException failure = assertInstanceOf(PrimsException.class, e.getCause());
    assertEquals(ID, failure.backend());
    assertTrue(failure.getMessage().contains("CUDA_ERROR_ILLEGAL_ADDRESS"), failure.getMessage());
    assertTrue(!read[0], "the result slot was read after a stream error");
    assertEquals(1, released.get(), "the slot did not come back");
    completions.close();
  }

  @Test
  void aFailingReadCompletesTheFutureExceptionallyAsThrown() throws Exception {
    QueueCompletions completions = completions(NOTHING);
    IllegalStateException broken = new IllegalStateException("slot unreadable");
    AtomicInteger released = new AtomicInteger();
    CompletableFuture<Integer> future =
        completions.submit(
            NOTHING,
            () -> {
              throw broken;
            },
            released::incrementAndGet);
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> future.get(10, TimeUnit.SECONDS));
    assertSame(broken, e.getCause());
    assertEquals(1, released.get());
    completions.close();
  }

  @Test
  void futuresCompleteInSubmissionOrder() throws Exception {
    QueueCompletions completions = completions(NOTHING);
    List<Integer> order = Collections.synchronizedList(new ArrayList<>());
    List<CompletableFuture<Integer>> futures = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      int value = i;
      futures.add(
          completions.submit(NOTHING, () -> value, NOTHING).thenApply(v -> order.add(v) ? v : -1));
    }
    CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
    for (int i = 0; i < 500; i++) {
      assertEquals(i, order.get(i));
    }
    completions.close();
  }

  @Test
  void aBlockedStageDoesNotKeepLaterCallsFromGivingTheirSlotsBack() throws Exception {
    QueueCompletions completions = completions(NOTHING);
    CountDownLatch event = new CountDownLatch(1);
    CountDownLatch unblock = new CountDownLatch(1);
    AtomicReference<String> blockedOn = new AtomicReference<>();
    CountDownLatch stageStarted = new CountDownLatch(1);
    CompletableFuture<Integer> first = completions.submit(() -> await(event), () -> 1, NOTHING);
    first.thenRun(
        () -> {
          blockedOn.set(Thread.currentThread().getName());
          stageStarted.countDown();
          await(unblock);
        });
    event.countDown();
    assertTrue(stageStarted.await(10, TimeUnit.SECONDS), "the stage never ran");
    CountDownLatch released = new CountDownLatch(100);
    for (int i = 0; i < 100; i++) {
      completions.submit(NOTHING, () -> 2, released::countDown);
    }
    assertTrue(released.await(10, TimeUnit.SECONDS), "slots held while a stage blocks");
    assertEquals(QueueCompletions.completeThread(ID), blockedOn.get());
    unblock.countDown();
    completions.close();
  }

  @Test
  void closeWaitsForSubmittedCallsAndTheirStagesThenRefusesNewOnes() throws Exception {
    QueueCompletions completions = completions(NOTHING);
    CountDownLatch event = new CountDownLatch(1);
    CompletableFuture<Integer> first = completions.submit(() -> await(event), () -> 1, NOTHING);
    CompletableFuture<Integer> afterSlow =
        first.thenApply(
            v -> {
              sleep(200);
              return v + 1;
            });
    CompletableFuture<Integer> second = completions.submit(NOTHING, () -> 2, NOTHING);
    new Thread(
            () -> {
              sleep(100);
              event.countDown();
            })
        .start();
    completions.close();
    assertTrue(afterSlow.isDone() && second.isDone(), "close returned before completions ran");
    assertEquals(2, afterSlow.get());
    assertEquals(2, second.get());
    assertThrows(IllegalStateException.class, () -> completions.submit(NOTHING, () -> 3, NOTHING));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Test
  void closingFromACompletionDoesNotWaitForItself() throws Exception {
    QueueCompletions completions = completions(NOTHING);
    CompletableFuture<Boolean> closed =
        completions
            .submit(NOTHING, () -> 1, NOTHING)
            .thenApply(
                v -> {
                  completions.close();
                  return true;
                });
    assertTrue(closed.get(10, TimeUnit.SECONDS));
  }
}
