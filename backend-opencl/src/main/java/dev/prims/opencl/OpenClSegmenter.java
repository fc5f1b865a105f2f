package dev.prims.opencl;

import static dev.prims.opencl.OpenClSegmentPolicy.BLOCK_SIZE;
import static dev.prims.opencl.OpenClSegmentPolicy.FLAT_TILE;
import static dev.prims.opencl.OpenClSegmentPolicy.ITEMS_PER_THREAD;
import static dev.prims.opencl.OpenClSegmentPolicy.TILE;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.AbstractSegmenter;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.SegmentFoldBuffers;
import java.util.Arrays;
import java.util.function.Function;
import org.jocl.cl_mem;

/**
 * Segmented reduce and scan on OpenCL (segment.cl): one flat pass over tiles whatever the segment
 * lengths, then a fix-up of the segments that cross tiles (reduce) or a spine of tile carries
 * (scan); segments of {@link #BLOCK_MIN_AVERAGE} elements or more on average are reduced one
 * work-group per segment instead. Reduce-by-key and scan-by-key run in one pass (by_key.cl) where
 * the device runs the scan's look-back ({@link OpenClLookback}); elsewhere, and for the
 * reproducible by-key sums, the runs of keys are start flags, their exclusive sum (this backend's
 * scan), a scatter. Reproducible sums split every element into its fold integers (fold.cl), sum
 * each fold's integers per segment exactly with the same kernels on longs, and combine them once
 * per result. Segmented arg-min/arg-max (argreduce.cl) runs the reduce's flat pass of segment.cl
 * over (key, index) pairs, or, for segments of {@link #BLOCK_MIN_AVERAGE} elements or more on
 * average, gives segments of up to {@link OpenClSegmentPolicy#ARG_THREAD_MAX} elements one
 * work-item each and longer ones a work-group each.
 */
final class OpenClSegmenter extends AbstractSegmenter {
  private static final String FILE = "segment.cl";

  private static final String BY_KEY_FILE = "by_key.cl";

  private static final String ARG_FILE = "argreduce.cl";

  /** argreduce.cl's (key, index) pairs as the running value of segment.cl's reduce. */
  private static final String ARG_FLAT_FILES = "argreduce.cl+segment.cl";

  private final OpenClBackend backend;
  private final OpenClTickets byKeyStates;

  OpenClSegmenter(OpenClBackend backend) {
    this.backend = backend;
    this.byKeyStates = new OpenClTickets(backend, "segment.byKey.states");
  }

  @Override
  protected String argSegmented(ArgPass pass) {
    DeviceBuffer values = pass.values();
    long segments = pass.segments();
    ReduceOp op = pass.op();
    backend.requireType(values.type());
    if (segments == 0) {
      return ARG_SPLIT;
    }
    OpenClBuffer starts = backend.own(pass.offsets());
    String options =
        OpenClArgReducer.keyOptions(values.type())
            + " -DOFF_T="
            + (starts.type() == DType.INT ? "int" : "long")
            + " -DARG_THREAD_MAX="
            + OpenClSegmentPolicy.ARG_THREAD_MAX
            + "UL"
            + unroll();
    cl_mem in = backend.own(values).mem();
    cl_mem outV = mem(pass.outValues());
    cl_mem outI = mem(pass.outIndices());
    long n = values.length();
    if (!blockPerSegment(n, segments)) {
      backend.callAndRead(
          "segmented arg-reduce",
          () -> {
            enqueueArgFlat(in, values.type(), n, starts, segments, outV, outI, op, options);
            return null;
          });
      return ARG_FLAT;
    }
    Object[] args = {in, starts.mem(), segments, outV, outI};
    backend.callAndRead(
        "segmented arg-reduce",
        () -> {
          backend.launch(
              backend.kernel(
                  ARG_FILE, values.type(), op, BLOCK_SIZE, 1, options, "seg_arg_threads"),
              ceilDiv(segments, BLOCK_SIZE),
              BLOCK_SIZE,
              args);
          backend.launch(
              backend.kernel(ARG_FILE, values.type(), op, BLOCK_SIZE, 1, options, "seg_arg_blocks"),
              Math.min(segments, OpenClSegmentPolicy.ARG_BLOCK_GROUPS),
              BLOCK_SIZE,
              args);
          return null;
        });
    return ARG_SPLIT;
  }

  /**
   * Arg-reduce in segment.cl's flat pass over (key, index) pairs: empty segments, the tiles, the
   * fix-up of the segments that cross tiles.
   */
  private void enqueueArgFlat(
      cl_mem values,
      DType type,
      long n,
      OpenClBuffer offsets,
      long segments,
      cl_mem outValues,
      cl_mem outIndices,
      ReduceOp op,
      String argOptions) {
    String options = argOptions + " -DSEG_ARG_FLAT";
    enqueueTiles(
        name ->
            backend.kernel(ARG_FLAT_FILES, type, op, BLOCK_SIZE, ITEMS_PER_THREAD, options, name),
        values,
        n,
        offsets,
        segments,
        OpenClSegmentPolicy.ARG_PAIR_BYTES,
        values,
        outValues,
        outIndices);
  }

