package dev.prims.spi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;

/**
 * Segmented reduce and scan over CSR offsets, and the runs of equal keys that reduce-by-key and
 * scan-by-key are built on. Segment {@code s} holds {@code values[offsets[s], offsets[s + 1])};
 * {@code offsets} is an int or long buffer whose first {@code segments + 1} entries the engine has
 * checked (first 0, never decreasing, last {@code values.length()}). Segments may be empty, and
 * {@code values} may be empty (every segment empty). Empty segments reduce to the operator's
 * identity ({@link ReduceOp#identity}). The operator suits the type. Each call takes its arguments
 * as one record.
 */
public interface Segmenter {
  /**
   * A segmented reduce ({@code kind} null) writing the reduction of segment {@code s} to {@code
   * out[s]} for every segment, or a scan of {@code kind} writing to {@code out} (as long as {@code
   * values}; it may be {@code values} itself) the scan of each segment, restarting from the
   * operator's identity at every segment start. Under {@code op}; or, where {@code plan} is not
   * null, the reproducible sum of a float or double {@code values} buffer of finite values ({@code
   * op} is {@link ReduceOp#SUM} and {@code call} is null): each result is {@link FoldPlan#combine}
   * of the exact fold sums of its segment (up to and including the element for an inclusive scan,
   * before it for an exclusive one) on the plan's grids, rounded to the plan's type (+0.0 for an
   * empty segment).
   */
  record Pass(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      FoldPlan plan,
      CallContext call) {
    /** The same pass over other buffers. */
    public Pass on(DeviceBuffer values, DeviceBuffer offsets, DeviceBuffer out) {
      return new Pass(values, offsets, segments, out, op, kind, plan, call);
    }

    /** This pass as a reproducible sum on {@code plan}. */
    public Pass folded(FoldPlan plan) {
      return new Pass(values, offsets, segments, out, ReduceOp.SUM, kind, plan, null);
    }
  }

  /** Runs a {@link Pass}. */
  void segmented(Pass pass);

  /**
   * Segmented arg-min ({@code op} MIN) or arg-max (MAX) in the order of {@link ArgOrder}: writes
   * segment {@code s}'s first extreme element to {@code outValues[s]} (the type of {@code values})
   * and its index in the whole of {@code values} to {@code outIndices[s]} (a long buffer); an empty
   * segment gets the operator's identity and index -1. Both outputs hold at least {@code segments}
   * elements.
   */
  record ArgPass(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer outValues,
      DeviceBuffer outIndices,
      ReduceOp op,
      CallContext call) {
    /** The same arg-reduce over other buffers. */
    public ArgPass on(
        DeviceBuffer values,
        DeviceBuffer offsets,
        DeviceBuffer outValues,
        DeviceBuffer outIndices) {
      return new ArgPass(values, offsets, segments, outValues, outIndices, op, call);
    }
  }

  /** Runs an {@link ArgPass}. */
  void argReduce(ArgPass pass);

  /**
   * Finds the runs of equal adjacent keys of a non-empty int or long {@code keys} buffer: writes
   * the key of run {@code r} to {@code uniqueKeys[r]} and its start to {@code offsets[r]}, then
   * {@code keys.length()} to {@code offsets[runs]}, and returns the number of runs. {@code
   * uniqueKeys} has the type of {@code keys} and at least {@code keys.length()} elements; {@code
   * offsets} is an int or long buffer of at least {@code keys.length() + 1}.
   */
  long runs(DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call);

  /**
   * A by-key call of a non-empty input in one pass over the keys and values (fast mode only): a
   * reduce ({@code kind} null) writing run {@code r}'s key to {@code uniqueKeys[r]} and its
   * reduction to {@code out[r]} (both as long as the keys), or a scan of {@code kind} of each run
   * of equal keys on its own into {@code out} ({@code uniqueKeys} null).
   */
  record ByKeyPass(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer uniqueKeys,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {}

  /**
   * Runs a {@link ByKeyPass} where this segmenter has a fused pass for it: returns the number of
   * runs of a reduce, any non-negative number after a scan, or -1 without a fused pass, in which
   * case nothing is written and the engine finds the {@link #runs} and runs the segmented call over
   * them.
   */
  default long fusedByKey(ByKeyPass pass) {
    return -1;
  }
}
