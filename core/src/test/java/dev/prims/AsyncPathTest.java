package dev.prims;

import static dev.prims.AsyncAssertions.assertEachCallerGetsItsOwnAnswers;
import static dev.prims.AsyncAssertions.assertFailsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Asynchronous calls on device buffers: the engine hands them to a backend's own asynchronous path
 * in fast mode (the future completes when the backend's device gets to the work, with the same
 * provenance a synchronous call records), and runs them on its pool in reproducible mode or where
 * the backend has no such path. Validation and failures reach the future as the synchronous call's
 * exceptions.
 */
class AsyncPathTest {
  @Test
  void reduceOnABufferIsEnqueuedAndCompletesWhenTheDeviceRunsIt() throws Exception {
    DeferredProvider provider = new DeferredProvider("late", true, true);
    try (Prims prims = provider.open()) {
      DeviceBuffer values = provider.buffer(new int[] {1, 2, 3, 4});
      CompletableFuture<Scalar> f = prims.reduceAsync(values, ReduceOp.SUM);
      CompletableFuture<String> completedOn = f.thenApply(s -> Thread.currentThread().getName());
      assertFalse(f.isDone(), "the future completed before the device ran the work");
      assertEquals(1, provider.asyncCalls.get());
      provider.release();
      // Before f.get(): a thread waiting in f.get() may run f's dependent stages itself.
      assertEquals(DeferredProvider.DEVICE_THREAD, completedOn.get(10, TimeUnit.SECONDS));
      Scalar s = f.get(10, TimeUnit.SECONDS);
      assertEquals(10, s.asInt());
      assertEquals("late", s.provenance().backend());
      assertEquals(DeferredProvider.EXECUTED_ON, s.provenance().device());
      assertEquals("queued", s.provenance().variant());
      assertEquals("ran late", s.provenance().note());
      assertEquals(0, provider.syncCalls.get(), "the synchronous method ran");
    }
  }

  @Test
  void scanHistogramAndDotGoThroughTheAsyncPathToo() throws Exception {
    DeferredProvider provider = new DeferredProvider("late", true, true);
    try (Prims prims = provider.open()) {
      DeviceBuffer keys = provider.buffer(new int[] {0, 1, 1, 2, 7, -1});
      DeviceBuffer prefix = provider.buffer(new int[6]);
      DeviceBuffer counts = provider.buffer(new long[3]);
      CompletableFuture<Provenance> scan =
          prims.scanAsync(keys, prefix, ReduceOp.SUM, ScanKind.INCLUSIVE);
      CompletableFuture<Long> histogram = prims.histogramAsync(keys, HistogramSpec.keys(3), counts);
      CompletableFuture<Scalar> dot = prims.dotAsync(keys, keys);
      assertFalse(scan.isDone() || histogram.isDone() || dot.isDone());
      provider.release();
      assertEquals(DeferredProvider.EXECUTED_ON, scan.get(10, TimeUnit.SECONDS).device());
      assertEquals(2L, histogram.get(10, TimeUnit.SECONDS));
      Scalar d = dot.get(10, TimeUnit.SECONDS);
      assertEquals(0 + 1 + 1 + 4 + 49 + 1, d.asInt());
      assertEquals("queued", d.provenance().variant());
      int[] expectedPrefix = {0, 1, 2, 4, 11, 10};
      int[] gotPrefix = new int[6];
      prims.download(prefix, gotPrefix);
      assertArrayEquals(expectedPrefix, gotPrefix);
      long[] gotCounts = new long[3];
      prims.download(counts, gotCounts);
      assertArrayEquals(new long[] {1, 2, 1}, gotCounts);
      assertEquals(3, provider.asyncCalls.get());
      assertEquals(0, provider.syncCalls.get());
    }
  }

  @Test
  void reproducibleModeRunsTheSynchronousCallOnThePool() throws Exception {
    DeferredProvider provider = new DeferredProvider("late", true, false);
    try (Prims prims = provider.open()) {
      Prims reproducible = prims.determinism(Determinism.REPRODUCIBLE);
      Scalar s =
          reproducible
              .reduceAsync(provider.buffer(new int[] {5, 6}), ReduceOp.SUM)
              .get(10, TimeUnit.SECONDS);
      assertEquals(11, s.asInt());
      assertEquals(1, provider.syncCalls.get());
      assertEquals(0, provider.asyncCalls.get());
      assertTrue(provider.lastSyncThread.startsWith("prims-async-"), provider.lastSyncThread);
    }
  }

