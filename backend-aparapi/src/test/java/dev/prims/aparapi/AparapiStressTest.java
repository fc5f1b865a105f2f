package dev.prims.aparapi;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.EvenBins;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Availability;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Many threads share one Aparapi engine for a few seconds while another thread keeps the garbage
 * collector busy (so that arrays move between and during calls): small histograms of random sizes
 * (1 to 600, sometimes up to 5000), random bins, every type and every variant, interleaved with
 * reduce, scan and dot, on host arrays that each thread reuses with new contents and on device
 * buffers rewritten in place. Every answer is checked against a host reference. This is how the
 * wrong histograms seen on the H200 come back if device-only state ever again has to survive
 * between two Aparapi runs. {@code -Dprims.aparapi.stress.seconds} (default 3) and {@code
 * -Dprims.aparapi.stress.threads} (default 8) make it longer or wider (the GPU script does).
 */
class AparapiStressTest {
  private static final String[] VARIANTS = {
    AparapiHistogrammer.SHARED_ATOMICS,
    AparapiHistogrammer.GROUP_ROWS,
    AparapiHistogrammer.GLOBAL_ATOMICS
  };

  /** Checks every run makes at least, whatever the machine's load. */
  private static final int MIN_CHECKS = 50;

  private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
  private final AtomicLong failureCount = new AtomicLong();
  private final AtomicLong checks = new AtomicLong();
  private final AtomicLong histograms = new AtomicLong();

  @Test
  void everyAnswerIsRightUnderConcurrencyAndGarbageCollection() throws Exception {
    double seconds = Double.parseDouble(System.getProperty("prims.aparapi.stress.seconds", "3"));
    int threads = Integer.getInteger("prims.aparapi.stress.threads", 8);
    Map<String, String> config = new HashMap<>();
    config.put(PrimsConfig.BACKEND, AparapiBackendProvider.ID);
    config.put(PrimsConfig.FALLBACK, "false");
    String device = System.getProperty("prims.device");
    if (device != null) {
      config.put(PrimsConfig.DEVICE, device);
    }
    try (Prims root = Prims.create(PrimsConfig.of(config))) {
      Availability availability = root.backends().get(AparapiBackendProvider.ID);
      if (availability == null || !availability.available()) {
        if (availability != null && !availability.hardwareAbsent()) {
          throw new AssertionError("aparapi is present but broken: " + availability.reason());
        }
        Assumptions.abort(
            "aparapi not available: "
                + (availability == null ? "not discovered" : availability.reason()));
      }
      Prims prims = root.backend(AparapiBackendProvider.ID);
      new Worker(prims, new SplittableRandom(1)).warmUp();
      long deadline = System.nanoTime() + (long) (seconds * 1e9);
      // a fixed amount of work besides the time, so a loaded machine checks as much
      int minRoundsPerThread = (MIN_CHECKS + threads - 1) / threads;
      AtomicBoolean running = new AtomicBoolean(true);
      Thread churn = new Thread(() -> churnGarbage(running), "gc-churn");
      churn.setDaemon(true);
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<?>> futures = new ArrayList<>();
      try {
        churn.start();
        for (int t = 0; t < threads; t++) {
          long seed = 0x5eedL * (t + 1);
          futures.add(
              pool.submit(
                  () -> {
                    start.await();
                    new Worker(prims, new SplittableRandom(seed))
                        .runUntil(deadline, minRoundsPerThread);
                    return null;
                  }));
        }
        start.countDown();
        for (Future<?> f : futures) {
          f.get((long) seconds + 300, TimeUnit.SECONDS);
        }
      } finally {
        running.set(false);
        pool.shutdownNow();
        churn.join(10_000);
      }
    }
    System.out.printf(
        "aparapi stress: %d checks (%d histograms), %d wrong%n",
        checks.get(), histograms.get(), failureCount.get());
    assertTrue(
        failureCount.get() == 0,
        failureCount.get()
            + " wrong answers in "
            + checks.get()
            + " checks, first ones:\n"
            + String.join("\n", failures));
    assertTrue(checks.get() >= MIN_CHECKS, "only " + checks.get() + " checks ran");
  }

  /** Allocates short-lived garbage and asks for full collections, so that arrays keep moving. */
  private static void churnGarbage(AtomicBoolean running) {
    Object[] keep = new Object[64];
    int i = 0;
    while (running.get()) {
      for (int k = 0; k < 2000; k++) {
        keep[(i++) & 63] = new long[1 + (k & 255)];
      }
      if ((i & 0x7fff) < 2000) {
        System.gc();
      }
      Thread.onSpinWait();
    }
  }

  private void check(boolean ok, String what) {
    checks.incrementAndGet();
    if (!ok) {
      failureCount.incrementAndGet();
      if (failures.size() < 10) {
        failures.add(Thread.currentThread().getName() + ": " + what);
      }
    }
  }

  /** One thread's calls, with host arrays kept per size and refilled before each use. */
  private final class Worker {
    private final Prims prims;
    private final SplittableRandom random;
    private final Map<String, Object> arrays = new HashMap<>();

