package dev.prims.engine;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.Segmenter;

/**
 * The segmented and by-key calls on one backend, fast or reproducible. A by-key call in fast mode
 * is the backend's fused by-key pass where it has one ({@link Segmenter#fusedByKey}); otherwise,
 * and in reproducible mode, the runs of its keys ({@link Segmenter#runs}) followed by the segmented
 * call over the runs' offsets.
 *
 * <p>Reproducible floating sums and scans use one {@link FoldPlan} for the whole input, made from
 * its largest magnitude as for a plain reproducible scan: each segment's exact fold sums (or each
 * prefix's, for a scan) are rounded once with {@link FoldPlan#combine}, so every backend gives the
 * same bits. An input holding NaN or an infinity takes the fast path (IEEE special values, noted in
 * the provenance).
 */
public final class SegmentedCalls {
  /** The variant the fold path reports. */
  public static final String REPRODUCIBLE = "reproducible-folds";

  private SegmentedCalls() {}

  /** Segmented reduce of {@code values} over {@code offsets[0..segments]} into {@code out}. */
  public static void reduce(
      Backend backend,
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    segmented(backend, new Segmenter.Pass(values, offsets, segments, out, op, null, null, call));
  }

  /** Segmented scan of {@code values} over {@code offsets[0..segments]} into {@code out}. */
  public static void scan(
      Backend backend,
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {
    segmented(backend, new Segmenter.Pass(values, offsets, segments, out, op, kind, null, call));
  }

  /**
   * Reduce-by-key of a non-empty input: the unique keys of the runs go to {@code uniqueKeys}, their
   * reductions to {@code out}; returns the number of runs.
   */
  public static long reduceByKey(
      Backend backend,
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer uniqueKeys,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    if (!ReproducibleMode.applies(call, values.type(), op)) {
      long runs =
          backend
              .segmenter()
              .fusedByKey(new Segmenter.ByKeyPass(keys, values, uniqueKeys, out, op, null, call));
      if (runs >= 0) {
        return runs;
      }
    }
    try (DeviceBuffer offsets = runOffsets(backend, keys.length())) {
      long runs = backend.segmenter().runs(keys, uniqueKeys, offsets, call);
      reduce(backend, values, offsets, runs, out, op, call);
      return runs;
    }
  }

  /** Scan-by-key of a non-empty input: each run of equal keys scanned on its own into out. */
  public static void scanByKey(
      Backend backend,
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {
    if (!ReproducibleMode.applies(call, values.type(), op)
        && backend
                .segmenter()
                .fusedByKey(new Segmenter.ByKeyPass(keys, values, null, out, op, kind, call))
            >= 0) {
      return;
    }
    try (DeviceBuffer offsets = runOffsets(backend, keys.length());
        DeviceBuffer unique = backend.buffers().allocate(keys.type(), keys.length())) {
      long runs = backend.segmenter().runs(keys, unique, offsets, call);
      scan(backend, values, offsets, runs, out, op, kind, call);
    }
  }

  /** Runs {@code pass} on the backend, on exact fold sums where a reproducible sum applies. */
  private static void segmented(Backend backend, Segmenter.Pass pass) {
    FoldPlan plan = plan(backend, pass.values(), pass.op(), pass.call());
    backend.segmenter().segmented(plan == null ? pass : pass.folded(plan));
  }

  /** A buffer for the {@link Segmenter#runs} offsets of {@code n} keys: int where n + 1 fits. */
  public static DeviceBuffer runOffsets(Backend backend, long n) {
    DType type = n + 1 <= Integer.MAX_VALUE ? DType.INT : DType.LONG;
    return backend.buffers().allocate(type, n + 1);
  }

  /**
   * The plan of a reproducible floating sum, or null for the fast path (fast mode, another
   * operator, an empty or non-finite input).
   */
  private static FoldPlan plan(
      Backend backend, DeviceBuffer values, ReduceOp op, CallContext call) {
    if (!ReproducibleMode.applies(call, values.type(), op) || values.length() == 0) {
      return null;
    }
    return ReproducibleMode.scanPlan(backend, values, call);
  }
}
