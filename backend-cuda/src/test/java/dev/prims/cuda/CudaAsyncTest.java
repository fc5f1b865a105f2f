package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.PrimsException;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.conformance.Reference;
import dev.prims.conformance.ScanHistogramChain;
import dev.prims.spi.Backend;
import dev.prims.testing.Concurrently;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import jcuda.driver.CUdeviceptr;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Asynchronous calls on CUDA device buffers, enqueued on the backend's stream and completed once
 * the stream passes each call's event: thousands of reduces and dots from many threads on different
 * data (every answer checked, sync calls mixed in), a scan -> histogram -> reduce chain issued
 * without waiting in between (alone and on several threads at once, moving only the answers to the
 * host), issuing returning before the device finishes (the times are printed), GPU timing around
 * async calls, and a failed launch completing the future with the synchronous call's exception.
 * {@link CudaAsyncConformanceTest} adds what every backend passes (dependent stages, close
 * waiting). Skipped without a CUDA device.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CudaAsyncTest {
  private static final List<String> SOME_REDUCE_VARIANTS =
      List.of("bulk", "vectorized", "shuffle", "sequential", "interleaved-divergent");
  private static final int[] LENGTHS = {
    1, 31, 32, 33, 255, 256, 257, 1023, 1025, 4096, 65_537, 200_003, (1 << 20) + 1, 3_000_001
  };
  private static final String COMPLETION_THREAD =
      dev.prims.spi.QueueCompletions.completeThread("cuda");

  private Prims prims;
  private final List<Input> inputs = new ArrayList<>();
  private final List<String> reduceVariants = new ArrayList<>();

  /** One buffer pair with its exact expected answers. */
  private static final class Input {
    DeviceBuffer a;
    DeviceBuffer b;
    DType type;
    Number sum;
    Number min;
    Number max;
    Number dot;
  }

  @BeforeAll
  void open() {
    prims = Prims.create(config());
    CudaTests.assumeDevice(prims);
    List<String> offered = prims.primaryBackend().variants(Primitive.REDUCE);
    SOME_REDUCE_VARIANTS.stream().filter(offered::contains).forEach(reduceVariants::add);
    SplittableRandom random = new SplittableRandom(11);
    for (int length : LENGTHS) {
      inputs.add(ints(random, length));
      inputs.add(doubles(random, length));
      if (length <= 200_003) {
        inputs.add(floats(random, length));
      }
    }
  }

  private static PrimsConfig config() {
    return CudaTests.cudaOnly().build();
  }

  @AfterAll
  void close() {
    for (Input in : inputs) {
      in.a.close();
      in.b.close();
    }
    if (prims != null) {
      prims.close();
    }
  }

  private Input ints(SplittableRandom random, int n) {
    int[] a = new int[n];
    int[] b = new int[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextInt();
      b[i] = random.nextInt(-50, 50);
    }
    return input(a, b);
  }

  /** Small integers as doubles: every sum and dot is exact in any order. */
  private Input doubles(SplittableRandom random, int n) {
    double[] a = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextInt(-1000, 1001);
      b[i] = random.nextInt(-1000, 1001);
    }
    return input(a, b);
  }

  /** Integers in [-8, 8] as floats, n <= 2^18: partial sums and dots stay exact in float. */
  private Input floats(SplittableRandom random, int n) {
    float[] a = new float[n];
    float[] b = new float[n];
    for (int i = 0; i < n; i++) {
      a[i] = random.nextInt(-8, 9);
      b[i] = random.nextInt(-8, 9);
    }
    return input(a, b);
  }

  /**
   * Arrays {@code a} and {@code b} uploaded, with their answers in their own type: Java's fold
   * (integers wrap; the floating data keep every sum and dot exact, so the order does not matter).
   */
  private Input input(Object a, Object b) {
    Input in = new Input();
    in.type = DType.ofArray(a);
    in.sum = Reference.fold(a, ReduceOp.SUM);
    in.min = Reference.fold(a, ReduceOp.MIN);
    in.max = Reference.fold(a, ReduceOp.MAX);
    switch (in.type) {
      case FLOAT:
        in.dot = (float) Reference.dot(a, b).value();
        break;
      case DOUBLE:
        in.dot = Reference.dot(a, b).value();
        break;
      default:
        in.dot = Reference.integerDot(a, b);
    }
    in.a = prims.upload(a);
    in.b = prims.upload(b);
    return in;
  }

  /** One issued call and what it must answer. */
  private record Issued(String what, Number expected, CompletableFuture<Scalar> future) {}

  @Test
  void thousandsOfAsyncReducesAndDotsFromManyThreadsAllGetTheirOwnAnswers() throws Exception {
    int threads = 8;
    int callsPerThread = 600;
    String testThread = Thread.currentThread().getName();
    Set<String> completionThreads = ConcurrentHashMap.newKeySet();
    List<List<Issued>> submitted =
        Concurrently.run(
            threads, 120, t -> issue(new SplittableRandom(t), callsPerThread, completionThreads));
    int checked = 0;
    for (List<Issued> issued : submitted) {
      for (Issued call : issued) {
        Scalar s = call.future().get(60, TimeUnit.SECONDS);
        assertEquals(call.expected(), s.value(), call.what());
        assertEquals("cuda", s.provenance().backend(), call.what());
        checked++;
      }
    }
    assertEquals(threads * (callsPerThread - callsPerThread / 8), checked, "async calls checked");
    // A stage runs on the thread that completes its future, on the caller when it was already
    // complete, or on a thread waiting in get(), which may run it itself; never on a driver thread.
    for (String name : completionThreads) {
      assertTrue(
          name.equals(COMPLETION_THREAD) || name.startsWith("pool-") || name.equals(testThread),
          "a future completed on " + name + " (not the completion thread, a caller or a waiter)");
    }
    assertTrue(
        completionThreads.contains(COMPLETION_THREAD),
        "no future completed on the completion thread");
  }

  /**
   * Issues {@code count} calls without waiting: mostly async reduces (every op, several variants)
   * and dots, with every eighth call a synchronous one checked at once.
   */
  private List<Issued> issue(SplittableRandom random, int count, Set<String> completionThreads) {
    List<Issued> issued = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Input in = inputs.get(random.nextInt(inputs.size()));
      String variant = reduceVariants.get(random.nextInt(reduceVariants.size()));
      Prims view = prims.variant(Primitive.REDUCE, variant);
      int kind = random.nextInt(4);
      ReduceOp op = kind == 0 ? ReduceOp.SUM : kind == 1 ? ReduceOp.MIN : ReduceOp.MAX;
      Number expected =
          kind == 3 ? in.dot : op == ReduceOp.SUM ? in.sum : op == ReduceOp.MIN ? in.min : in.max;
      String what =
          (kind == 3 ? "dot" : op + " " + variant) + " of " + in.a.length() + " " + in.type.id();
      if (i % 8 == 7) {
        Scalar now = kind == 3 ? prims.dot(in.a, in.b) : view.reduce(in.a, op);
        assertEquals(expected, now.value(), "synchronous " + what);
        continue;
      }
      CompletableFuture<Scalar> f =
          kind == 3 ? prims.dotAsync(in.a, in.b) : view.reduceAsync(in.a, op);
      if (i % 16 == 0) {
        f.whenComplete((v, e) -> completionThreads.add(Thread.currentThread().getName()));
      }
      issued.add(new Issued(what, expected, f));
    }
    return issued;
  }

  @Test
  void scanThenHistogramThenReduceIssuedWithoutWaitingMoveOnlyTheAnswers() throws Exception {
    int n = (1 << 22) + 17;
    int bins = 1 << 20;
    SplittableRandom random = new SplittableRandom(5);
    int[] steps = new int[n];
    for (int i = 0; i < n; i++) {
      steps[i] = random.nextInt(4);
    }
    ScanHistogramChain expected = ScanHistogramChain.expected(steps, bins);
    try (DeviceBuffer input = prims.upload(steps);
        DeviceBuffer prefix = prims.allocate(DType.INT, n);
        DeviceBuffer counts = prims.allocate(DType.LONG, bins)) {
      CudaTransferCounter counter = CudaTransferCounter.of(prims).orElseThrow();
      counter.reset();
      CompletableFuture<Provenance> scan =
          prims.scanAsync(input, prefix, ReduceOp.SUM, ScanKind.INCLUSIVE);
      CompletableFuture<Long> outside =
          prims.histogramAsync(prefix, HistogramSpec.keys(bins), counts);
      CompletableFuture<Scalar> total = prims.reduceAsync(counts, ReduceOp.SUM);
      CompletableFuture<Scalar> fullest = prims.reduceAsync(counts, ReduceOp.MAX);
      assertEquals(expected.fullest(), fullest.get(60, TimeUnit.SECONDS).asLong());
      assertTrue(scan.isDone() && outside.isDone() && total.isDone(), "completed out of order");
      assertEquals("cuda", scan.get().backend());
      assertEquals(expected.outside(), outside.get().longValue());
      assertEquals(expected.inside(), total.get().asLong());
      assertEquals(0, counter.bytesToDevice(), counter.toString());
      assertEquals(24, counter.bytesToHost(), counter.toString());
      int[] gotPrefix = new int[n];
      prims.download(prefix, gotPrefix);
      assertArrayEquals(expected.prefix(), gotPrefix);
      long[] gotCounts = new long[bins];
      prims.download(counts, gotCounts);
      assertArrayEquals(expected.counts(), gotCounts);
    }
  }

  @Test
  void floatChainsOnSeveralThreadsAtOnceEachSeeTheirOwnData() throws Exception {
    int threads = 4;
    int rounds = 12;
    ExecutorService callers = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int seed = 100 + t;
        done.add(callers.submit(() -> floatChains(new SplittableRandom(seed), rounds)));
      }
      for (Future<Integer> f : done) {
        assertEquals(rounds, f.get(120, TimeUnit.SECONDS));
      }
    } finally {
      callers.shutdownNow();
    }
  }

  /**
   * Running maximum of floats (scan MAX) -> 256 even bins over [0, 1) -> sum and max of the counts,
   * issued without waiting, {@code rounds} times on fresh data; returns the rounds checked.
   */
  private int floatChains(SplittableRandom random, int rounds) throws Exception {
    int bins = 256;
    HistogramSpec spec = HistogramSpec.even(bins, 0, 1);
    EvenBins even = EvenBins.of(spec, DType.FLOAT);
    int checked = 0;
    for (int round = 0; round < rounds; round++) {
      int n = 100_000 + random.nextInt(400_000);
      float[] values = new float[n];
      float[] running = new float[n];
      long[] counts = new long[bins];
      float max = Float.NEGATIVE_INFINITY;
      for (int i = 0; i < n; i++) {
        values[i] = (float) Math.pow(random.nextInt(1 << 23) / (double) (1 << 23), 8);
        max = Math.max(max, values[i]);
        running[i] = max;
        counts[even.binOf(running[i])]++;
      }
      long fullest = 0;
      for (long c : counts) {
        fullest = Math.max(fullest, c);
      }
      try (DeviceBuffer input = prims.upload(values);
          DeviceBuffer scanned = prims.allocate(DType.FLOAT, n);
          DeviceBuffer histogram = prims.allocate(DType.LONG, bins)) {
        CompletableFuture<Provenance> scan =
            prims.scanAsync(input, scanned, ReduceOp.MAX, ScanKind.INCLUSIVE);
        CompletableFuture<Long> outside = prims.histogramAsync(scanned, spec, histogram);
        CompletableFuture<Scalar> total = prims.reduceAsync(histogram, ReduceOp.SUM);
        CompletableFuture<Scalar> most = prims.reduceAsync(histogram, ReduceOp.MAX);
        assertEquals(fullest, most.get(60, TimeUnit.SECONDS).asLong());
        assertEquals(n, total.get().asLong());
        assertEquals(0L, outside.get().longValue());
        scan.get();
        float[] gotRunning = new float[n];
        prims.download(scanned, gotRunning);
        assertArrayEquals(running, gotRunning);
        long[] gotCounts = new long[bins];
        prims.download(histogram, gotCounts);
        assertArrayEquals(counts, gotCounts);
      }
      checked++;
    }
    return checked;
  }

  @Test
  void issuingReturnsLongBeforeTheDeviceFinishes() throws Exception {
    int n = 1 << 27;
    int calls = 200;
    int[] ones = new int[n];
    java.util.Arrays.fill(ones, 1);
    try (DeviceBuffer buffer = prims.upload(ones)) {
      prims.reduce(buffer, ReduceOp.SUM);
      List<CompletableFuture<Scalar>> futures = new ArrayList<>();
      long start = System.nanoTime();
      for (int i = 0; i < calls; i++) {
        futures.add(prims.reduceAsync(buffer, ReduceOp.SUM));
      }
      long issued = System.nanoTime();
      boolean lastDoneAtIssue = futures.get(calls - 1).isDone();
      CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0]))
          .get(60, TimeUnit.SECONDS);
      long finished = System.nanoTime();
      System.out.printf(
          "cuda async: %d int sums of 2^27 issued in %.2f ms, all complete after %.2f ms%n",
          calls, (issued - start) / 1e6, (finished - start) / 1e6);
      assertTrue(!lastDoneAtIssue, "the last call completed before issuing returned");
      for (CompletableFuture<Scalar> f : futures) {
        assertEquals(n, f.get().asInt());
      }
    }
  }

  @Test
  void deviceTimingCoversAsyncCalls() throws Exception {
    Backend backend = prims.registry().open("cuda");
    Input in = inputs.get(inputs.size() - 1);
    List<CompletableFuture<Scalar>> futures = new ArrayList<>();
    OptionalDouble ms =
        backend.deviceMillis(
            () -> {
              for (int i = 0; i < 20; i++) {
                futures.add(prims.reduceAsync(in.a, ReduceOp.SUM));
              }
            });
    assertTrue(ms.isPresent() && ms.getAsDouble() > 0, "device time " + ms);
    for (CompletableFuture<Scalar> f : futures) {
      assertEquals(in.sum, f.get(60, TimeUnit.SECONDS).value());
    }
  }

  @Test
  void aFailedLaunchFailsTheFutureWithTheSynchronousCallsException() throws Exception {
    try (Prims own = Prims.create(config())) {
      CudaBackend backend = (CudaBackend) own.registry().open("cuda");
      Prims sequential = own.variant(Primitive.REDUCE, "sequential");
      // 2^39 elements need 2^31 blocks of 256 in the first pass: one more than a grid may hold,
      // so the launch is refused before any kernel reads the (small) real allocation.
      long length = (1L << 31) * CudaReducePolicy.BLOCK_SIZE;
      CUdeviceptr small = backend.call(() -> backend.allocate(1024, "a test buffer"));
      DeviceBuffer huge = new CudaBuffer(backend, DType.FLOAT, length, small);
      try {
        PrimsException sync =
            assertThrows(PrimsException.class, () -> sequential.reduce(huge, ReduceOp.SUM));
        assertTrue(sync.getMessage().contains("out of range"), sync.getMessage());
        CompletableFuture<Scalar> f = sequential.reduceAsync(huge, ReduceOp.SUM);
        ExecutionException async =
            assertThrows(ExecutionException.class, () -> f.get(60, TimeUnit.SECONDS));
        assertInstanceOf(PrimsException.class, async.getCause());
        assertEquals(sync.getMessage(), async.getCause().getMessage());
      } finally {
        huge.close();
      }
      try (DeviceBuffer ok = own.upload(new int[] {1, 2, 3})) {
        assertEquals(6, own.reduceAsync(ok, ReduceOp.SUM).get(60, TimeUnit.SECONDS).asInt());
      }
    }
  }
}
