package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Engine behaviour on the backend under test: unknown ids and variants, bad input, provenance,
 * device buffers, and many threads calling one engine at once.
 */
public abstract class EngineConformance extends BackendConformance {

  @Test
  void unknownBackendIdListsTheKnownIds() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> prims().backend("no-such-backend"));
    assertTrue(e.getMessage().contains("no-such-backend"), e.getMessage());
    assertTrue(e.getMessage().contains(backendId()), "lists the known ids: " + e.getMessage());
    IllegalArgumentException created =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Prims.create(
                    PrimsConfig.builder().backend("no-such-backend," + backendId()).build()));
    assertTrue(created.getMessage().contains(backendId()), created.getMessage());
  }

  @Test
  void unknownVariantIsRejected() {
    for (Primitive p : Primitive.values()) {
      Prims view = prims().variant(p, "no-such-variant");
      Executable call;
      switch (p) {
        case REDUCE:
          call = () -> view.reduce(new int[] {1, 2}, ReduceOp.SUM);
          break;
        case SCAN:
          call = () -> view.scan(new int[] {1, 2}, ReduceOp.SUM, ScanKind.INCLUSIVE);
          break;
        case HISTOGRAM:
          call = () -> view.histogram(new int[] {1, 2}, 4);
          break;
        default:
          call = () -> view.dot(new int[] {1, 2}, new int[] {3, 4});
      }
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call, p.id());
      assertTrue(e.getMessage().contains("no-such-variant"), e.getMessage());
      assertTrue(
          e.getMessage().contains(backend().variants(p).get(0)),
          "lists the known variants: " + e.getMessage());
    }
  }

  @Test
  void invalidConfigurationValuesAreRejected() {
    IllegalArgumentException determinism =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                prims()
                    .with(PrimsConfig.DETERMINISM, "sloppy")
                    .reduce(new double[] {1}, ReduceOp.SUM));
    assertTrue(determinism.getMessage().contains("sloppy"), determinism.getMessage());
    IllegalArgumentException fallback =
        assertThrows(
            IllegalArgumentException.class,
            () -> prims().with(PrimsConfig.FALLBACK, "maybe").reduce(new int[] {1}, ReduceOp.SUM));
    assertTrue(fallback.getMessage().contains("maybe"), fallback.getMessage());
    assertEquals(
        3,
        prims().with(PrimsConfig.FALLBACK, "true").reduce(new int[] {1, 2}, ReduceOp.SUM).asInt(),
        "a valid value works");
  }

  @Test
  void badInputIsAClearException() {
    Prims p = prims();
    List<Executable> bad =
        List.of(
            () -> p.reduce((int[]) null, ReduceOp.SUM),
            () -> p.reduce(new int[] {1}, null),
            () -> p.scan((double[]) null, ReduceOp.SUM, ScanKind.INCLUSIVE),
            () -> p.scan(new double[] {1}, ReduceOp.SUM, null),
            () -> p.histogram((int[]) null, 4),
            () -> p.histogram((float[]) null, HistogramSpec.even(4, 0, 1)),
            () -> p.histogram(new float[] {1}, null),
            () -> p.dot(new double[3], (double[]) null),
            () -> p.dot(new double[3], new double[4]),
            () -> p.histogram(new int[] {1}, 0),
            () -> p.histogram(new long[] {1}, -1),
            () -> HistogramSpec.even(8, 1, 0),
            () -> HistogramSpec.even(8, 1, 1),
            () -> HistogramSpec.even(8, 0, Double.POSITIVE_INFINITY),
            () -> HistogramSpec.even(8, Double.NaN, 1),
            () -> p.reduce(new float[] {1}, ReduceOp.AND),
            () -> p.reduce(new double[] {1}, ReduceOp.XOR),
            () -> p.scan(new float[] {1}, ReduceOp.OR, ScanKind.EXCLUSIVE),
            () -> p.reduce(new int[0], ReduceOp.MIN),
            () -> p.reduce(new double[0], ReduceOp.MAX),
            () -> p.allocate(DType.INT, -1));
    for (int i = 0; i < bad.size(); i++) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, bad.get(i), "bad input case " + i);
      assertTrue(
          e.getMessage() != null && !e.getMessage().isBlank(), "case " + i + " has a message");
    }
    assertEquals(6, prims().reduce(new int[] {1, 2, 3}, ReduceOp.SUM).asInt(), "still usable");
  }

  @Test
  void resultsNameTheBackendAndVariant() {
    Prims p = prims();
    assertEquals(backendId(), p.reduce(new long[] {1, 2}, ReduceOp.SUM).provenance().backend());
    assertEquals(
        backendId(),
        p.scan(new float[] {1}, ReduceOp.SUM, ScanKind.INCLUSIVE).provenance().backend());
    assertEquals(backendId(), p.histogram(new int[] {1}, 2).provenance().backend());
    assertEquals(backendId(), p.dot(new double[] {1}, new double[] {2}).provenance().backend());
    for (Primitive primitive : Primitive.values()) {
      List<String> variants = variants(primitive);
      assertEquals(
          variants.size(),
          variants.stream().distinct().count(),
          primitive.id() + " variants are distinct: " + variants);
    }
    String defaultReduce = variants(Primitive.REDUCE).get(0);
    assertEquals(
        defaultReduce, p.reduce(new int[] {4}, ReduceOp.MAX).provenance().variant(), "default");
    assertTrue(!p.reduce(new int[] {4}, ReduceOp.MAX).provenance().device().isBlank(), "device");
  }

  @Test
  void deviceBuffersRoundTripAndComputeInPlace() {
    Prims p = prims();
    int n = 100_003;
    double[] values = new double[n];
    for (int i = 0; i < n; i++) {
      values[i] = (i % 7) - 3;
    }
    try (DeviceBuffer in = p.upload(values);
        DeviceBuffer out = p.allocate(DType.DOUBLE, n);
        DeviceBuffer counts = p.allocate(DType.LONG, 7)) {
      assertEquals(DType.DOUBLE, in.type());
      assertEquals(n, in.length());
      assertEquals(backendId(), in.backend());
      double[] back = new double[n];
      p.download(in, back);
      assertArrayEquals(values, back, "upload then download");
      Checks.assertSameValue(
          DType.DOUBLE,
          Reference.fold(values, ReduceOp.MAX),
          p.reduce(in, ReduceOp.MAX).value(),
          "reduce on a buffer");
      p.scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE);
      double[] scanned = new double[n];
      p.download(out, scanned);
      assertArrayEquals(
          (double[]) Reference.scan(values, ReduceOp.SUM, true), scanned, "scan into a buffer");
      p.scan(out, out, ReduceOp.MAX, ScanKind.EXCLUSIVE);
      double[] inPlace = new double[n];
      p.download(out, inPlace);
      assertArrayEquals(
          (double[]) Reference.scan(scanned, ReduceOp.MAX, false), inPlace, "scan in place");
      HistogramSpec spec = HistogramSpec.even(7, -3, 4);
      long outOfRange = p.histogram(in, spec, counts);
      long[] hist = new long[7];
      p.download(counts, hist);
      Reference.Histogram expected = Reference.histogram(values, spec);
      assertArrayEquals(expected.counts(), hist, "histogram into a buffer");
      assertEquals(expected.outOfRange(), outOfRange);
      assertEquals(
          Reference.dot(values, values).value(), p.dot(in, in).asDouble(), "dot of buffers");
    }
    DeviceBuffer closed = p.upload(new int[] {1, 2, 3});
    closed.close();
    closed.close();
    assertTrue(closed.isClosed());
    assertThrows(IllegalStateException.class, () -> p.reduce(closed, ReduceOp.SUM));
  }

  @Test
  void impossibleAllocationIsAClearExceptionAndTheEngineStaysUsable() {
    long n = 1L << 42;
    RuntimeException e =
        assertThrows(RuntimeException.class, () -> prims().allocate(DType.FLOAT, n).close());
    assertTrue(
        e instanceof IllegalArgumentException || e instanceof PrimsException,
        "an IllegalArgumentException or PrimsException, got " + e);
    String message = String.valueOf(e.getMessage());
    assertTrue(
        message.contains(Long.toString(n)) || message.contains(Long.toString(4 * n)),
        "the message names the size (" + n + " elements or " + 4 * n + " bytes): " + message);
    assertEquals(10L, prims().reduce(new long[] {1, 2, 3, 4}, ReduceOp.SUM).asLong());
    try (DeviceBuffer small = prims().allocate(DType.FLOAT, 1000)) {
      assertEquals(1000, small.length());
    }
  }

  /**
   * A reduce of 2^24 floats is held in flight on another thread (by {@link HoldingProvider}, so no
   * timing is involved) while the engine closes: close refuses new calls at once with a clear
   * message, does not return while the call is running, and the call then finishes with the right
   * answer on the real backend.
   */
  @Test
  void closeWaitsForACallInFlightThenRefusesNewCalls() throws Exception {
    HoldingProvider holding = new HoldingProvider(backendId());
    java.util.Map<String, String> values = new java.util.LinkedHashMap<>(configuration());
    values.put(PrimsConfig.BACKEND, backendId());
    values.put(PrimsConfig.FALLBACK, "false");
    Prims engine = Prims.create(PrimsConfig.of(values), List.of(holding));
    float[] ones = new float[1 << 24];
    java.util.Arrays.fill(ones, 1f);
    int[] keys = {0, 1, 1, 2};
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      Future<dev.prims.Scalar> inFlight = threads.submit(() -> engine.reduce(ones, ReduceOp.SUM));
      assertTrue(holding.awaitHeld(300), "the reduce started");
      java.util.concurrent.CompletableFuture<HistogramResult> submitted =
          engine.histogramAsync(keys, 3);
      Future<?> closing = threads.submit(engine::close);
      while (!engine.isClosed()) {
        Thread.sleep(1);
      }
      IllegalStateException refused =
          assertThrows(
              IllegalStateException.class, () -> engine.reduce(new float[] {1}, ReduceOp.SUM));
      assertTrue(refused.getMessage().contains("closed"), refused.getMessage());
      assertThrows(IllegalStateException.class, () -> engine.reduceAsync(ones, ReduceOp.SUM));
      assertTrue(!closing.isDone(), "close returned while a call was in flight");
      holding.release();
      assertEquals(
          (float) (1 << 24),
          inFlight.get(5, TimeUnit.MINUTES).asFloat(),
          backendId() + ": the call in flight finished with the right answer");
      assertArrayEquals(
          new long[] {1, 2, 1},
          submitted.get(5, TimeUnit.MINUTES).counts(),
          "an asynchronous call submitted before close finished");
      closing.get(5, TimeUnit.MINUTES);
      IllegalStateException after =
          assertThrows(IllegalStateException.class, () -> engine.upload(new int[] {1}));
      assertTrue(after.getMessage().contains("closed"), after.getMessage());
    } finally {
      holding.release();
      threads.shutdownNow();
      engine.close();
    }
  }

  @Test
  void manyThreadsShareOneEngine() throws Exception {
    int threads = 24;
    int rounds = 12;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch start = new CountDownLatch(1);
    try {
      List<Future<Void>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        Callable<Void> task =
            () -> {
              start.await();
              for (int r = 0; r < rounds; r++) {
                oneMixedCall(id, r);
              }
              return null;
            };
        futures.add(pool.submit(task));
      }
      start.countDown();
      for (Future<Void> f : futures) {
        f.get(5, TimeUnit.MINUTES);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private void oneMixedCall(int thread, int round) {
    int n = 1000 + 977 * thread + 131 * round;
    long seed = TestData.seed("threads", thread, round);
    String what = "thread " + thread + " round " + round;
    switch ((thread + round) % 4) {
      case 0:
        {
          long[] data = (long[]) TestData.array(DType.LONG, DataKind.RANDOM, n, seed);
          assertEquals(
              Reference.fold(data, ReduceOp.SUM),
              prims().reduce(data, ReduceOp.SUM).value(),
              what + " reduce");
          break;
        }
      case 1:
        {
          int[] data = (int[]) TestData.array(DType.INT, DataKind.RANDOM, n, seed);
          assertArrayEquals(
              (int[]) Reference.scan(data, ReduceOp.XOR, false),
              prims().scan(data, ReduceOp.XOR, ScanKind.EXCLUSIVE).values(),
              what + " scan");
          break;
        }
      case 2:
        {
          HistogramSpec spec = HistogramSpec.even(100, -50, 50);
          float[] data = (float[]) TestData.array(DType.FLOAT, DataKind.RANDOM, n, seed);
          HistogramResult h = prims().histogram(data, spec);
          Reference.Histogram expected = Reference.histogram(data, spec);
          assertArrayEquals(expected.counts(), h.counts(), what + " histogram");
          assertEquals(expected.outOfRange(), h.outOfRange(), what + " histogram out of range");
          break;
        }
      default:
        {
          int[] a = (int[]) TestData.array(DType.INT, DataKind.RANDOM, n, seed);
          int[] b = (int[]) TestData.array(DType.INT, DataKind.ALTERNATING, n, seed + 1);
          assertEquals(Reference.integerDot(a, b), prims().dot(a, b).value(), what + " dot");
        }
    }
  }
}