  @Override
  protected void pass(Pass pass) {
    DeviceBuffer values = pass.values();
    if (pass.plan() != null) {
      folded(pass);
      return;
    }
    backend.requireType(values.type());
    backend.callAndRead(
        pass.kind() == null ? "segmented reduce" : "segmented scan",
        () -> {
          enqueue(
              backend.own(values).mem(),
              values.type(),
              values.length(),
              backend.own(pass.offsets()),
              pass.segments(),
              backend.own(pass.out()).mem(),
              pass.op(),
              pass.kind());
          return null;
        });
  }

  private void enqueueReduce(
      cl_mem values,
      DType type,
      long n,
      OpenClBuffer offsets,
      long segments,
      cl_mem out,
      ReduceOp op) {
    if (segments == 0) {
      return;
    }
    if (blocks(n, segments)) {
      enqueueBlocks(values, type, n, offsets, segments, out, op);
      return;
    }
    enqueueTiles(
        name -> kernel(type, op, offsets, name), values, n, offsets, segments, type.bytes(), out);
  }

  /**
   * segment.cl's reduce over tiles, the kernels {@code kernels} names built for its running value:
   * the empty segments, every tile's first and last segment, the tile pass, the fix-up of the
   * segments that cross tiles. {@code out} are the kernels' SEG_OUT_PARAMS, {@code valueBytes} the
   * size of a running value.
   */
  private void enqueueTiles(
      Function<String, OpenClBackend.Kernel> kernels,
      cl_mem values,
      long n,
      OpenClBuffer offsets,
      long segments,
      long valueBytes,
      Object... out) {
    backend.launch(
        kernels.apply("seg_reduce_empty"),
        ceilDiv(segments, BLOCK_SIZE),
        BLOCK_SIZE,
        join(new Object[] {offsets.mem(), segments}, out));
    if (n == 0) {
      return;
    }
    long tiles = ceilDiv(n, FLAT_TILE);
    cl_mem bounds = backend.scratch("segment.bounds", tiles * 16);
    cl_mem head = backend.scratch("segment.head", tiles * valueBytes);
    cl_mem headSeg = backend.scratch("segment.headSeg", tiles * 8);
    cl_mem tail = backend.scratch("segment.tail", tiles * valueBytes);
    cl_mem tailSeg = backend.scratch("segment.tailSeg", tiles * 8);
    Object[] carries = {head, headSeg, tail, tailSeg};
    backend.launch(
        kernels.apply("seg_flat_bounds"),
        ceilDiv(tiles, BLOCK_SIZE),
        BLOCK_SIZE,
        offsets.mem(),
        segments,
        n,
        bounds);
    backend.launch(
        kernels.apply("seg_flat_reduce"),
        tiles,
        BLOCK_SIZE,
        join(join(new Object[] {values, offsets.mem(), bounds, n}, out), carries));
    backend.launch(
        kernels.apply("seg_reduce_fixup"),
        ceilDiv(tiles, BLOCK_SIZE),
        BLOCK_SIZE,
        join(join(out, carries), tiles));
  }

  private static Object[] join(Object[] first, Object... rest) {
    Object[] all = Arrays.copyOf(first, first.length + rest.length);
    System.arraycopy(rest, 0, all, first.length, rest.length);
    return all;
  }

  /**
   * One work-group per segment (and per chunk of the segments longer than {@link
   * OpenClSegmentPolicy#BLOCK_MAX}), then the fix-up of those long segments.
   */
  private void enqueueBlocks(
      cl_mem values,
      DType type,
      long n,
      OpenClBuffer offsets,
      long segments,
      cl_mem out,
      ReduceOp op) {
    long chunks = ceilDiv(n, OpenClSegmentPolicy.BLOCK_MAX);
    cl_mem head = backend.scratch("segment.head", chunks * type.bytes());
    cl_mem headSeg = backend.scratch("segment.headSeg", chunks * 8);
    cl_mem tail = backend.scratch("segment.tail", chunks * type.bytes());
    cl_mem tailSeg = backend.scratch("segment.tailSeg", chunks * 8);
    backend.launch(
        kernel(type, op, offsets, "seg_block_reduce"),
        chunks + segments,
        BLOCK_SIZE,
        values,
        offsets.mem(),
        segments,
        n,
        chunks,
        out,
        head,
        headSeg,
        tail,
        tailSeg);
    backend.launch(
        kernel(type, op, offsets, "seg_block_fixup"),
        chunks,
        BLOCK_SIZE,
        offsets.mem(),
        out,
        head,
        tail,
        tailSeg,
        chunks);
  }

