package dev.prims.spi;

import dev.prims.ScanKind;

/**
 * A skeletal {@link Segmenter} that reports the variant of every call: its segmented passes run in
 * {@link #pass}, its arg-reduce in {@link #argSegmented}, which names the variant it ran, its fused
 * by-key pass in {@link #byKey}; and which says where a segmented reduce runs one block per segment
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

  /** Reports the variant of a pass that is not on fold sums, then runs it ({@link #pass}). */
  @Override
  public final void segmented(Pass pass) {
    if (pass.plan() == null) {
      pass.call().usedVariant(variant(pass.values().length(), pass.segments(), pass.kind()));
    }
    pass(pass);
  }

  @Override
  public final void argReduce(ArgPass pass) {
    pass.call().usedVariant(argSegmented(pass));
  }

  /** The segmented arg-min/arg-max of {@link Segmenter#argReduce}; returns the variant that ran. */
  protected abstract String argSegmented(ArgPass pass);

  @Override
  public final long fusedByKey(ByKeyPass pass) {
    long runs = byKey(pass);
    if (runs >= 0) {
      pass.call().usedVariant(BY_KEY);
    }
    return runs;
  }

  /**
   * The fused by-key pass over non-empty keys and values: a reduce returning the number of runs, or
   * a scan returning any non-negative number. Returns -1 (having written nothing) where this
   * segmenter has no fused pass for the input, as by default.
   */
  protected long byKey(ByKeyPass pass) {
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

  /** A segmented reduce or scan, as {@code pass} says. */
  protected abstract void pass(Pass pass);
}
