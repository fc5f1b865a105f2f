package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.spi.QueueCompletions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Asynchronous calls on device buffers ({@code reduceAsync}, {@code scanAsync}, {@code
 * histogramAsync}, {@code dotAsync}), whether the backend enqueues them on its own stream or queue
 * ({@link dev.prims.spi.Backend#asyncPath}) or the engine runs them on its pool: hundreds of calls
 * from several threads on different data, synchronous calls mixed in, each answer checked; a scan
 * -> histogram -> reduce chain issued without waiting in between (and downloaded before waiting);
 * dependent stages that call the backend again; a bad call failing its future with the synchronous
 * call's exception; and close waiting for every enqueued call and its future.
 */
public abstract class AsyncConformance extends BackendConformance {
  private static final int[] LENGTHS = {1, 31, 257, 1025, 65_537, 200_003};
  private final List<Input> inputs = new ArrayList<>();

  /** One buffer pair with its exact answers. */
  private record Input(
      DeviceBuffer a, DeviceBuffer b, Number sum, Number min, Number max, Number dot) {
    String describe() {
      return a.length() + " " + a.type().id();
    }
  }

  /** Small integers (as int and as double): every sum and dot is exact in any order. */
  private synchronized List<Input> inputs() {
    if (inputs.isEmpty()) {
      SplittableRandom random = new SplittableRandom(11);
      for (int n : LENGTHS) {
        int[] a = random.ints(n, -1000, 1001).toArray();
        int[] b = random.ints(n, -50, 51).toArray();
        long sum = 0;
        long dot = 0;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < n; i++) {
          sum += a[i];
          dot += (long) a[i] * b[i];
          min = Math.min(min, a[i]);
          max = Math.max(max, a[i]);
        }
        inputs.add(new Input(prims().upload(a), prims().upload(b), (int) sum, min, max, (int) dot));
        double[] da = new double[n];
        double[] db = new double[n];
        for (int i = 0; i < n; i++) {
          da[i] = a[i];
          db[i] = b[i];
        }
        inputs.add(
            new Input(
                prims().upload(da),
                prims().upload(db),
                (double) sum,
                (double) min,
                (double) max,
                (double) dot));
      }
    }
    return inputs;
  }

  @AfterAll
  final synchronized void closeInputs() {
    for (Input in : inputs) {
      in.a().close();
      in.b().close();
    }
    inputs.clear();
  }

  /** Whether the backend under test enqueues asynchronous calls on its own stream or queue. */
  private boolean onOwnQueue() {
    return prims().primaryBackend().asyncPath(Primitive.REDUCE);
  }

  /** One issued call and what it must answer. */
  private record Issued(String what, Number expected, CompletableFuture<Scalar> future) {}

  @Test
  void hundredsOfAsyncCallsFromSeveralThreadsEachGetTheirOwnAnswers() throws Exception {
    List<Input> data = inputs();
    int threads = 4;
    int calls = 240;
    Set<String> completedOn = ConcurrentHashMap.newKeySet();
    ExecutorService callers = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<List<Issued>>> submitted = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        SplittableRandom random = new SplittableRandom(t);
        submitted.add(
            callers.submit(
                () -> {
                  start.await();
                  return issue(data, random, calls, completedOn);
                }));
      }
      start.countDown();
      int checked = 0;
      for (Future<List<Issued>> f : submitted) {
        for (Issued call : f.get(300, TimeUnit.SECONDS)) {
          Scalar s = call.future().get(120, TimeUnit.SECONDS);
          assertEquals(call.expected(), s.value(), backendId() + " " + call.what());
          assertEquals(backendId(), s.provenance().backend(), call.what());
          checked++;
        }
      }
      assertEquals(threads * (calls - calls / 8), checked, "asynchronous calls checked");
    } finally {
      callers.shutdownNow();
    }
    if (onOwnQueue()) {
      assertTrue(
          completedOn.contains(QueueCompletions.completeThread(backendId())),
          backendId() + ": no future completed on its completion thread, only on " + completedOn);
    }
  }

  /**
   * Issues {@code count} calls without waiting: asynchronous reduces (sum, min, max) and dots, with
   * every eighth call a synchronous one checked at once.
   */
  private List<Issued> issue(
      List<Input> data, SplittableRandom random, int count, Set<String> completedOn) {
    List<Issued> issued = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Input in = data.get(random.nextInt(data.size()));
      int kind = random.nextInt(4);
      ReduceOp op = kind == 0 ? ReduceOp.SUM : kind == 1 ? ReduceOp.MIN : ReduceOp.MAX;
      Number expected =
          kind == 3
              ? in.dot()
              : op == ReduceOp.SUM ? in.sum() : op == ReduceOp.MIN ? in.min() : in.max();
      String what = (kind == 3 ? "dot" : op.toString()) + " of " + in.describe();
      if (i % 8 == 7) {
        Scalar now = kind == 3 ? prims().dot(in.a(), in.b()) : prims().reduce(in.a(), op);
        assertEquals(expected, now.value(), backendId() + " synchronous " + what);
        continue;
      }
      CompletableFuture<Scalar> f =
          kind == 3 ? prims().dotAsync(in.a(), in.b()) : prims().reduceAsync(in.a(), op);
      f.whenComplete((v, e) -> completedOn.add(Thread.currentThread().getName()));
      issued.add(new Issued(what, expected, f));
    }
    return issued;
  }

  @Test
  void scanHistogramReduceChainIssuedWithoutWaiting() throws Exception {
    int n = 300_007;
    int bins = 1 << 16;
    int[] steps = new SplittableRandom(5).ints(n, 0, 4).toArray();
    ScanHistogramChain expected = ScanHistogramChain.expected(steps, bins);
    Prims prims = prims();
    try (DeviceBuffer input = prims.upload(steps);
        DeviceBuffer scanned = prims.allocate(DType.INT, n);
        DeviceBuffer histogram = prims.allocate(DType.LONG, bins)) {
      CompletableFuture<Provenance> scan =
          prims.scanAsync(input, scanned, ReduceOp.SUM, ScanKind.INCLUSIVE);
      CompletableFuture<Long> out =
          prims.histogramAsync(scanned, HistogramSpec.keys(bins), histogram);
      CompletableFuture<Scalar> total = prims.reduceAsync(histogram, ReduceOp.SUM);
      CompletableFuture<Scalar> most = prims.reduceAsync(histogram, ReduceOp.MAX);
      // downloaded before waiting: a download sees every call issued before it
      long[] gotCounts = new long[bins];
      prims.download(histogram, gotCounts);
      assertArrayEquals(
          expected.counts(), gotCounts, backendId() + " histogram downloaded at once");
      assertEquals(
          expected.fullest(),
          most.get(120, TimeUnit.SECONDS).asLong(),
          backendId() + " fullest bin");
      assertEquals(
          expected.inside(), total.get(120, TimeUnit.SECONDS).asLong(), backendId() + " total");
      assertEquals(
          expected.outside(), out.get(120, TimeUnit.SECONDS).longValue(), backendId() + " outside");
      assertEquals(backendId(), scan.get(120, TimeUnit.SECONDS).backend());
      int[] gotPrefix = new int[n];
      prims.download(scanned, gotPrefix);
      assertArrayEquals(expected.prefix(), gotPrefix, backendId() + " scan");
    }
  }

  @Test
  void dependentStagesMayCallTheBackendAgain() throws Exception {
    Input in = inputs().get(inputs().size() - 1);
    Prims prims = prims();
    CompletableFuture<Number> viaSync =
        prims
            .reduceAsync(in.a(), ReduceOp.SUM)
            .thenApply(s -> prims.reduce(in.a(), ReduceOp.MAX).value());
    CompletableFuture<Number> viaAsync =
        prims
            .reduceAsync(in.a(), ReduceOp.MIN)
            .thenCompose(s -> prims.dotAsync(in.a(), in.b()))
            .thenApply(Scalar::value);
    assertEquals(in.max(), viaSync.get(120, TimeUnit.SECONDS));
    assertEquals(in.dot(), viaAsync.get(120, TimeUnit.SECONDS));
  }

  @Test
  void aBadCallFailsItsFutureWithTheSynchronousCallsException() throws Exception {
    Prims prims = prims();
    try (DeviceBuffer a = prims.allocate(DType.FLOAT, 10);
        DeviceBuffer b = prims.allocate(DType.FLOAT, 11)) {
      IllegalArgumentException sync =
          assertThrows(IllegalArgumentException.class, () -> prims.dot(a, b));
      ExecutionException async =
          assertThrows(
              ExecutionException.class, () -> prims.dotAsync(a, b).get(60, TimeUnit.SECONDS));
      assertInstanceOf(IllegalArgumentException.class, async.getCause());
      assertEquals(sync.getMessage(), async.getCause().getMessage());
    }
  }

  @Test
  void closeWaitsForEveryEnqueuedCallAndItsFuture() throws Exception {
    Map<String, String> values = new LinkedHashMap<>(configuration());
    values.put(PrimsConfig.BACKEND, backendId());
    values.put(PrimsConfig.FALLBACK, "false");
    Prims own = Prims.create(PrimsConfig.of(values));
    int n = 1 << 20;
    int[] ones = new int[n];
    java.util.Arrays.fill(ones, 1);
    DeviceBuffer buffer = own.upload(ones);
    List<CompletableFuture<Scalar>> pending = new ArrayList<>();
    List<CompletableFuture<Integer>> stages = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      CompletableFuture<Scalar> f = own.reduceAsync(buffer, ReduceOp.SUM);
      pending.add(f);
      stages.add(f.thenApply(Scalar::asInt));
    }
    own.close();
    for (int i = 0; i < pending.size(); i++) {
      assertTrue(
          pending.get(i).isDone(),
          backendId() + ": close returned before call " + i + " completed");
      assertEquals(n, pending.get(i).get().asInt());
      assertTrue(
          stages.get(i).isDone(), backendId() + ": close returned before stage " + i + " ran");
    }
    assertThrows(IllegalStateException.class, () -> own.reduceAsync(buffer, ReduceOp.SUM));
  }
}
