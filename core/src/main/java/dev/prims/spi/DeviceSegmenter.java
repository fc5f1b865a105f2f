package dev.prims.spi;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;

/**
 * The segmented calls of a device backend over its memory handles {@code M}: a segmented reduce is
 * nothing for no segments, one block per segment ({@link #enqueueBlocks}) where {@link #blocks}
 * says, else a flat pass over tiles ({@link #enqueueTiles}); a segmented scan of a non-empty input
 * is {@link #enqueueScan}; a reproducible sum or scan splits every element into its fold integers
 * ({@link #enqueueFoldDigits}), reduces or scans each fold's integers per segment exactly with the
 * same kernels on longs, and combines them once per result ({@link #enqueueFoldCombine}); the runs
 * of keys are start flags ({@link #enqueueRunFlags}), their exclusive sum (the backend's scan), a
 * scatter of the starts ({@link #scatterRuns}); a segmented arg-reduce is one flat pass ({@link
 * #enqueueArgFlat}), or one thread per short segment and one block per long one ({@link
 * #enqueueArgSplit}) where the segments are long on average. The tuning numbers are those of both
 * twins' kernels (CUDA's {@code block_segment*.cuh} and {@code block_by_key.cuh}, OpenCL's {@code
 * segment.cl} and {@code by_key.cl}), which mirror them.
 *
 * @param <M> the backend's handle of device memory (the same buffer gives the same handle)
 */
public abstract class DeviceSegmenter<M> extends AbstractSegmenter {
  /** Threads per block (work-items per work-group). */
  public static final int BLOCK_SIZE = 256;

  /** Consecutive elements per thread of the segmented reduce's tile pass (SEG_FLAT_ITEMS). */
  public static final int FLAT_ITEMS_PER_THREAD = 16;

  /** Elements per tile of the segmented reduce's tile pass (SEG_FLAT_TILE). */
  public static final long FLAT_TILE = (long) BLOCK_SIZE * FLAT_ITEMS_PER_THREAD;

  /** Longest segment one block reduces, and the chunk length of longer ones (SEG_BLOCK_MAX). */
  public static final long BLOCK_MAX = 65536;

  /**
   * Longest segment a segmented arg-reduce of long segments on average gives one thread
   * (SEG_ARG_THREAD_MAX); longer segments take a block.
   */
  public static final long ARG_THREAD_MAX = 256;

  /**
   * Bytes of a segmented arg-reduce's running (key, index) pair in its flat pass: an int or long
   * key and a long index.
   */
  public static final long ARG_PAIR_BYTES = 16;

  /** Most blocks of a segmented arg-reduce's pass over the long segments. */
  public static final long ARG_BLOCK_GROUPS = 16384;

  /** Items per thread of a by-key tile of 4-byte keys and values (BY_KEY_ITEMS_4). */
  public static final int BY_KEY_ITEMS_4 = 15;

  /** Items per thread of a by-key tile where keys or values are 8 bytes (BY_KEY_ITEMS_8). */
  public static final int BY_KEY_ITEMS_8 = 11;

  /**
   * Items per thread of a scan-by-key tile of 4-byte keys and values: larger tiles than
   * reduce-by-key's (on an H100, 23 items at two blocks per SM ran the float scan of 2^28 in 1.29
   * ms against 1.45 ms with 15 at four; segment_scan_by_key_int.cu).
   */
  public static final int SCAN_BY_KEY_ITEMS_4 = 23;

  /**
   * Items per thread of a by-key tile of {@code keys} and {@code values}, of a scan or a reduce.
   */
  public static int byKeyItems(DType keys, DType values, boolean scan) {
    boolean narrow = keys.bytes() == 4 && values.bytes() == 4;
    return !narrow ? BY_KEY_ITEMS_8 : scan ? SCAN_BY_KEY_ITEMS_4 : BY_KEY_ITEMS_4;
  }