  @Test
  void aCallIssuedWhileAnEarlierPoolCallOnTheBackendIsPendingWaitsForIt() throws Exception {
    DeferredProvider provider = new DeferredProvider("late", true, false);
    try (Prims prims = provider.open()) {
      DeviceBuffer a = provider.buffer(new int[] {2, 3});
      provider.holdSync();
      CompletableFuture<Scalar> pool =
          prims.determinism(Determinism.REPRODUCIBLE).reduceAsync(a, ReduceOp.SUM);
      CompletableFuture<Scalar> stream = prims.reduceAsync(a, ReduceOp.SUM);
      CompletableFuture<Scalar> poolAgain =
          prims.determinism(Determinism.REPRODUCIBLE).reduceAsync(a, ReduceOp.SUM);
      Thread.sleep(100);
      assertEquals(0, provider.asyncCalls.get(), "a later call reached the backend first");
      assertFalse(pool.isDone() || stream.isDone() || poolAgain.isDone());
      provider.releaseSync();
      assertEquals(5, pool.get(10, TimeUnit.SECONDS).asInt());
      assertEquals(5, stream.get(10, TimeUnit.SECONDS).asInt());
      assertEquals(5, poolAgain.get(10, TimeUnit.SECONDS).asInt());
      assertEquals(List.of("sync", "async", "sync"), provider.order);
    }
  }

