package dev.prims.app.stress;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.conformance.Calls;
import dev.prims.conformance.Checks;
import dev.prims.conformance.DataKind;
import dev.prims.conformance.ExactSum;
import dev.prims.conformance.Reference;
import dev.prims.conformance.ScanHistogramChain;
import dev.prims.conformance.TestData;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * One randomly chosen call (primitive, type, size, op, variant, determinism, array or device-buffer
 * path) on one backend, checked against the cpu backend: exact for integers, MIN/MAX and
 * histograms, bitwise in reproducible mode, and within each backend's stated error bound for
 * floating sums, scans and dots.
 */
final class StressCase {
  private static final DType[] TYPES = DType.values();
  private static final Primitive[] PRIMITIVES = Primitive.values();
  private static final DataKind[] KINDS = {
    DataKind.RANDOM, DataKind.CONSTANT, DataKind.ALTERNATING
  };
  private static final ReduceOp[] INTEGER_OPS = {
    ReduceOp.SUM, ReduceOp.MIN, ReduceOp.MAX, ReduceOp.PROD, ReduceOp.AND, ReduceOp.OR, ReduceOp.XOR
  };
  private static final ReduceOp[] SCAN_OPS = {ReduceOp.SUM, ReduceOp.MIN, ReduceOp.MAX};
  private static final String REFERENCE = "cpu";

  /** What was called and, when the answer was wrong, why (null when right). */
  record Result(String call, String error) {}

  /** Warm-up calls use at most this many elements (later calls may be longer). */
  private static final int WARM_UP_MAX = 1 << 20;

  /** Inputs of calls on an engine of their own are at most this long. */
  private static final int OWN_ENGINE_MAX = 4096;

  private final Prims engine;
  private final Map<String, Integer> maxSizes;
  private final Set<String> reproducible;
  private final Supplier<Prims> engines;

  /**
   * @param engine the shared engine
   * @param maxSizes the largest input length on each backend
   * @param reproducible the backends whose reproducible mode is exercised
   * @param engines opens a new engine (configured as the shared one) for calls on an engine of
   *     their own
   */
  StressCase(
      Prims engine,
      Map<String, Integer> maxSizes,
      Set<String> reproducible,
      Supplier<Prims> engines) {
    this.engine = engine;
    this.maxSizes = Map.copyOf(maxSizes);
    this.reproducible = reproducible;
    this.engines = engines;
  }

  /**
   * Runs one random call on {@code backend}: mostly one primitive; one in eight a scan, histogram
   * and reduce chain on device buffers; one in 64 a call on an engine of its own, opened and closed
   * while other threads call the shared one. An exception from it becomes a {@link StressFailure}.
   */
  Result run(String backend, SplittableRandom r) {
    int mix = r.nextInt(64);
    if (mix == 0) {
      return guarded(ownEngineCall(backend, r));
    }
    if (mix < 8) {
      return guarded(chain(backend, r));
    }
    Primitive primitive = PRIMITIVES[r.nextInt(PRIMITIVES.length)];
    DType type = TYPES[r.nextInt(TYPES.length)];
    int n = size(r, maxSize(backend));
    Prims target = engine.backend(backend);
    List<String> variants = target.primaryBackend().variants(primitive);
    String variant = variants.get(r.nextInt(variants.size()));
    target = target.variant(primitive, variant);
    Prims cpu = engine.backend(REFERENCE);
    boolean repro =
        type.isFloating()
            && primitive != Primitive.HISTOGRAM
            && reproducible.contains(backend)
            && r.nextInt(4) == 0;
    if (repro) {
      target = target.determinism(Determinism.REPRODUCIBLE);
      cpu = cpu.determinism(Determinism.REPRODUCIBLE);
    }
    boolean buffers =
        (primitive == Primitive.REDUCE || primitive == Primitive.SCAN) && r.nextInt(4) == 0;
    boolean async = buffers && r.nextBoolean();
    long seed = r.nextLong();
    String call =
        primitive.id()
            + " "
            + type.id()
            + "["
            + n
            + "] on "
            + backend
            + " ("
            + variant
            + (repro ? ", reproducible" : "")
            + (buffers ? (async ? ", device buffers, async" : ", device buffers") : "")
            + ", seed "
            + seed
            + ")";
    Object data = TestData.array(type, KINDS[r.nextInt(KINDS.length)], n, seed);
    try {
      return new Result(call, check(primitive, target, cpu, data, r, repro, buffers, async));
    } catch (RuntimeException e) {
      throw new StressFailure(call, e);
    }
  }