    Worker(Prims prims, SplittableRandom random) {
      this.prims = prims;
      this.random = random;
    }

    /** One call of each kind, so that kernels are built before the clock starts. */
    void warmUp() {
      keyHistogram(DType.INT);
      keyHistogram(DType.LONG);
      evenHistogram(DType.FLOAT);
      evenHistogram(DType.DOUBLE);
      otherPrimitives();
      deviceChain();
    }

    /** Runs random rounds until {@code deadline} and at least {@code minRounds} of them. */
    void runUntil(long deadline, int minRounds) {
      for (int round = 0;
          (round < minRounds || System.nanoTime() < deadline) && failures.size() < 10;
          round++) {
        int choice = random.nextInt(10);
        if (choice < 2) {
          keyHistogram(DType.INT);
        } else if (choice < 4) {
          keyHistogram(DType.LONG);
        } else if (choice < 5) {
          evenHistogram(DType.FLOAT);
        } else if (choice < 6) {
          evenHistogram(DType.DOUBLE);
        } else if (choice < 8) {
          otherPrimitives();
        } else {
          deviceChain();
        }
      }
    }

    private int size() {
      return random.nextInt(8) == 0 ? 1 + random.nextInt(5000) : 1 + random.nextInt(600);
    }

    private int bins() {
      return random.nextInt(8) == 0 ? 1 + random.nextInt(5000) : 1 + random.nextInt(300);
    }

    private Prims variant() {
      return prims.variant(Primitive.HISTOGRAM, VARIANTS[random.nextInt(VARIANTS.length)]);
    }

    private Object array(DType type, int n) {
      String key = type.id() + n;
      Object array = arrays.get(key);
      if (array == null) {
        switch (type) {
          case INT:
            array = new int[n];
            break;
          case LONG:
            array = new long[n];
            break;
          case FLOAT:
            array = new float[n];
            break;
          default:
            array = new double[n];
        }
        if (arrays.size() > 200) {
          arrays.clear();
        }
        arrays.put(key, array);
      }
      return array;
    }

    private void keyHistogram(DType type) {
      int n = size();
      int bins = bins();
      long[] expected = new long[bins];
      long out = 0;
      HistogramResult result;
      Prims view = variant();
      if (type == DType.INT) {
        int[] keys = (int[]) array(type, n);
        for (int i = 0; i < n; i++) {
          keys[i] = random.nextInt(bins + 6) - 3;
          if (keys[i] >= 0 && keys[i] < bins) {
            expected[keys[i]]++;
          } else {
            out++;
          }
        }
        result = view.histogram(keys, bins);
      } else {
        long[] keys = (long[]) array(type, n);
        for (int i = 0; i < n; i++) {
          keys[i] = random.nextInt(8) == 0 ? random.nextLong() : random.nextInt(bins + 6) - 3;
          if (keys[i] >= 0 && keys[i] < bins) {
            expected[(int) keys[i]]++;
          } else {
            out++;
          }
        }
        result = view.histogram(keys, bins);
      }
      compare(result, expected, out, type.id() + " keys n=" + n + " bins=" + bins);
    }

    private void evenHistogram(DType type) {
      int n = size();
      int bins = bins();
      double lower = random.nextInt(200) - 100 + random.nextDouble();
      double upper = lower + 0.5 + random.nextInt(100);
      HistogramSpec spec = HistogramSpec.even(bins, lower, upper);
      EvenBins even = EvenBins.of(spec, type);
      long[] expected = new long[bins];
      long out = 0;
      HistogramResult result;
      Object values = array(type, n);
      for (int i = 0; i < n; i++) {
        double value = value(lower, upper);
        int b;
        if (values instanceof float[] floats) {
          floats[i] = (float) value;
          b = even.binOf(floats[i]);
        } else {
          ((double[]) values)[i] = value;
          b = even.binOf(value);
        }
        if (b < 0) {
          out++;
        } else {
          expected[b]++;
        }
      }
      if (values instanceof float[] floats) {
        result = variant().histogram(floats, spec);
      } else {
        result = variant().histogram((double[]) values, spec);
      }
      compare(result, expected, out, type.id() + " even n=" + n + " " + spec);
    }

    private double value(double lower, double upper) {
      switch (random.nextInt(16)) {
        case 0:
          return Double.NaN;
        case 1:
          return lower;
        case 2:
          return upper;
        case 3:
          return -0.0;
        default:
          return lower - 2 + (upper - lower + 4) * random.nextDouble();
      }
    }

    private void compare(HistogramResult result, long[] expected, long out, String what) {
      histograms.incrementAndGet();
      boolean ok = Arrays.equals(expected, result.counts()) && out == result.outOfRange();
      check(
          ok,
          what
              + " via "
              + result.provenance()
              + ": outOfRange "
              + result.outOfRange()
              + " expected "
              + out
              + firstDifference(expected, result.counts()));
    }

    private String firstDifference(long[] expected, long[] actual) {
      if (expected.length != actual.length) {
        return "; " + actual.length + " bins, expected " + expected.length;
      }
      for (int i = 0; i < expected.length; i++) {
        if (expected[i] != actual[i]) {
          return "; bin " + i + " = " + actual[i] + ", expected " + expected[i];
        }
      }
      return "";
    }