  @Test
  void aBackendWithoutAnAsyncPathRunsItsCallsInIssueOrder() throws Exception {
    DeferredProvider provider = new DeferredProvider("plain", false, false);
    try (Prims prims = provider.open()) {
      DeviceBuffer a = provider.buffer(new int[] {2, 3});
      provider.holdSync();
      CompletableFuture<Scalar> first = prims.reduceAsync(a, ReduceOp.SUM);
      List<CompletableFuture<Scalar>> later = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        later.add(prims.dotAsync(a, a));
      }
      Thread.sleep(100);
      assertEquals(1, provider.syncCalls.get(), "a later call started before the first finished");
      provider.releaseSync();
      assertEquals(5, first.get(10, TimeUnit.SECONDS).asInt());
      for (CompletableFuture<Scalar> f : later) {
        assertEquals(13, f.get(10, TimeUnit.SECONDS).asInt());
      }
      assertEquals(9, provider.syncCalls.get());
    }
  }

  @Test
  void aSynchronousCallWaitsForEarlierPoolCallsOnTheBackend() throws Exception {
    DeferredProvider provider = new DeferredProvider("plain", false, false);
    try (Prims prims = provider.open()) {
      DeviceBuffer a = provider.buffer(new int[] {2, 3});
      provider.holdSync();
      CompletableFuture<Scalar> pending = prims.reduceAsync(a, ReduceOp.SUM);
      CompletableFuture<Scalar> sync =
          CompletableFuture.supplyAsync(
              () -> {
                Scalar s = prims.dot(a, a);
                provider.order.add("sync dot returned");
                return s;
              });
      Thread.sleep(100);
      assertEquals(1, provider.syncCalls.get(), "the synchronous call did not wait");
      provider.releaseSync();
      assertEquals(5, pending.get(10, TimeUnit.SECONDS).asInt());
      assertEquals(13, sync.get(10, TimeUnit.SECONDS).asInt());
      assertEquals(List.of("sync", "sync", "sync dot returned"), provider.order);
    }
  }

  @Test
  void aBackendWithoutAnAsyncPathRunsOnThePool() throws Exception {
    DeferredProvider provider = new DeferredProvider("plain", false, false);
    try (Prims prims = provider.open()) {
      DeviceBuffer a = provider.buffer(new int[] {2, 3});
      assertEquals(13, prims.dotAsync(a, a).get(10, TimeUnit.SECONDS).asInt());
      assertEquals(5, prims.reduceAsync(a, ReduceOp.SUM).get(10, TimeUnit.SECONDS).asInt());
      assertEquals(2, provider.syncCalls.get());
      assertEquals(0, provider.asyncCalls.get());
      assertTrue(provider.lastSyncThread.startsWith("prims-async-"), provider.lastSyncThread);
    }
  }

  @Test
  void badInputFailsTheFutureWithTheSynchronousExceptionWithoutReachingTheBackend() {
    DeferredProvider provider = new DeferredProvider("late", true, false);
    try (Prims prims = provider.open()) {
      DeviceBuffer empty = provider.buffer(new int[0]);
      DeviceBuffer two = provider.buffer(new int[2]);
      DeviceBuffer three = provider.buffer(new int[3]);
      assertFailsWith(
          IllegalArgumentException.class,
          "MIN of an empty input",
          prims.reduceAsync(empty, ReduceOp.MIN));
      assertFailsWith(IllegalArgumentException.class, "2 and 3", prims.dotAsync(two, three));
      assertFailsWith(
          IllegalArgumentException.class,
          "at least 3 elements",
          prims.scanAsync(three, two, ReduceOp.SUM, ScanKind.INCLUSIVE));
      assertFailsWith(
          IllegalArgumentException.class,
          "long buffer of 4",
          prims.histogramAsync(three, HistogramSpec.keys(4), three));
      assertFailsWith(
          IllegalArgumentException.class,
          "known: plain, queued",
          prims.variant(Primitive.REDUCE, "nope").reduceAsync(two, ReduceOp.SUM));
      assertFailsWith(
          IllegalArgumentException.class,
          "values must not be null",
          prims.reduceAsync((DeviceBuffer) null, ReduceOp.SUM));
      two.close();
      assertFailsWith(IllegalStateException.class, "closed", prims.reduceAsync(two, ReduceOp.SUM));
      assertEquals(0, provider.asyncCalls.get());
      assertEquals(0, provider.syncCalls.get());
    }
  }

  @Test
  void emptyInputsCompleteAtOnceWithTheIdentity() throws Exception {
    DeferredProvider provider = new DeferredProvider("late", true, true);
    try (Prims prims = provider.open()) {
      DeviceBuffer empty = provider.buffer(new int[0]);
      CompletableFuture<Scalar> sum = prims.reduceAsync(empty, ReduceOp.SUM);
      assertTrue(sum.isDone());
      assertEquals(0, sum.get().asInt());
      assertEquals(0, prims.dotAsync(empty, empty).get().asInt());
      assertEquals(0, provider.asyncCalls.get());
      provider.release();
    }
  }

  @Test
  void aFailureOfTheAsyncPathReachesTheFutureUnchanged() {
    DeferredProvider provider = new DeferredProvider("late", true, false);
    try (Prims prims = provider.open()) {
      DeviceBuffer values = provider.buffer(new int[] {1});
      PrimsException later = new PrimsException("late", "kernel failed on the device");
      provider.failNextAsync = later;
      ExecutionException e =
          assertThrows(
              ExecutionException.class,
              () -> prims.reduceAsync(values, ReduceOp.SUM).get(10, TimeUnit.SECONDS));
      assertSame(later, e.getCause());
      PrimsException atLaunch = new PrimsException("late", "launch failed");
      provider.throwNextAsync = atLaunch;
      CompletableFuture<Scalar> f = prims.reduceAsync(values, ReduceOp.SUM);
      ExecutionException thrown =
          assertThrows(ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS));
      assertSame(atLaunch, thrown.getCause());
    }
  }

  @Test
  void manyThreadsEachGetTheirOwnAnswers() throws Exception {
    DeferredProvider provider = new DeferredProvider("late", true, false);
    try (Prims prims = provider.open()) {
      assertEachCallerGetsItsOwnAnswers(
          8,
          200,
          (t, i) -> {
            DeviceBuffer b = provider.buffer(new int[] {t * 1000, i, 1});
            return i % 2 == 0 ? prims.reduceAsync(b, ReduceOp.SUM) : prims.dotAsync(b, b);
          },
          (t, i) -> i % 2 == 0 ? t * 1000 + i + 1 : (t * 1000) * (t * 1000) + i * i + 1);
      assertEquals(1600, provider.asyncCalls.get());
    }
  }

  @Test
  void closingTheEngineWaitsForEnqueuedWorkThenRefusesNewCalls() throws Exception {
    DeferredProvider provider = new DeferredProvider("late", true, true);
    Prims prims = provider.open();
    DeviceBuffer values = provider.buffer(new int[] {3, 4});
    CompletableFuture<Scalar> pending = prims.reduceAsync(values, ReduceOp.SUM);
    provider.release();
    prims.close();
    assertTrue(pending.isDone(), "close returned before enqueued work completed");
    assertEquals(7, pending.get().asInt());
    assertEquals(1, provider.closed.get());
    assertThrows(IllegalStateException.class, () -> prims.reduceAsync(values, ReduceOp.SUM));
  }

  @Test
  void theSpiDefaultsRunTheSynchronousCallAndComplete() {
    CallContext call = new CallContext(null, Determinism.FAST);
    Reducer reducer = (input, op, c) -> 42;
    assertEquals(42, reducer.reduceAsync(null, ReduceOp.SUM, call).join());
    DotProduct dot = (a, b, c) -> 7L;
    assertEquals(7L, dot.dotAsync(null, null, call).join());
    int[] scans = new int[1];
    Scanner scanner = (input, output, op, kind, c) -> scans[0]++;
    CompletableFuture<Void> scanned =
        scanner.scanAsync(null, null, ReduceOp.SUM, ScanKind.INCLUSIVE, call);
    assertTrue(scanned.isDone());
    assertEquals(1, scans[0]);
    Histogrammer histogrammer = (input, spec, counts, c) -> 3L;
    assertEquals(3L, histogrammer.histogramAsync(null, null, null, call).join());
    PrimsException failure = new PrimsException("x", "boom");
    Reducer failing =
        (input, op, c) -> {
          throw failure;
        };
    assertSame(
        failure,
        assertThrows(PrimsException.class, () -> failing.reduceAsync(null, ReduceOp.SUM, call)));
  }
}