  /**
   * One segmented reduce ({@code kind} null) or scan of {@code kind} on the device: {@code n}
   * values of {@code type}, offsets of {@code offsetType}, the output, under {@code op}.
   */
  public record Launch<M>(
      M values,
      DType type,
      long n,
      M offsets,
      DType offsetType,
      long segments,
      M out,
      ReduceOp op,
      ScanKind kind) {}

  /**
   * The runs of {@code n} keys of {@code keyType}: the start flags and their exclusive sum (INT
   * buffers of {@code n}), the unique keys and offsets (of {@code offsetType}) they are scattered
   * to.
   */
  public record Runs<M>(
      M keys, DType keyType, long n, M flags, M ranks, M uniqueKeys, M offsets, DType offsetType) {}

  private final Backend backend;

  /** The segmenter of {@code backend}, whose buffers and scan it uses. */
  protected DeviceSegmenter(Backend backend) {
    this.backend = backend;
  }

  /** The memory behind {@code buffer}, which must belong to this backend and be open. */
  protected abstract M memory(DeviceBuffer buffer);

  /** Runs {@code work} (named {@code what} in errors) under the backend's lock, then waits. */
  protected abstract void run(String what, Runnable work);

  /** Enqueues the start flags: 1 where a key starts a run, else 0. */
  protected abstract void enqueueRunFlags(Runs<M> runs);

  /**
   * Scatters the run starts' keys and offsets and the closing offset under the backend's lock, and
   * returns the number of runs.
   */
  protected abstract long scatterRuns(Runs<M> runs);

  /** Checks that the device takes values of {@code type}; every type by default. */
  protected void requireType(DType type) {}

  /**
   * Enqueues a segmented arg-reduce of at least one segment in one flat pass: the winners to the
   * launch's output, their indices to {@code outIndices}.
   */
  protected abstract void enqueueArgFlat(Launch<M> launch, M outIndices);

  /**
   * Enqueues a segmented arg-reduce of at least one segment with one thread per short segment and
   * one block per long one: the winners to the launch's output, their indices to {@code
   * outIndices}.
   */
  protected abstract void enqueueArgSplit(Launch<M> launch, M outIndices);

  /** Enqueues a segmented reduce of at least one segment, one block per segment. */
  protected abstract void enqueueBlocks(Launch<M> launch);

  /** Enqueues a segmented reduce of at least one segment in a flat pass over tiles. */
  protected abstract void enqueueTiles(Launch<M> launch);

  /** Enqueues a segmented scan of at least one value. */
  protected abstract void enqueueScan(Launch<M> launch);

  /** Enqueues the split of {@code n > 0} values into the fold integers of {@code folds}. */
  protected abstract void enqueueFoldDigits(
      M values, DType type, long n, FoldPlan plan, SegmentFoldBuffers folds);

  /** Enqueues the combination of the fold sums of {@code results} results into {@code out}. */
  protected abstract void enqueueFoldCombine(
      SegmentFoldBuffers folds, DType type, long results, FoldPlan plan, M out);

  /**
   * Whether the reduce of {@code n} values in {@code segments} segments runs one block per segment:
   * {@link #blockPerSegment} unless overridden.
   */
  protected boolean blocks(long n, long segments) {
    return blockPerSegment(n, segments);
  }

  /** The variant of a segmented reduce over tiles: {@link #FLAT} unless overridden. */
  protected String tilesVariant(long segments) {
    return FLAT;
  }

  @Override
  protected final String variant(long n, long segments, ScanKind kind) {
    if (kind != null) {
      return FLAT;
    }
    return blocks(n, segments) ? BLOCKS : tilesVariant(segments);
  }

