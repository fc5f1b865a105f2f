package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;

/**
 * A skeletal {@link Segmenter} whose four segmented calls are one method, {@link #segmented}, told
 * by a {@link Pass} whether to reduce or scan, and whether on exact fold sums; whose arg-reduce is
 * {@link #argSegmented}, which names the variant it ran; whose two fused by-key calls are one
 * method, {@link #byKey}; and which says where a segmented reduce runs one block per segment
 * ({@link #blockPerSegment}).
 */
public abstract class AbstractSegmenter implements Segmenter {
  /** The variant of a segmented pass over tiles or chunks whatever the segment lengths. */
  public static final String FLAT = "segmented-flat";

  /** The variant of a segmented reduce with one block (work-group) per segment. */
  public static final String BLOCKS = "segmented-blocks";

  /** The variant of a segmented arg-reduce in one flat pass whatever the segment lengths. */
  public static final String ARG_FLAT = "segmented-arg-flat";

  /**
   * The variant of a segmented arg-reduce with one thread per short segment and one block
   * (work-group) per long one.
   */
  public static final String ARG_SPLIT = "segmented-arg-split";

  /** The variant of a by-key call in one pass (tile run detection and a decoupled look-back). */
  public static final String BY_KEY = "by-key-single-pass";

  /**
   * The average segment length from which a segmented reduce takes one block per segment: a block
   * of 256 threads then has at least 4 elements per thread to stream, and the per-tile bookkeeping
   * of the flat pass costs more than the block's reduction.
   */
  public static final long BLOCK_MIN_AVERAGE = 1024;

  @Override
  public final void reduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    call.usedVariant(variant(values.length(), segments, null));
    segmented(values, offsets, segments, out, new Pass(op, null, null, call));
  }

  @Override
  public final void scan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {
    call.usedVariant(variant(values.length(), segments, kind));
    segmented(values, offsets, segments, out, new Pass(op, kind, null, call));
  }

  @Override
  public final void argReduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer outValues,
      DeviceBuffer outIndices,
      ReduceOp op,
      CallContext call) {
    call.usedVariant(argSegmented(values, offsets, segments, outValues, outIndices, op, call));
  }

  /** The segmented arg-min/arg-max of {@link Segmenter#argReduce}; returns the variant that ran. */
  protected abstract String argSegmented(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer outValues,
      DeviceBuffer outIndices,
      ReduceOp op,
      CallContext call);

  @Override
  public final void foldReduce(
      DeviceBuffer values, DeviceBuffer offsets, long segments, DeviceBuffer out, FoldPlan plan) {
    segmented(values, offsets, segments, out, new Pass(ReduceOp.SUM, null, plan, null));
  }

  @Override
  public final void foldScan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ScanKind kind,
      FoldPlan plan) {
    segmented(values, offsets, segments, out, new Pass(ReduceOp.SUM, kind, plan, null));
  }

  @Override
  public final long fusedReduceByKey(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer uniqueKeys,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    long runs = byKey(keys, values, uniqueKeys, out, op, null);
    if (runs >= 0) {
      call.usedVariant(BY_KEY);
    }
    return runs;
  }

  @Override
  public final boolean fusedScanByKey(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {
    if (byKey(keys, values, null, out, op, kind) < 0) {
      return false;
    }
    call.usedVariant(BY_KEY);
    return true;
  }

  /**
   * The fused by-key pass over non-empty {@code keys} and {@code values}: a reduce ({@code kind}
   * null) writing unique keys to {@code uniqueKeys} and run reductions to {@code out}, returning
   * the number of runs; or a scan of {@code kind} into {@code out}, returning any non-negative
   * number. Returns -1 (having written nothing) where this segmenter has no fused pass for the
   * input, as by default.
   */
  protected long byKey(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer uniqueKeys,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind) {
    return -1;
  }

  /**
   * Whether a segmented reduce of {@code n} values in {@code segments} segments takes one block per
   * segment (segments of {@link #BLOCK_MIN_AVERAGE} elements or more on average) rather than the
   * flat pass over tiles.
   */
  protected static boolean blockPerSegment(long n, long segments) {
    return segments > 0 && n / segments >= BLOCK_MIN_AVERAGE;
  }

  /**
   * The variant a segmented reduce ({@code kind} null) or scan of {@code kind} of {@code n} values
   * over {@code segments} segments reports (not on fold sums): {@link #FLAT} unless overridden.
   */
  protected String variant(long n, long segments, ScanKind kind) {
    return FLAT;
  }

  /**
   * A segmented reduce of {@code values} over {@code offsets[0..segments]} into {@code out}, or
   * scan, as {@code pass} says.
   */
  protected abstract void segmented(
      DeviceBuffer values, DeviceBuffer offsets, long segments, DeviceBuffer out, Pass pass);

  /**
   * What one segmented pass computes: a reduce ({@code kind} null) or a scan of {@code kind}; on
   * the exact fold sums of {@code plan} where it is not null (then {@code op} is {@link
   * ReduceOp#SUM} and {@code call} is null), else under {@code op}.
   */
  public record Pass(ReduceOp op, ScanKind kind, FoldPlan plan, CallContext call) {}
}
