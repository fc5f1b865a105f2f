package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;

/**
 * A skeletal {@link Segmenter} whose four segmented calls are one method, {@link #segmented}, told
 * by a {@link Pass} whether to reduce or scan, and whether on exact fold sums.
 */
public abstract class AbstractSegmenter implements Segmenter {
  /** The variant of a segmented pass over tiles or chunks whatever the segment lengths. */
  public static final String FLAT = "segmented-flat";

  @Override
  public final void reduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    call.usedVariant(variant(segments, null));
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
    call.usedVariant(variant(segments, kind));
    segmented(values, offsets, segments, out, new Pass(op, kind, null, call));
  }

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

  /**
   * The variant a segmented reduce ({@code kind} null) or scan of {@code kind} over {@code
   * segments} segments reports (not on fold sums): {@link #FLAT} unless overridden.
   */
  protected String variant(long segments, ScanKind kind) {
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
