package dev.prims.engine;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Predicate;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.SortOrder;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.Selector;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;

/**
 * Times one {@link Workload} on one backend through the SPI, the way a call of the engine reaches
 * it (host arrays through the backend's own transfer path, or buffers already on the backend), at
 * {@link #SIZES} elements, and fits a {@link CostCurve} through the best time of each size. A
 * size's calls go on until the time per call has settled: a JIT-compiled backend reaches its speed
 * only after the JIT has compiled (and sometimes recompiled) its loops, which on the cpu backend's
 * int scans took some 25 calls of 2^23 elements (1.5-2 ms each, then 0.9 ms; 16-core host, Java
 * 17), far more than a fixed few. The data are random (keys in {@code [0, 256)}, values in {@code
 * [0, 1)}), so that a histogram spreads over its 256 bins as real data would; a sort's integer keys
 * span their whole type.
 */
final class CostProbe {
  /**
   * Elements per measured point: a tiny call (per-call overhead) up to one past most caches, close
   * enough in the middle that a straight line between two points follows the backends' curves (a
   * host array's trip through a GPU's staging and a cpu's caches bend them between 2^14 and 2^23).
   */
  static final int[] SIZES = {1 << 10, 1 << 14, 1 << 16, 1 << 18, 1 << 20, 1 << 23};

  /** Timed calls per point at least. */
  static final int MIN_REPS = 3;

  /** Timed calls per point at most (tiny calls). */
  static final int MAX_REPS = 2000;

  /** A point's timed calls go on at least this long. */
  static final long TARGET_NANOS = 5_000_000;

  /**
   * A point has settled once this many calls in a row set no new best (a best is new when at least
   * {@link #IMPROVEMENT} faster).
   */
  static final int SETTLE_CALLS = 24;

  /** The share of the best time a call must beat to count as a new best. */
  static final double IMPROVEMENT = 0.98;

  /** A point's timed calls stop after this long, settled or not (and {@link #MIN_REPS} done). */
  static final long MAX_NANOS = 200_000_000;

  private static final int BINS = 256;
  private static final CallContext FAST = new CallContext(null, Determinism.FAST);

  private final LongSupplier clock;
  private final int[] sizes;

  /** The probe of prims: {@link #SIZES}, timed with {@link System#nanoTime}. */
  CostProbe() {
    this(System::nanoTime, SIZES);
  }

  /** A probe timing calls of {@code sizes} elements (rising) with {@code clock} (nanoseconds). */
  CostProbe(LongSupplier clock, int... sizes) {
    this.clock = clock;
    this.sizes = sizes.clone();
  }

  /**
   * The curve of {@code workload} on {@code backend}: the best time of each size.
   *
   * @throws RuntimeException whatever the backend throws when it cannot run the workload
   */
  CostCurve measure(Backend backend, Workload workload) {
    List<CostCurve.Point> points = new ArrayList<>();
    // largest first: the large calls compile the code paths the small ones then time warm
    for (int i = sizes.length - 1; i >= 0; i--) {
      points.add(0, point(backend, workload, sizes[i]));
    }
    // then the largest again, keeping the faster: a JIT-compiled backend's first large calls may
    // run its loops as on-stack-replaced or less optimised code for dozens of calls, which the
    // thousands of small calls since have compiled in full (on the 16-core host the cpu int scan of
    // 2^23 settled at 2.2 ms in the first pass, where the same calls take 0.4-0.5 ms once compiled)
    int last = sizes.length - 1;
    CostCurve.Point again = point(backend, workload, sizes[last]);
    if (again.micros() < points.get(last).micros()) {
      points.set(last, again);
    }
    return CostCurve.fit(points);
  }

  /** The best time of {@code workload} at {@code n} elements on {@code backend}. */
  private CostCurve.Point point(Backend backend, Workload workload, int n) {
    List<DeviceBuffer> buffers = new ArrayList<>();
    try {
      Runnable call =
          workload.host()
              ? hostCall(backend, workload, n)
              : deviceCall(backend, workload, n, buffers);
      return point(workload, n, call);
    } finally {
      buffers.forEach(DeviceBuffer::close);
    }
  }

