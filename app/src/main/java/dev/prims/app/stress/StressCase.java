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
import dev.prims.conformance.TestData;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

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

  private final Prims engine;
  private final int maxSize;
  private final Set<String> reproducible;

  /**
   * @param engine the shared engine
   * @param maxSize the largest input length
   * @param reproducible the backends whose reproducible mode is exercised
   */
  StressCase(Prims engine, int maxSize, Set<String> reproducible) {
    this.engine = engine;
    this.maxSize = maxSize;
    this.reproducible = reproducible;
  }

  /**
   * Runs one random call on {@code backend}; an exception from it becomes a {@link StressFailure}.
   */
  Result run(String backend, SplittableRandom r) {
    Primitive primitive = PRIMITIVES[r.nextInt(PRIMITIVES.length)];
    DType type = TYPES[r.nextInt(TYPES.length)];
    int n = size(r);
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

  /**
   * One call of every primitive, variant and type at the largest size, through arrays and device
   * buffers, and of every reproducible-mode primitive (so kernels are built and caches filled
   * before device memory is first measured); returns the wrong answers.
   */
  List<Result> warmUp(String backend) {
    List<Result> wrong = new ArrayList<>();
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

  private int size(SplittableRandom r) {
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
      int at = firstDifference(expected, actual);
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
    long k = bound(target, type, n);
    ExactSum prefix = new ExactSum();
    for (int i = 0; i < n; i++) {
      if (kind == ScanKind.INCLUSIVE) {
        prefix.add(Reference.element(data, i));
      }
      String error = Checks.sumError(type, Reference.element(actual, i), prefix, k);
      if (error != null) {
        return "scan element " + i + ": " + error;
      }
      if (kind == ScanKind.EXCLUSIVE) {
        prefix.add(Reference.element(data, i));
      }
    }
    return null;
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

  private static int firstDifference(Object expected, Object actual) {
    int n = Array.getLength(expected);
    if (Array.getLength(actual) != n) {
      return 0;
    }
    for (int i = 0; i < n; i++) {
      Object e = Array.get(expected, i);
      Object a = Array.get(actual, i);
      if (!e.equals(a)) {
        return i;
      }
    }
    return -1;
  }
}