  /** Whether the reduce of {@code n} values in {@code segments} runs one group per segment. */
  private static boolean blocks(long n, long segments) {
    return blockPerSegment(n, segments);
  }

  @Override
  protected String variant(long n, long segments, ScanKind kind) {
    return kind == null && blocks(n, segments) ? BLOCKS : FLAT;
  }

  @Override
  protected long byKey(ByKeyPass pass) {
    DeviceBuffer keys = pass.keys();
    DeviceBuffer values = pass.values();
    ReduceOp op = pass.op();
    ScanKind kind = pass.kind();
    OpenClLookback lookback = backend.lookback();
    long n = keys.length();
    int items = OpenClSegmentPolicy.byKeyItems(keys.type(), values.type());
    long tiles = ceilDiv(n, (long) BLOCK_SIZE * items);
    if (!lookback.supported() || tiles >= 1L << 32) {
      return -1;
    }
    backend.requireType(values.type());
    OpenClBuffer k = backend.own(keys);
    OpenClBuffer v = backend.own(values);
    OpenClBuffer result = backend.own(pass.out());
    Number runs =
        backend.callAndRead(
            kind == null ? "reduce-by-key" : "scan-by-key",
            () -> {
              OpenClBackend.Kernel kernel =
                  backend.kernel(
                      BY_KEY_FILE,
                      v.type(),
                      op,
                      BLOCK_SIZE,
                      items,
                      " -DKEY_T="
                          + (k.type() == DType.INT ? "int" : "long")
                          + lookback.buildOptions(backend.openClDevice().version())
                          + (backend.openClDevice().gpu() ? " -DSCAN_UNROLL" : ""),
                      kind == null ? "reduce_by_key" : "scan_by_key");
              // the tile counter and one status per tile, then the pairs published per tile
              cl_mem state = byKeyStates.next((tiles + 1) * 4, tiles);
              cl_mem aggregates = backend.scratch("segment.byKey.aggregates", tiles * 16);
              cl_mem prefixes = backend.scratch("segment.byKey.prefixes", tiles * 16);
              if (kind == null) {
                cl_mem count = backend.scratch("segment.runs", 8);
                backend.launch(
                    kernel,
                    tiles,
                    BLOCK_SIZE,
                    k.mem(),
                    v.mem(),
                    n,
                    backend.own(pass.uniqueKeys()).mem(),
                    result.mem(),
                    count,
                    state,
                    aggregates,
                    prefixes,
                    byKeyStates.epoch(),
                    byKeyStates.ticketBase());
                return new OpenClBackend.ScalarAt(count, 0, DType.LONG);
              }
              backend.launch(
                  kernel,
                  tiles,
                  BLOCK_SIZE,
                  k.mem(),
                  v.mem(),
                  n,
                  result.mem(),
                  kind == ScanKind.EXCLUSIVE ? 1 : 0,
                  state,
                  aggregates,
                  prefixes,
                  byKeyStates.epoch(),
                  byKeyStates.ticketBase());
              return null;
            });
    return runs == null ? 0 : runs.longValue();
  }

  /**
   * Enqueues a segmented reduce ({@code kind} null: {@link #enqueueReduce}) or scan of {@code
   * kind}.
   */
  private void enqueue(
      cl_mem values,
      DType type,
      long n,
      OpenClBuffer offsets,
      long segments,
      cl_mem out,
      ReduceOp op,
      ScanKind kind) {
    if (kind == null) {
      enqueueReduce(values, type, n, offsets, segments, out, op);
      return;
    }
    if (n == 0) {
      return;
    }
    long tiles = ceilDiv(n, TILE);
    cl_mem flags = backend.scratch("segment.flags", tiles * 4);
    cl_mem aggregates = backend.scratch("segment.aggregates", tiles * type.bytes());
    cl_mem carries = backend.scratch("segment.carries", tiles * type.bytes());
    backend.launch(
        kernel(type, op, offsets, "seg_scan_totals"),
        tiles,
        BLOCK_SIZE,
        values,
        offsets.mem(),
        segments,
        n,
        flags,
        aggregates);
    backend.launch(
        kernel(type, op, offsets, "seg_scan_spine"),
        1,
        BLOCK_SIZE,
        flags,
        aggregates,
        tiles,
        carries);
    backend.launch(
        kernel(type, op, offsets, "seg_scan_tiles"),
        tiles,
        BLOCK_SIZE,
        values,
        offsets.mem(),
        segments,
        n,
        carries,
        out,
        kind == ScanKind.EXCLUSIVE ? 1 : 0);
  }