  private CostCurve.Point point(Workload workload, int n, Runnable call) {
    call.run(); // untimed: kernels built, staging allocated
    long best = Long.MAX_VALUE;
    int sinceBest = 0;
    long start = clock.getAsLong();
    for (int reps = 1; ; reps++) {
      long t0 = clock.getAsLong();
      call.run();
      long t1 = clock.getAsLong();
      long time = t1 - t0;
      sinceBest = time < best * IMPROVEMENT ? 0 : sinceBest + 1;
      best = Math.min(best, time);
      long elapsed = t1 - start;
      boolean settled = sinceBest >= SETTLE_CALLS && elapsed >= TARGET_NANOS;
      if (reps >= MIN_REPS && (settled || reps >= MAX_REPS || elapsed >= MAX_NANOS)) {
        return new CostCurve.Point(workload.bytes(n), best * 1e-3);
      }
    }
  }

  private static Runnable hostCall(Backend backend, Workload workload, int n) {
    BufferManager buffers = backend.buffers();
    Object input = data(workload, n, 1);
    return switch (workload.kind()) {
      case REDUCE -> () -> backend.reducer().reduce(buffers, input, ReduceOp.SUM, FAST);
      case SCAN -> {
        Object output = Array.newInstance(workload.type().arrayClass().getComponentType(), n);
        yield () ->
            backend
                .scanner()
                .scan(
                    buffers,
                    new HostScanRange(input, 0, output, 0, n),
                    ReduceOp.SUM,
                    ScanKind.INCLUSIVE,
                    FAST);
      }
      case HISTOGRAM -> {
        HistogramSpec spec = spec(workload.type());
        long[] counts = new long[BINS];
        yield () -> backend.histogrammer().histogram(buffers, input, spec, counts, FAST);
      }
      case DOT -> {
        Object other = data(workload, n, 2);
        yield () -> backend.dot().dot(buffers, input, other, FAST);
      }
      case SORT -> {
        Object output = Array.newInstance(workload.type().arrayClass().getComponentType(), n);
        yield () -> backend.sorter().sortInto(input, output, SortOrder.ASCENDING, FAST);
      }
      case SELECT -> {
        // about half kept: keys in [0, 256) from 128, values in [0, 1) from 0.5
        Predicate upperHalf =
            workload.type().isFloating() ? Predicate.atLeast(0.5) : Predicate.atLeast(BINS / 2L);
        Selector.ArraySelect select =
            new Selector.ArraySelect(input, upperHalf.program(workload.type()), null, false);
        yield () -> backend.selector().select(buffers, select, FAST);
      }
    };
  }

  private static Runnable deviceCall(
      Backend backend, Workload workload, int n, List<DeviceBuffer> buffers) {
    BufferManager manager = backend.buffers();
    DeviceBuffer input = keep(buffers, manager.upload(data(workload, n, 1)));
    return switch (workload.kind()) {
      case REDUCE -> () -> backend.reducer().reduce(input, ReduceOp.SUM, FAST);
      case SCAN -> {
        DeviceBuffer output = keep(buffers, manager.allocate(workload.type(), n));
        yield () -> backend.scanner().scan(input, output, ReduceOp.SUM, ScanKind.INCLUSIVE, FAST);
      }
      case HISTOGRAM -> {
        HistogramSpec spec = spec(workload.type());
        DeviceBuffer counts = keep(buffers, manager.allocate(DType.LONG, BINS));
        yield () -> backend.histogrammer().histogram(input, spec, counts, FAST);
      }
      case DOT -> {
        DeviceBuffer other = keep(buffers, manager.upload(data(workload, n, 2)));
        yield () -> backend.dot().dot(input, other, FAST);
      }
      case SORT, SELECT ->
          throw new IllegalArgumentException("sorts and selects are timed on host arrays only");
    };
  }

  private static DeviceBuffer keep(List<DeviceBuffer> buffers, DeviceBuffer buffer) {
    buffers.add(buffer);
    return buffer;
  }

  private static HistogramSpec spec(DType type) {
    return type.isFloating() ? HistogramSpec.even(BINS, 0, 1) : HistogramSpec.keys(BINS);
  }

  /**
   * {@code n} random elements of the workload's type: keys in [0, 256) (a sort's over the whole
   * type, so that every digit varies) or values in [0, 1).
   */
  private static Object data(Workload workload, int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    boolean sort = workload.kind() == Workload.Kind.SORT;
    return switch (workload.type()) {
      case INT -> sort ? random.ints(n).toArray() : random.ints(n, 0, BINS).toArray();
      case LONG -> sort ? random.longs(n).toArray() : random.longs(n, 0, BINS).toArray();
      case DOUBLE -> random.doubles(n).toArray();
      case FLOAT -> {
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
          values[i] = (float) random.nextDouble();
        }
        yield values;
      }
    };
  }
}
