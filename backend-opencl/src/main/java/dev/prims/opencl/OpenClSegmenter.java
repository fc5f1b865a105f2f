package dev.prims.opencl;

import static dev.prims.opencl.OpenClSegmentPolicy.ITEMS_PER_THREAD;
import static dev.prims.opencl.OpenClSegmentPolicy.TILE;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.DeviceSegmenter;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.SegmentFoldBuffers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * average, gives segments of up to {@link #ARG_THREAD_MAX} elements one work-item each and longer
 * ones a work-group each.
 */
final class OpenClSegmenter extends DeviceSegmenter<cl_mem> {
  private static final String FILE = "segment.cl";

  private static final String BY_KEY_FILE = "by_key.cl";

  /** Bits of the epoch by_key.cl's tile states keep (BY_KEY_EPOCH_MASK). */
  private static final int BY_KEY_EPOCH_BITS = 22;

  private static final String ARG_FILE = "argreduce.cl";

  /** argreduce.cl's (key, index) pairs as the running value of segment.cl's reduce. */
  private static final String ARG_FLAT_FILES = "argreduce.cl+segment.cl";

  private final OpenClBackend backend;
  private final OpenClTickets byKeyStates;
  private final boolean registerCap;

  /**
   * The segmented and by-key calls of {@code backend}; {@code registerCap}: whether NVIDIA's by-key
   * builds get {@link OpenClSegmentPolicy#byKeyRegisters} registers at most.
   */
  OpenClSegmenter(OpenClBackend backend, boolean registerCap) {
    super(backend);
    this.backend = backend;
    this.registerCap = registerCap;
    // by_key.cl's NVIDIA states keep 22 bits of the epoch beside a tile's run count
    this.byKeyStates = new OpenClTickets(backend, "segment.byKey.states", BY_KEY_EPOCH_BITS);
  }

  @Override
  protected void enqueueArgSplit(Launch<cl_mem> launch, cl_mem outIndices) {
    long segments = launch.segments();
    Object[] args = {launch.values(), launch.offsets(), segments, launch.out(), outIndices};
    backend.launch(
        argKernel(ARG_FILE, launch, 1, "", "seg_arg_threads"),
        ceilDiv(segments, BLOCK_SIZE),
        BLOCK_SIZE,
        args);
    backend.launch(
        argKernel(ARG_FILE, launch, 1, "", "seg_arg_blocks"),
        Math.min(segments, ARG_BLOCK_GROUPS),
        BLOCK_SIZE,
        args);
  }

  /**
   * The arg-reduce kernel {@code name} of {@code files} for the launch's values and offsets, with
   * {@code items} per work-item and the build options {@code more}.
   */
  private OpenClBackend.Kernel argKernel(
      String files, Launch<cl_mem> launch, int items, String more, String name) {
    String options =
        OpenClArgReducer.keyOptions(launch.type())
            + " -DOFF_T="
            + (launch.offsetType() == DType.INT ? "int" : "long")
            + " -DARG_THREAD_MAX="
            + ARG_THREAD_MAX
            + "UL"
            + unroll()
            + more;
    return backend.kernel(files, launch.type(), launch.op(), BLOCK_SIZE, items, options, name);
  }

  /**
   * Arg-reduce in segment.cl's flat pass over (key, index) pairs: empty segments, the tiles, the
   * fix-up of the segments that cross tiles.
   */
  @Override
  protected void enqueueArgFlat(Launch<cl_mem> launch, cl_mem outIndices) {
    enqueueTilePass(
        name -> argKernel(ARG_FLAT_FILES, launch, ITEMS_PER_THREAD, " -DSEG_ARG_FLAT", name),
        launch,
        ARG_PAIR_BYTES,
        launch.values(),
        launch.out(),
        outIndices);
  }

  @Override
  protected void enqueueTiles(Launch<cl_mem> launch) {
    enqueueTilePass(name -> kernel(launch, name), launch, launch.type().bytes(), launch.out());
  }

  /**
   * segment.cl's reduce over tiles, the kernels {@code kernels} names built for its running value:
   * the empty segments, every tile's first and last segment, the tile pass, the fix-up of the
   * segments that cross tiles. {@code out} are the kernels' SEG_OUT_PARAMS, {@code valueBytes} the
   * size of a running value.
   */
  private void enqueueTilePass(
      Function<String, OpenClBackend.Kernel> kernels,
      Launch<cl_mem> launch,
      long valueBytes,
      Object... out) {
    long n = launch.n();
    long segments = launch.segments();
    cl_mem offsets = launch.offsets();
    backend.launch(
        kernels.apply("seg_reduce_empty"),
        ceilDiv(segments, BLOCK_SIZE),
        BLOCK_SIZE,
        join(new Object[] {offsets, segments}, out));
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
        offsets,
        segments,
        n,
        bounds);
    backend.launch(
        kernels.apply("seg_flat_reduce"),
        tiles,
        BLOCK_SIZE,
        join(join(new Object[] {launch.values(), offsets, bounds, n}, out), carries));
    backend.launch(
        kernels.apply("seg_reduce_fixup"),
        ceilDiv(tiles, BLOCK_SIZE),
        BLOCK_SIZE,
        join(join(out, carries), tiles));
  }

  /** The arguments every pass over the launch's values starts with, then {@code rest}. */
  private static Object[] passArgs(Launch<cl_mem> launch, Object... rest) {
    return join(
        new Object[] {launch.values(), launch.offsets(), launch.segments(), launch.n()}, rest);
  }

  private static Object[] join(Object[] first, Object... rest) {
    Object[] all = Arrays.copyOf(first, first.length + rest.length);
    System.arraycopy(rest, 0, all, first.length, rest.length);
    return all;
  }

  /**
   * One work-group per segment (and per chunk of the segments longer than {@link #BLOCK_MAX}), then
   * the fix-up of those long segments.
   */
  @Override
  protected void enqueueBlocks(Launch<cl_mem> launch) {
    long n = launch.n();
    long segments = launch.segments();
    long bytes = launch.type().bytes();
    cl_mem out = launch.out();
    long chunks = ceilDiv(n, BLOCK_MAX);
    cl_mem head = backend.scratch("segment.head", chunks * bytes);
    cl_mem headSeg = backend.scratch("segment.headSeg", chunks * 8);
    cl_mem tail = backend.scratch("segment.tail", chunks * bytes);
    cl_mem tailSeg = backend.scratch("segment.tailSeg", chunks * 8);
    backend.launch(
        kernel(launch, "seg_block_reduce"),
        chunks + segments,
        BLOCK_SIZE,
        passArgs(launch, chunks, out, head, headSeg, tail, tailSeg));
    backend.launch(
        kernel(launch, "seg_block_fixup"),
        chunks,
        BLOCK_SIZE,
        launch.offsets(),
        out,
        head,
        tail,
        tailSeg,
        chunks);
  }

  @Override
  protected long byKey(ByKeyPass pass) {
    DeviceBuffer keys = pass.keys();
    DeviceBuffer values = pass.values();
    ReduceOp op = pass.op();
    ScanKind kind = pass.kind();
    OpenClLookback lookback = backend.lookback();
    long n = keys.length();
    int items = byKeyItems(keys.type(), values.type(), kind != null);
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
                          + (backend.openClDevice().gpu() ? " -DSCAN_UNROLL" : "")
                          + registerCap(k.type(), v.type(), kind != null),
                      kind == null ? "reduce_by_key" : "scan_by_key");
              // the tile counter, then one state per tile: its status (with its pair on NVIDIA,
              // a line a tile), the pairs published beside them elsewhere
              cl_mem state = byKeyStates.next(lookback.stateBytes(tiles, 4), tiles);
              cl_mem aggregates = backend.scratch("segment.byKey.aggregates", tiles * 16);
              cl_mem prefixes = backend.scratch("segment.byKey.prefixes", tiles * 16);
              // reduce_by_key writes the unique keys, the results and the run count; scan_by_key
              // the results, exclusive or not
              List<Object> args = new ArrayList<>(List.of(k.mem(), v.mem(), n));
              cl_mem count = null;
              if (kind == null) {
                count = backend.scratch("segment.runs", 8);
                args.addAll(List.of(backend.own(pass.uniqueKeys()).mem(), result.mem(), count));
              } else {
                args.addAll(List.of(result.mem(), kind == ScanKind.EXCLUSIVE ? 1 : 0));
              }
              args.addAll(
                  List.of(
                      state, aggregates, prefixes, byKeyStates.epoch(), byKeyStates.ticketBase()));
              backend.launch(kernel, tiles, BLOCK_SIZE, args.toArray());
              return count == null ? null : new OpenClBackend.ScalarAt(count, 0, DType.LONG);
            });
    return runs == null ? 0 : runs.longValue();
  }

  /**
   * NVIDIA's register cap for a by-key build ({@link OpenClSegmentPolicy#byKeyRegisters}, with a
   * leading space), where it is on and the device runs the look-back in PTX and takes NVIDIA's
   * build options; else empty.
   */
  private String registerCap(DType keys, DType values, boolean scan) {
    OpenClDevice device = backend.openClDevice();
    return registerCap
            && backend.lookback().mode() == OpenClLookback.Mode.NVIDIA_PTX
            && device.nvCompilerOptions()
        ? " -cl-nv-maxrregcount=" + OpenClSegmentPolicy.byKeyRegisters(keys, values, scan)
        : "";
  }

  @Override
  protected void enqueueScan(Launch<cl_mem> launch) {
    long n = launch.n();
    long bytes = launch.type().bytes();
    long tiles = ceilDiv(n, TILE);
    cl_mem flags = backend.scratch("segment.flags", tiles * 4);
    cl_mem aggregates = backend.scratch("segment.aggregates", tiles * bytes);
    cl_mem carries = backend.scratch("segment.carries", tiles * bytes);
    backend.launch(
        kernel(launch, "seg_scan_totals"), tiles, BLOCK_SIZE, passArgs(launch, flags, aggregates));
    backend.launch(
        kernel(launch, "seg_scan_spine"), 1, BLOCK_SIZE, flags, aggregates, tiles, carries);
    backend.launch(
        kernel(launch, "seg_scan_tiles"),
        tiles,
        BLOCK_SIZE,
        passArgs(launch, carries, launch.out(), launch.kind() == ScanKind.EXCLUSIVE ? 1 : 0));
  }

  @Override
  protected void enqueueRunFlags(Runs<cl_mem> runs) {
    launchPerKey(runs, "seg_run_flags", runs.keys(), runs.n(), runs.flags());
  }

  /** Launches {@code name} of the runs' build with a work-item per key. */
  private void launchPerKey(Runs<cl_mem> runs, String name, Object... args) {
    backend.launch(
        kernel(runs.keyType(), ReduceOp.SUM, runs.offsetType(), name),
        ceilDiv(runs.n(), BLOCK_SIZE),
        BLOCK_SIZE,
        args);
  }

  @Override
  protected long scatterRuns(Runs<cl_mem> runs) {
    cl_mem count = backend.scratch("segment.runs", 8);
    return backend
        .callAndRead(
            "runs of keys",
            () -> {
              launchPerKey(
                  runs,
                  "seg_run_scatter",
                  runs.keys(),
                  runs.flags(),
                  runs.ranks(),
                  runs.n(),
                  runs.uniqueKeys(),
                  runs.offsets(),
                  count);
              return new OpenClBackend.ScalarAt(count, 0, DType.LONG);
            })
        .longValue();
  }

  @Override
  protected void enqueueFoldDigits(
      cl_mem values, DType type, long n, FoldPlan plan, SegmentFoldBuffers folds) {
    launchFold(
        "fold_elements",
        type,
        plan,
        n,
        values,
        n,
        fold().planMemory(plan),
        memory(folds.digits(0)),
        memory(folds.digits(1)),
        memory(folds.digits(2)),
        memory(folds.digits(3)));
  }

  @Override
  protected void enqueueFoldCombine(
      SegmentFoldBuffers folds, DType type, long results, FoldPlan plan, cl_mem out) {
    launchFold(
        "fold_combine",
        type,
        plan,
        results,
        memory(folds.sums(0)),
        memory(folds.sums(1)),
        memory(folds.sums(2)),
        memory(folds.sums(3)),
        results,
        fold().planMemory(plan),
        out);
  }

  /** Launches fold.cl's {@code name} for {@code type} on {@code plan} over {@code n} items. */
  private void launchFold(String name, DType type, FoldPlan plan, long n, Object... args) {
    int block = OpenClReducePolicy.BLOCK_SIZE;
    backend.launch(fold().kernel(type, plan, name), ceilDiv(n, block), block, args);
  }

  private OpenClFoldKernels fold() {
    return (OpenClFoldKernels) backend.foldKernels();
  }

  @Override
  protected cl_mem memory(DeviceBuffer buffer) {
    return backend.own(buffer).mem();
  }

  @Override
  protected void run(String what, Runnable work) {
    backend.run(what, work);
  }

  @Override
  protected void requireType(DType type) {
    backend.requireType(type);
  }

  private OpenClBackend.Kernel kernel(Launch<cl_mem> launch, String name) {
    return kernel(launch.type(), launch.op(), launch.offsetType(), name);
  }

  private OpenClBackend.Kernel kernel(DType type, ReduceOp op, DType offsets, String name) {
    return backend.kernel(
        FILE,
        type,
        op,
        BLOCK_SIZE,
        ITEMS_PER_THREAD,
        " -DOFF_T="
            + (offsets == DType.INT ? "int" : "long")
            + " -DSEG_BLOCK_MAX="
            + BLOCK_MAX
            + "UL"
            + unroll(),
        name);
  }

  /** The build option that unrolls the per-item loops, on GPUs only (segment.cl's SCAN_UNROLL). */
  private String unroll() {
    return backend.openClDevice().gpu() ? " -DSCAN_UNROLL" : "";
  }
}