  /** An exception from a stress call, with the call in its message. */
  static final class StressFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    StressFailure(String call, RuntimeException cause) {
      super(call + ": " + cause, cause);
    }
  }

  /** The largest input length on {@code backend}. */
  int maxSize(String backend) {
    return maxSizes.get(backend);
  }

  /** A call that runs {@code work} and names itself in any exception. */
  private record Named(String call, Supplier<String> work) {}

  private static Result guarded(Named named) {
    try {
      return new Result(named.call(), named.work().get());
    } catch (RuntimeException e) {
      throw new StressFailure(named.call(), e);
    }
  }

  /**
   * Scan, then a key histogram of the scan, then reduces of the histogram, all on device buffers of
   * {@code backend}, issued without waiting in between when asynchronous, checked against {@link
   * ScanHistogramChain}.
   */
  private Named chain(String backend, SplittableRandom r) {
    int n = size(r, maxSize(backend));
    int bins = 1 + r.nextInt(4096);
    boolean async = r.nextBoolean();
    long seed = r.nextLong();
    String call =
        "chain scan-histogram-reduce int["
            + n
            + "] "
            + bins
            + " bins on "
            + backend
            + (async ? " (device buffers, async" : " (device buffers")
            + ", seed "
            + seed
            + ")";
    return new Named(
        call,
        () -> {
          int[] steps = new SplittableRandom(seed).ints(n, 0, 4).toArray();
          ScanHistogramChain expected = ScanHistogramChain.expected(steps, bins);
          Prims target = engine.backend(backend);
          long outside;
          long inside;
          long fullest;
          try (DeviceBuffer input = target.upload(steps);
              DeviceBuffer prefix = target.allocate(DType.INT, n);
              DeviceBuffer counts = target.allocate(DType.LONG, bins)) {
            if (async) {
              target.scanAsync(input, prefix, ReduceOp.SUM, ScanKind.INCLUSIVE);
              var out = target.histogramAsync(prefix, HistogramSpec.keys(bins), counts);
              var sum = target.reduceAsync(counts, ReduceOp.SUM);
              var max = target.reduceAsync(counts, ReduceOp.MAX);
              outside = await(out);
              inside = await(sum).asLong();
              fullest = await(max).asLong();
            } else {
              target.scan(input, prefix, ReduceOp.SUM, ScanKind.INCLUSIVE);
              outside = target.histogram(prefix, HistogramSpec.keys(bins), counts);
              inside = target.reduce(counts, ReduceOp.SUM).asLong();
              fullest = target.reduce(counts, ReduceOp.MAX).asLong();
            }
          }
          if (outside != expected.outside()
              || inside != expected.inside()
              || fullest != expected.fullest()) {
            return "chain gave out of range "
                + outside
                + ", sum "
                + inside
                + ", fullest "
                + fullest
                + "; expected "
                + expected.outside()
                + ", "
                + expected.inside()
                + ", "
                + expected.fullest();
          }
          return null;
        });
  }

  /**
   * Opens an engine of its own, uploads a buffer, reduces it, and closes the engine without closing
   * the buffer: the answer must be right and the buffer closed with its engine.
   */
  private Named ownEngineCall(String backend, SplittableRandom r) {
    int n = size(r, Math.min(OWN_ENGINE_MAX, maxSize(backend)));
    long seed = r.nextLong();
    String call = "reduce long[" + n + "] on an engine of its own on " + backend + ", seed " + seed;
    return new Named(
        call,
        () -> {
          long[] data = new SplittableRandom(seed).longs(n).toArray();
          long expected = 0;
          for (long v : data) {
            expected += v;
          }
          DeviceBuffer kept;
          long actual;
          try (Prims own = engines.get()) {
            Prims view = own.backend(backend);
            kept = view.upload(data);
            actual = view.reduce(kept, ReduceOp.SUM).asLong();
          }
          if (actual != expected) {
            return "expected " + expected + ", got " + actual;
          }
          return kept.isClosed() ? null : "the buffer outlived its engine (isClosed() is false)";
        });
  }

  /**
   * One call of every primitive, variant and type at the largest size (at most {@value
   * #WARM_UP_MAX}), through arrays and device buffers, and of every reproducible-mode primitive (so
   * kernels are built and caches filled before memory is first measured); returns the wrong
   * answers.
   */
  List<Result> warmUp(String backend) {
    List<Result> wrong = new ArrayList<>();
    int maxSize = Math.min(WARM_UP_MAX, maxSize(backend));
    SplittableRandom r = new SplittableRandom(maxSize);
    Prims cpu = engine.backend(REFERENCE);
    for (Primitive primitive : PRIMITIVES) {
      for (String variant : engine.backend(backend).primaryBackend().variants(primitive)) {
        Prims target = engine.backend(backend).variant(primitive, variant);
        for (DType type : TYPES) {
          Object data = TestData.array(type, DataKind.RANDOM, maxSize, r.nextLong());
          for (int path = 0; path < 3; path++) {
            String error = check(primitive, target, cpu, data, r, false, path > 0, path == 2);
            if (error != null) {
              wrong.add(
                  new Result("warm-up " + primitive.id() + " " + type.id() + " " + variant, error));
            }
          }
        }
      }
    }
    if (reproducible.contains(backend)) {
      Prims target = engine.backend(backend).determinism(Determinism.REPRODUCIBLE);
      Prims cpuRepro = cpu.determinism(Determinism.REPRODUCIBLE);
      for (DType type : new DType[] {DType.FLOAT, DType.DOUBLE}) {
        Object data = TestData.array(type, DataKind.RANDOM, maxSize, r.nextLong());
        for (Primitive primitive :
            new Primitive[] {Primitive.REDUCE, Primitive.SCAN, Primitive.DOT}) {
          String error = check(primitive, target, cpuRepro, data, r, true, false, false);
          if (error != null) {
            wrong.add(
                new Result("warm-up reproducible " + primitive.id() + " " + type.id(), error));
          }
        }
      }
    }
    return wrong;
  }

  private String check(
      Primitive primitive,
      Prims target,
      Prims cpu,
      Object data,
      SplittableRandom r,
      boolean repro,
      boolean buffers,
      boolean async) {
    DType type = DType.ofArray(data);
    int n = Array.getLength(data);
    switch (primitive) {
      case REDUCE:
        return reduce(target, cpu, data, reduceOp(type, repro, r), repro, buffers, async);
      case SCAN:
        ReduceOp scanOp = repro ? ReduceOp.SUM : SCAN_OPS[r.nextInt(3)];
        return scan(target, cpu, data, scanOp, r.nextBoolean(), buffers, async, repro);
      case HISTOGRAM:
        return histogram(target, cpu, type, n, r);
      default:
        return dot(
            target, cpu, data, TestData.array(type, DataKind.RANDOM, n, r.nextLong()), repro);
    }
  }

  /** The value of an asynchronous call, its failure rethrown as the synchronous call would. */
  private static <T> T await(java.util.concurrent.CompletableFuture<T> future) {
    try {
      return future.get(120, java.util.concurrent.TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException e) {
      if (e.getCause() instanceof RuntimeException re) {
        throw re;
      }
      throw new IllegalStateException(e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException("an asynchronous call did not complete in 120 s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  private static int size(SplittableRandom r, int maxSize) {
    return (int) Math.min(maxSize, Math.max(1, Math.exp(r.nextDouble() * Math.log(maxSize + 1))));
  }

  private static ReduceOp reduceOp(DType type, boolean repro, SplittableRandom r) {
    if (repro) {
      return ReduceOp.SUM;
    }
    return type.isFloating() ? SCAN_OPS[r.nextInt(3)] : INTEGER_OPS[r.nextInt(INTEGER_OPS.length)];
  }

  private String reduce(
      Prims target,
      Prims cpu,
      Object data,
      ReduceOp op,
      boolean repro,
      boolean buffers,
      boolean async) {
    DType type = DType.ofArray(data);
    Number actual;
    if (buffers) {
      try (DeviceBuffer input = target.upload(data)) {
        actual =
            async ? await(target.reduceAsync(input, op)).value() : target.reduce(input, op).value();
      }
    } else {
      actual = Calls.reduce(target, data, op).value();
    }
    Scalar expected = Calls.reduce(cpu, data, op);
    if (!type.isFloating() || op != ReduceOp.SUM || repro) {
      return sameValue(type, expected.value(), actual);
    }
    long n = Array.getLength(data);
    ExactSum exact = Reference.sum(data);
    String error = Checks.sumError(type, actual.doubleValue(), exact, bound(target, type, n));
    return error != null ? error : cpuError(cpu, type, expected.value(), exact, n, 0);
  }

  private String scan(
      Prims target,
      Prims cpu,
      Object data,
      ReduceOp op,
      boolean inclusive,
      boolean buffers,
      boolean async,
      boolean repro) {
    DType type = DType.ofArray(data);
    ScanKind kind = inclusive ? ScanKind.INCLUSIVE : ScanKind.EXCLUSIVE;
    int n = Array.getLength(data);
    Object actual;
    if (buffers) {
      actual = Array.newInstance(data.getClass().getComponentType(), n);
      try (DeviceBuffer input = target.upload(data);
          DeviceBuffer output = target.allocate(type, n)) {
        if (async) {
          // issued without waiting: the download is ordered after the scan on the backend
          target.scanAsync(input, output, op, kind);
        } else {
          target.scan(input, output, op, kind);
        }
        target.download(output, actual);
      }
    } else {
      actual = Calls.scan(target, data, op, kind).values();
    }
    Object expected = Calls.scan(cpu, data, op, kind).values();
    if (!type.isFloating() || op != ReduceOp.SUM || repro) {
      int at =
          Array.getLength(actual) != Array.getLength(expected)
              ? 0
              : Checks.firstDifference(expected, actual);
      return at < 0
          ? null
          : kind.name().toLowerCase(java.util.Locale.ROOT)
              + " scan differs from cpu at "
              + at
              + ": cpu "
              + Array.get(expected, at)
              + ", got "
              + Array.get(actual, at);
    }
    String error =
        Checks.prefixSumError(
            type, data, actual, kind == ScanKind.INCLUSIVE, bound(target, type, n));
    return error == null ? null : "scan element " + error;
  }

  private static String histogram(Prims target, Prims cpu, DType type, int n, SplittableRandom r) {
    int bins = 1 + r.nextInt(r.nextBoolean() ? 64 : 4096);
    Object data;
    HistogramSpec spec;
    switch (type) {
      case INT:
        data = r.ints(n, -2, bins + 2).toArray();
        spec = HistogramSpec.keys(bins);
        break;
      case LONG:
        data = r.longs(n, -2, bins + 2L).toArray();
        spec = HistogramSpec.keys(bins);
        break;
      case FLOAT:
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          f[i] = (float) (r.nextDouble() * 1.2 - 0.1);
        }
        data = f;
        spec = HistogramSpec.even(bins, 0, 1);
        break;
      default:
        data = r.doubles(n, -0.1, 1.1).toArray();
        spec = HistogramSpec.even(bins, 0, 1);
    }
    HistogramResult actual = Calls.histogram(target, data, spec);
    HistogramResult expected = Calls.histogram(cpu, data, spec);
    if (actual.outOfRange() != expected.outOfRange()) {
      return "out of range " + actual.outOfRange() + ", cpu " + expected.outOfRange();
    }
    if (!Arrays.equals(actual.counts(), expected.counts())) {
      return "histogram counts differ from cpu (" + bins + " bins)";
    }
    return null;
  }

  private String dot(Prims target, Prims cpu, Object a, Object b, boolean repro) {
    DType type = DType.ofArray(a);
    Number actual = Calls.dot(target, a, b).value();
    Number expected = Calls.dot(cpu, a, b).value();
    if (!type.isFloating() || repro) {
      return sameValue(type, expected, actual);
    }
    long n = Array.getLength(a);
    ExactSum exact = Reference.dot(a, b);
    String error = Checks.sumError(type, actual.doubleValue(), exact, bound(target, type, n) + 1);
    return error != null ? error : cpuError(cpu, type, expected, exact, n, 1);
  }

  private static long bound(Prims prims, DType type, long n) {
    return prims.primaryBackend().sequentialChain(type, n) + Checks.ceilLog2(n);
  }

  private static String cpuError(
      Prims cpu, DType type, Number value, ExactSum exact, long n, int extra) {
    String error = Checks.sumError(type, value.doubleValue(), exact, bound(cpu, type, n) + extra);
    return error == null ? null : "the cpu reference itself: " + error;
  }

  private static String sameValue(DType type, Number expected, Number actual) {
    boolean same;
    switch (type) {
      case INT:
      case LONG:
        same = expected.longValue() == actual.longValue();
        break;
      case FLOAT:
        same =
            Float.isNaN(expected.floatValue())
                ? Float.isNaN(actual.floatValue())
                : Float.floatToIntBits(expected.floatValue())
                    == Float.floatToIntBits(actual.floatValue());
        break;
      default:
        same =
            Double.isNaN(expected.doubleValue())
                ? Double.isNaN(actual.doubleValue())
                : Double.doubleToLongBits(expected.doubleValue())
                    == Double.doubleToLongBits(actual.doubleValue());
    }
    return same ? null : "cpu says " + expected + ", got " + actual;
  }
}