    private void otherPrimitives() {
      int n = size();
      int[] ints = (int[]) array(DType.INT, n);
      long[] longs = (long[]) array(DType.LONG, n);
      int sum = 0;
      long max = Long.MIN_VALUE;
      long dot = 0;
      for (int i = 0; i < n; i++) {
        ints[i] = random.nextInt();
        longs[i] = random.nextLong();
        sum += ints[i];
        max = Math.max(max, longs[i]);
        dot += longs[i] * longs[i];
      }
      check(prims.reduce(ints, ReduceOp.SUM).asInt() == sum, "int sum n=" + n);
      check(prims.reduce(longs, ReduceOp.MAX).asLong() == max, "long max n=" + n);
      check(prims.dot(longs, longs).asLong() == dot, "long dot n=" + n);
      int[] prefix = prims.scan(ints, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
      int running = 0;
      boolean ok = prefix.length == n;
      for (int i = 0; ok && i < n; i++) {
        running += ints[i];
        ok = prefix[i] == running;
      }
      check(ok, "int inclusive scan n=" + n);
    }

    /**
     * Keys on the device: histogram and dot, rewritten in place by a scan, histogram and dot again.
     */
    private void deviceChain() {
      int n = size();
      int bins = bins();
      int[] keys = new int[n];
      for (int i = 0; i < n; i++) {
        keys[i] = random.nextInt(3);
      }
      HistogramSpec spec = HistogramSpec.keys(bins);
      try (DeviceBuffer x = prims.upload(keys);
          DeviceBuffer counts = prims.allocate(DType.LONG, bins)) {
        Prims view = variant();
        long out = view.histogram(x, spec, counts);
        checkDeviceHistogram(keys, bins, counts, out, "device keys n=" + n + " bins=" + bins);
        int before = 0;
        for (int k : keys) {
          before += k * k;
        }
        check(before == prims.dot(x, x).asInt(), "device dot(x, x) n=" + n);
        prims.scan(x, x, ReduceOp.SUM, ScanKind.INCLUSIVE);
        int running = 0;
        long squares = 0;
        for (int i = 0; i < n; i++) {
          running += keys[i];
          keys[i] = running;
          squares += (long) running * running;
        }
        out = view.histogram(x, spec, counts);
        checkDeviceHistogram(keys, bins, counts, out, "device prefix keys n=" + n);
        check(
            (int) squares == prims.dot(x, x).asInt(),
            "device dot(x, x) after an in-place scan n=" + n);
        scansIntoOtherBuffers(x, keys, spec, view);
      }
    }

    /**
     * Scans of {@code x} (holding {@code values}) into other buffers, whose results stay on the
     * scan kernel's device copy until used: read by a histogram, by a download, after a scan into
     * another buffer, and as the input of the next scan.
     */
    private void scansIntoOtherBuffers(
        DeviceBuffer x, int[] values, HistogramSpec spec, Prims view) {
      int n = values.length;
      int[] exclusive = new int[n];
      int[] inclusive = new int[n];
      int[] twice = new int[n];
      int running = 0;
      int again = 0;
      for (int i = 0; i < n; i++) {
        exclusive[i] = running;
        running += values[i];
        inclusive[i] = running;
        again += exclusive[i];
        twice[i] = again;
      }
      try (DeviceBuffer y = prims.allocate(DType.INT, n);
          DeviceBuffer z = prims.allocate(DType.INT, n);
          DeviceBuffer counts = prims.allocate(DType.LONG, spec.bins())) {
        prims.scan(x, y, ReduceOp.SUM, ScanKind.EXCLUSIVE);
        prims.scan(x, z, ReduceOp.SUM, ScanKind.INCLUSIVE);
        long out = view.histogram(z, spec, counts);
        checkDeviceHistogram(inclusive, spec.bins(), counts, out, "histogram of a scan n=" + n);
        int[] back = new int[n];
        prims.download(y, back);
        check(Arrays.equals(exclusive, back), "exclusive scan into a second buffer n=" + n);
        prims.scan(y, z, ReduceOp.SUM, ScanKind.INCLUSIVE);
        prims.scan(y, z, ReduceOp.SUM, ScanKind.INCLUSIVE);
        prims.download(z, back);
        check(Arrays.equals(twice, back), "scan of a scan's result n=" + n);
      }
    }

    private void checkDeviceHistogram(
        int[] keys, int bins, DeviceBuffer counts, long out, String what) {
      long[] expected = new long[bins];
      long expectedOut = 0;
      for (int k : keys) {
        if (k >= 0 && k < bins) {
          expected[k]++;
        } else {
          expectedOut++;
        }
      }
      long[] actual = new long[bins];
      prims.download(counts, actual);
      histograms.incrementAndGet();
      check(
          Arrays.equals(expected, actual) && out == expectedOut,
          what
              + ": outOfRange "
              + out
              + " expected "
              + expectedOut
              + firstDifference(expected, actual));
    }
  }
}