  /**
   * Segmented arg-min/arg-max: nothing for no segments, else {@link #enqueueArgFlat} unless the
   * segments are long on average ({@link #blockPerSegment}), then {@link #enqueueArgSplit}.
   */
  @Override
  protected final String argSegmented(ArgPass pass) {
    DeviceBuffer values = pass.values();
    requireType(values.type());
    if (pass.segments() == 0) {
      return ARG_SPLIT;
    }
    boolean flat = !blockPerSegment(values.length(), pass.segments());
    run(
        "segmented arg-reduce",
        () -> {
          Launch<M> launch =
              launch(values, pass.offsets(), pass.segments(), pass.outValues(), pass.op(), null);
          if (flat) {
            enqueueArgFlat(launch, memory(pass.outIndices()));
          } else {
            enqueueArgSplit(launch, memory(pass.outIndices()));
          }
        });
    return flat ? ARG_FLAT : ARG_SPLIT;
  }

  @Override
  protected final void pass(Pass pass) {
    if (pass.plan() != null) {
      folded(pass);
      return;
    }
    DeviceBuffer values = pass.values();
    requireType(values.type());
    run(
        pass.kind() == null ? "segmented reduce" : "segmented scan",
        () ->
            enqueue(
                launch(
                    values, pass.offsets(), pass.segments(), pass.out(), pass.op(), pass.kind())));
  }

  /** The launch over the memory of {@code values}, {@code offsets} and {@code out}. */
  private Launch<M> launch(
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer out,
      ReduceOp op,
      ScanKind kind) {
    return new Launch<>(
        memory(values),
        values.type(),
        values.length(),
        memory(offsets),
        offsets.type(),
        segments,
        memory(out),
        op,
        kind);
  }

  /** Enqueues a segmented reduce ({@code kind} null) or scan. */
  private void enqueue(Launch<M> launch) {
    if (launch.kind() != null) {
      if (launch.n() > 0) {
        enqueueScan(launch);
      }
    } else if (launch.segments() > 0) {
      if (blocks(launch.n(), launch.segments())) {
        enqueueBlocks(launch);
      } else {
        enqueueTiles(launch);
      }
    }
  }

  @Override
  public final long runs(
      DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
    long n = keys.length();
    if (n > Integer.MAX_VALUE) {
      throw new UnsupportedOperationException(
          "runs of more than 2^31 - 1 keys are not supported yet on " + backend.id());
    }
    M k = memory(keys);
    M unique = memory(uniqueKeys);
    M starts = memory(offsets);
    try (DeviceBuffer flags = backend.buffers().allocate(DType.INT, n);
        DeviceBuffer ranks = backend.buffers().allocate(DType.INT, n)) {
      Runs<M> runs =
          new Runs<>(
              k, keys.type(), n, memory(flags), memory(ranks), unique, starts, offsets.type());
      run("runs of keys", () -> enqueueRunFlags(runs));
      backend
          .scanner()
          .scan(
              flags,
              ranks,
              ReduceOp.SUM,
              ScanKind.EXCLUSIVE,
              new CallContext(null, Determinism.FAST));
      return scatterRuns(runs);
    }
  }

  /**
   * Reproducible segmented sum ({@code kind} null) or scan: each element's fold integers, their
   * exact segmented long sums or scans, then FoldPlan.combine of each result's sums.
   */
  private void folded(Pass pass) {
    DeviceBuffer values = pass.values();
    long n = values.length();
    long results = pass.kind() == null ? pass.segments() : n;
    if (results == 0) {
      return;
    }
    try (SegmentFoldBuffers folds =
        new SegmentFoldBuffers(
            backend.buffers(), pass.plan(), n, pass.segments(), pass.kind() != null)) {
      run(
          "reproducible segmented sum",
          () -> {
            if (n > 0) {
              enqueueFoldDigits(memory(values), values.type(), n, pass.plan(), folds);
            }
            for (int f = 0; f < folds.folds(); f++) {
              enqueue(
                  new Launch<>(
                      memory(folds.digits(f)),
                      DType.LONG,
                      n,
                      memory(pass.offsets()),
                      pass.offsets().type(),
                      pass.segments(),
                      memory(folds.sums(f)),
                      ReduceOp.SUM,
                      pass.kind()));
            }
            enqueueFoldCombine(folds, values.type(), results, pass.plan(), memory(pass.out()));
          });
    }
  }

  /** {@code a / b} rounded up. */
  protected static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }
}