  @Override
  public long runs(
      DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
    long n = keys.length();
    if (n > Integer.MAX_VALUE) {
      throw new UnsupportedOperationException(
          "runs of more than 2^31 - 1 keys are not supported yet on " + OpenClBackend.ID);
    }
    OpenClBuffer k = backend.own(keys);
    OpenClBuffer unique = backend.own(uniqueKeys);
    OpenClBuffer starts = backend.own(offsets);
    try (DeviceBuffer flags = backend.buffers().allocate(DType.INT, n);
        DeviceBuffer ranks = backend.buffers().allocate(DType.INT, n)) {
      backend.callAndRead(
          "runs of keys",
          () -> {
            backend.launch(
                kernel(k.type(), ReduceOp.SUM, starts, "seg_run_flags"),
                ceilDiv(n, BLOCK_SIZE),
                BLOCK_SIZE,
                k.mem(),
                n,
                backend.own(flags).mem());
            return null;
          });
      backend.scanner().scan(flags, ranks, ReduceOp.SUM, ScanKind.EXCLUSIVE, fast());
      cl_mem count = backend.scratch("segment.runs", 8);
      return backend
          .callAndRead(
              "runs of keys",
              () -> {
                backend.launch(
                    kernel(k.type(), ReduceOp.SUM, starts, "seg_run_scatter"),
                    ceilDiv(n, BLOCK_SIZE),
                    BLOCK_SIZE,
                    k.mem(),
                    backend.own(flags).mem(),
                    backend.own(ranks).mem(),
                    n,
                    unique.mem(),
                    starts.mem(),
                    count);
                return new OpenClBackend.ScalarAt(count, 0, DType.LONG);
              })
          .longValue();
    }
  }

  /**
   * Reproducible segmented sum ({@code kind} null) or scan: each element's fold integers
   * (fold_elements), their exact segmented long sums or scans, then FoldPlan.combine of each
   * result's sums (fold_combine).
   */
  private void folded(Pass pass) {
    FoldPlan plan = pass.plan();
    ScanKind kind = pass.kind();
    long segments = pass.segments();
    OpenClFoldKernels fold = (OpenClFoldKernels) backend.foldKernels();
    OpenClBuffer in = backend.own(pass.values());
    OpenClBuffer starts = backend.own(pass.offsets());
    long n = in.length();
    long results = kind == null ? segments : n;
    if (results == 0) {
      return;
    }
    try (SegmentFoldBuffers folds =
        new SegmentFoldBuffers(backend.buffers(), plan, n, segments, kind != null)) {
      backend.callAndRead(
          "reproducible segmented sum",
          () -> {
            int block = OpenClReducePolicy.BLOCK_SIZE;
            if (n > 0) {
              backend.launch(
                  fold.kernel(in.type(), plan, "fold_elements"),
                  ceilDiv(n, block),
                  block,
                  in.mem(),
                  n,
                  fold.planMemory(plan),
                  mem(folds.digits(0)),
                  mem(folds.digits(1)),
                  mem(folds.digits(2)),
                  mem(folds.digits(3)));
            }
            for (int f = 0; f < folds.folds(); f++) {
              cl_mem d = mem(folds.digits(f));
              cl_mem s = mem(folds.sums(f));
              enqueue(d, DType.LONG, n, starts, segments, s, ReduceOp.SUM, kind);
            }
            backend.launch(
                fold.kernel(in.type(), plan, "fold_combine"),
                ceilDiv(results, block),
                block,
                mem(folds.sums(0)),
                mem(folds.sums(1)),
                mem(folds.sums(2)),
                mem(folds.sums(3)),
                results,
                fold.planMemory(plan),
                backend.own(pass.out()).mem());
            return null;
          });
    }
  }

  private cl_mem mem(DeviceBuffer buffer) {
    return backend.own(buffer).mem();
  }

  private OpenClBackend.Kernel kernel(DType type, ReduceOp op, OpenClBuffer offsets, String name) {
    return backend.kernel(
        FILE,
        type,
        op,
        BLOCK_SIZE,
        ITEMS_PER_THREAD,
        " -DOFF_T="
            + (offsets.type() == DType.INT ? "int" : "long")
            + " -DSEG_BLOCK_MAX="
            + OpenClSegmentPolicy.BLOCK_MAX
            + "UL"
            + unroll(),
        name);
  }

  /** The build option that unrolls the per-item loops, on GPUs only (segment.cl's SCAN_UNROLL). */
  private String unroll() {
    return backend.openClDevice().gpu() ? " -DSCAN_UNROLL" : "";
  }

  private static long ceilDiv(long a, long b) {
    return (a + b - 1) / b;
  }

  private static CallContext fast() {
    return new CallContext(null, Determinism.FAST);
  }
}
