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
 * identity ({@link ReduceOp#identity}). The operator suits the type.
 */
public interface Segmenter {
  /** Writes the reduction of segment {@code s} to {@code out[s]} for every segment. */
  void reduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call);

  /**
   * Segmented arg-min ({@code op} MIN) or arg-max (MAX) in the order of {@link ArgOrder}: writes
   * segment {@code s}'s first extreme element to {@code outValues[s]} (the type of {@code values})
   * and its index in the whole of {@code values} to {@code outIndices[s]} (a long buffer); an empty
   * segment gets the operator's identity and index -1. Both outputs hold at least {@code segments}
   * elements.
   */
  void argReduce(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer outValues,
      DeviceBuffer outIndices,
      ReduceOp op,
      CallContext call);

  /**
   * Writes to {@code out} (as long as {@code values}; it may be {@code values} itself) the scan of
   * each segment, restarting from the operator's identity at every segment start.
   */
  void scan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call);

  /**
   * Finds the runs of equal adjacent keys of a non-empty int or long {@code keys} buffer: writes
   * the key of run {@code r} to {@code uniqueKeys[r]} and its start to {@code offsets[r]}, then
   * {@code keys.length()} to {@code offsets[runs]}, and returns the number of runs. {@code
   * uniqueKeys} has the type of {@code keys} and at least {@code keys.length()} elements; {@code
   * offsets} is an int or long buffer of at least {@code keys.length() + 1}.
   */
  long runs(DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call);

  /**
   * Reproducible segmented sum of a float or double {@code values} buffer of finite values: {@code
   * out[s]} is {@link FoldPlan#combine} of the exact fold sums of segment {@code s} on {@code
   * plan}'s grids, rounded to the plan's type (+0.0 for an empty segment).
   */
  void foldReduce(
      DeviceBuffer values, DeviceBuffer offsets, long segments, DeviceBuffer out, FoldPlan plan);

  /**
   * Reproducible segmented SUM scan of a float or double {@code values} buffer of finite values:
   * {@code out[i]} is {@link FoldPlan#combine} of the exact fold sums of the elements of its
   * segment up to {@code i} (inclusive) or before {@code i} (exclusive), rounded to the plan's
   * type.
   */
  void foldScan(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ScanKind kind,
      FoldPlan plan);

  /**
   * Reduce-by-key of a non-empty input in one pass over the keys and values, where this segmenter
   * has one (fast mode only): run {@code r}'s key to {@code uniqueKeys[r]}, its reduction to {@code
   * out[r]} (both as long as the keys). Returns the number of runs, or -1 without a fused pass, in
   * which case nothing is written and the engine finds the {@link #runs} and reduces them.
   */
  default long fusedReduceByKey(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer uniqueKeys,
      DeviceBuffer out,
      ReduceOp op,
      CallContext call) {
    return -1;
  }

  /**
   * Scan-by-key of a non-empty input in one pass, where this segmenter has one (fast mode only):
   * each run of equal keys scanned on its own into {@code out}. Returns false without a fused pass,
   * in which case nothing is written and the engine finds the {@link #runs} and scans them.
   */
  default boolean fusedScanByKey(
      DeviceBuffer keys,
      DeviceBuffer values,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind,
      CallContext call) {
    return false;
  }
}
