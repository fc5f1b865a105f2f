package dev.prims.cuda;

import static dev.prims.cuda.CudaSegmentPolicy.REGISTERS;
import static dev.prims.cuda.CudaSegmentPolicy.TILE;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.DeviceSegmenter;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.SegmentFoldBuffers;
import java.util.function.Consumer;
import jcuda.driver.CUdeviceptr;

/**
 * Segmented reduce and scan on CUDA (segment_reduce.cu, segment_reduce_flat.cu, segment_scan.cu):
 * one flat pass over tiles whatever the segment lengths, then a fix-up of the segments that cross
 * tiles (reduce) or a spine of tile carries (scan). Reduce holds its tiles in registers (tile
 * bounds found in parallel first, 16-byte loads, segment starts marked in shared memory) unless
 * {@code prims.cuda.segment.variant} (CudaSegmentPolicy) asks for the tiles staged through shared
 * memory, the scans' pass; segments of {@link #BLOCK_MIN_AVERAGE} elements or more on average are
 * reduced one block per segment instead (segment_reduce_blocks.cu, one launch). Reduce-by-key and
 * scan-by-key run in one pass (segment_*_by_key_*.cu); the runs of keys for the reproducible by-key
 * sums are start flags, their exclusive sum (this backend's scan), a scatter. Reproducible sums
 * split every element into its fold integers, sum or scan each fold's integers per segment exactly
 * with the same kernels on longs, and combine them once per result. Segmented arg-min/arg-max
 * (segment_arg.cu) runs the reduce's flat pass with (key, index) pairs, or, for segments of {@link
 * #BLOCK_MIN_AVERAGE} elements or more on average, gives segments of up to {@link #ARG_THREAD_MAX}
 * elements one thread each and longer ones a block each. Twin of the OpenCL backend's
 * OpenClSegmenter.
 */
final class CudaSegmenter extends DeviceSegmenter<CUdeviceptr> {
  private static final String REDUCE = "segment_reduce";
  private static final String REDUCE_FLAT = "segment_reduce_flat";
  private static final String SCAN = "segment_scan";
  private static final String REDUCE_BLOCKS = "segment_reduce_blocks";
  private static final String ARG = "segment_arg";

  /** The named scratch slot of the long segments' join counters. */
  private static final String JOIN_ARRIVALS = "segment join arrivals";

  private final CudaBackend backend;
  private final boolean registers;

  /** Bytes of {@link #JOIN_ARRIVALS} zeroed so far (under the backend's lock). */
  private long joinArrivalBytes;

  /**
   * Segmented calls on {@code backend}; reduce holds its tiles in registers when {@code registers}.
   */
  CudaSegmenter(CudaBackend backend, boolean registers) {
    super(backend);
    this.backend = backend;
    this.registers = registers;
  }

  @Override
  protected void enqueueArgSplit(Launch<CUdeviceptr> launch, CUdeviceptr outIndices) {
    long segments = launch.segments();
    for (String name : new String[] {"seg_arg_threads", "seg_arg_blocks"}) {
      boolean threads = name.equals("seg_arg_threads");
      backend.launch(
          ARG,
          kernel(name, launch.type(), launch.op(), launch.offsetType()),
          threads ? ceilDiv(segments, BLOCK_SIZE) : Math.min(segments, ARG_BLOCK_GROUPS),
          0,
          new KernelArgs()
              .pointer(launch.values())
              .pointer(launch.offsets())
              .i64(segments)
              .pointer(launch.out())
              .pointer(outIndices));
    }
  }

  /**
   * Arg-reduce in the flat pass of the reduce held in registers over (key, index) pairs (the out
   * parameters of segment_arg.cu's flat kernels: the values, the winners, their indices).
   */
  @Override
  protected void enqueueArgFlat(Launch<CUdeviceptr> launch, CUdeviceptr outIndices) {
    DType type = launch.type();
    ReduceOp op = launch.op();
    DType offsets = launch.offsetType();
    enqueueTilePass(
        new TilePass(
            ARG,
            kernel("seg_arg_empty", type, op, offsets),
            ARG,
            kernel("seg_arg_flat", type, op, offsets),
            kernel("seg_arg_fixup", type, op, null),
            true),
        launch,
        ARG_PAIR_BYTES,
        args -> args.pointer(launch.values()).pointer(launch.out()).pointer(outIndices));
  }

  @Override
  protected void enqueueTiles(Launch<CUdeviceptr> launch) {
    DType type = launch.type();
    ReduceOp op = launch.op();
    DType offsets = launch.offsetType();
    // the tile pass: held in registers after every tile's first and last segment is found
    // (segment_reduce_flat.cu), else staged through shared memory
    boolean registers = registers(launch.segments());
    enqueueTilePass(
        new TilePass(
            REDUCE,
            kernel("seg_reduce_empty", type, op, offsets),
            registers ? REDUCE_FLAT : REDUCE,
            kernel(registers ? "seg_flat_reduce" : "seg_reduce_tiles", type, op, offsets),
            kernel("seg_reduce_fixup", type, op, null),
            registers),
        launch,
        type.bytes(),
        args -> args.pointer(launch.out()));
  }

  /**
   * The kernels of a flat pass over tiles: the empty segments' and the fix-up's in {@code module},
   * the tile pass's in {@code tilesModule}, held in registers where {@code registers}.
   */
  private record TilePass(
      String module,
      String empty,
      String tilesModule,
      String tiles,
      String fixup,
      boolean registers) {}

  /**
   * A flat pass over tiles with {@code pass}: the empty segments, the tile bounds where the tiles
   * are held in registers, the tile pass, the fix-up of the segments that cross tiles. {@code out}
   * adds the kernels' result parameters, {@code valueBytes} is the size of a running value.
   */
  private void enqueueTilePass(
      TilePass pass, Launch<CUdeviceptr> launch, long valueBytes, Consumer<KernelArgs> out) {
    long n = launch.n();
    long segments = launch.segments();
    CUdeviceptr offsets = launch.offsets();
    KernelArgs empty = new KernelArgs().pointer(offsets).i64(segments);
    out.accept(empty);
    backend.launch(pass.module(), pass.empty(), ceilDiv(segments, BLOCK_SIZE), 0, empty);
    if (n == 0) {
      return;
    }
    long tiles = ceilDiv(n, pass.registers() ? FLAT_TILE : TILE);
    long slot = 8 * tiles;
    long valueSlot = valueBytes * tiles;
    // per tile: head and tail values, their segments, and the bounds (two longs) where in registers
    CUdeviceptr head = backend.scratch(2 * valueSlot + (pass.registers() ? 4 : 2) * slot);
    CUdeviceptr tail = head.withByteOffset(valueSlot);
    CUdeviceptr headSeg = head.withByteOffset(2 * valueSlot);
    CUdeviceptr tailSeg = headSeg.withByteOffset(slot);
    KernelArgs args = new KernelArgs().pointer(launch.values()).pointer(offsets);
    if (pass.registers()) {
      CUdeviceptr bounds = headSeg.withByteOffset(2 * slot);
      backend.launch(
          REDUCE_FLAT,
          "seg_flat_bounds_" + launch.offsetType().id(),
          ceilDiv(tiles * 32, BLOCK_SIZE), // a warp per tile
          0,
          new KernelArgs().pointer(offsets).i64(segments).i64(n).pointer(bounds));
      args.pointer(bounds);
    } else {
      args.i64(segments);
    }
    out.accept(args.i64(n));
    backend.launch(
        pass.tilesModule(),
        pass.tiles(),
        tiles,
        0,
        args.pointer(head).pointer(headSeg).pointer(tail).pointer(tailSeg));
    KernelArgs fixup = new KernelArgs();
    out.accept(fixup);
    backend.launch(
        pass.module(),
        pass.fixup(),
        ceilDiv(tiles, BLOCK_SIZE),
        0,
        fixup.pointer(head).pointer(headSeg).pointer(tail).pointer(tailSeg).i64(tiles));
  }

  /**
   * One block per segment and per chunk of {@link CudaSegmentPolicy#BLOCK_MAX} elements, in one
   * launch: the chunk blocks reduce the parts of the segments longer than that, and the block that
   * reduces a long segment's last part joins its parts.
   */
  @Override
  protected void enqueueBlocks(Launch<CUdeviceptr> launch) {
    long n = launch.n();
    long segments = launch.segments();
    long chunks = ceilDiv(n, BLOCK_MAX);
    CUdeviceptr head = backend.scratch(16 * chunks);
    CUdeviceptr tail = head.withByteOffset(8 * chunks);
    backend.launch(
        REDUCE_BLOCKS,
        kernel("seg_block_reduce", launch.type(), launch.op(), launch.offsetType()),
        chunks + segments,
        0,
        passArgs(launch)
            .i64(chunks)
            .pointer(launch.out())
            .pointer(head)
            .pointer(tail)
            .pointer(joinArrivals(chunks)));
  }

  /**
   * One zero counter per chunk for the joins of long segments (the kernel leaves them zero): kept
   * between calls, zeroed in stream order when it grows.
   */
  private CUdeviceptr joinArrivals(long chunks) {
    long bytes = 4 * chunks;
    CUdeviceptr arrivals = backend.scratch(JOIN_ARRIVALS, bytes);
    if (bytes > joinArrivalBytes) {
      // the slot was just allocated (at least 256 bytes): zero all of it
      joinArrivalBytes = Math.max(bytes, 256);
      backend.zero(arrivals, joinArrivalBytes / 4);
    }
    return arrivals;
  }

  /** Whether the reduce of {@code n} values in {@code segments} runs one block per segment. */
  @Override
  protected boolean blocks(long n, long segments) {
    return blockPerSegment(n, segments) && segments + ceilDiv(n, BLOCK_MAX) <= Integer.MAX_VALUE;
  }

  @Override
  protected String tilesVariant(long segments) {
    return registers(segments) ? REGISTERS : FLAT;
  }

  @Override
  protected long byKey(ByKeyPass pass) {
    DeviceBuffer keys = pass.keys();
    DeviceBuffer values = pass.values();
    ReduceOp op = pass.op();
    ScanKind kind = pass.kind();
    long n = keys.length();
    long tiles = ceilDiv(n, CudaSegmentPolicy.byKeyTile(keys.type(), values.type(), kind != null));
    if (tiles > Integer.MAX_VALUE) {
      // block b takes tile b: beyond the grid limit the unfused run-flag passes take the input
      return -1;
    }
    CudaBuffer k = backend.own(keys);
    CudaBuffer v = backend.own(values);
    CudaBuffer result = backend.own(pass.out());
    CudaBuffer unique = kind == null ? backend.own(pass.uniqueKeys()) : null;
    String suffix = k.type().id() + "_" + v.type().id() + "_" + op.id();
    return backend.call(
        () -> {
          // one look-back state per tile, a line apart (no tile counter); then the run count
          long stateBytes = CudaScanPolicy.LOOKBACK_STATE_BYTES * tiles;
          CUdeviceptr state = backend.scratch(stateBytes + 8);
          CUdeviceptr runs = state.withByteOffset(stateBytes);
          backend.zero(state, stateBytes / 4);
          KernelArgs args = new KernelArgs().pointer(k.pointer()).pointer(v.pointer()).i64(n);
          if (kind == null) {
            args.pointer(unique.pointer()).pointer(result.pointer()).pointer(runs);
          } else {
            args.pointer(result.pointer()).i32(kind == ScanKind.EXCLUSIVE ? 1 : 0);
          }
          args.pointer(state).i32(CudaScanPolicy.LOOKBACK_DELAY_NS);
          String what = kind == null ? "reduce" : "scan";
          backend.launch(
              "segment_" + what + "_by_key_" + k.type().id(),
              what + "_by_key_" + suffix,
              tiles,
              0,
              args);
          return kind == null ? backend.fetchLongs(runs, 1)[0] : 0L;
        });
  }

  /** Whether the reduce of {@code segments} segments runs held in registers. */
  private boolean registers(long segments) {
    return registers && segments <= Integer.MAX_VALUE;
  }

  @Override
  protected void enqueueScan(Launch<CUdeviceptr> launch) {
    DType type = launch.type();
    ReduceOp op = launch.op();
    long n = launch.n();
    long tiles = ceilDiv(n, TILE);
    long slot = 8 * tiles;
    CUdeviceptr flags = backend.scratch(3 * slot);
    CUdeviceptr aggregates = flags.withByteOffset(slot);
    CUdeviceptr carries = flags.withByteOffset(2 * slot);
    backend.launch(
        SCAN,
        kernel("seg_scan_totals", type, op, launch.offsetType()),
        tiles,
        0,
        passArgs(launch).pointer(flags).pointer(aggregates));
    backend.launch(
        SCAN,
        kernel("seg_scan_spine", type, op, null),
        1,
        0,
        new KernelArgs().pointer(flags).pointer(aggregates).i64(tiles).pointer(carries));
    backend.launch(
        SCAN,
        kernel("seg_scan_tiles", type, op, launch.offsetType()),
        tiles,
        0,
        passArgs(launch)
            .pointer(carries)
            .pointer(launch.out())
            .i32(launch.kind() == ScanKind.EXCLUSIVE ? 1 : 0));
  }

  @Override
  protected void enqueueRunFlags(Runs<CUdeviceptr> runs) {
    backend.launch(
        REDUCE,
        runKernel("seg_run_flags", runs.keyType(), null),
        ceilDiv(runs.n(), BLOCK_SIZE),
        0,
        new KernelArgs().pointer(runs.keys()).i64(runs.n()).pointer(runs.flags()));
  }

  @Override
  protected long scatterRuns(Runs<CUdeviceptr> runs) {
    return backend.call(
        () -> {
          CUdeviceptr count = backend.scratch(8);
          backend.launch(
              REDUCE,
              runKernel("seg_run_scatter", runs.keyType(), runs.offsetType()),
              ceilDiv(runs.n(), BLOCK_SIZE),
              0,
              new KernelArgs()
                  .pointer(runs.keys())
                  .pointer(runs.flags())
                  .pointer(runs.ranks())
                  .i64(runs.n())
                  .pointer(runs.uniqueKeys())
                  .pointer(runs.offsets())
                  .pointer(count));
          return backend.fetchLongs(count, 1)[0];
        });
  }

  @Override
  protected void enqueueFoldDigits(
      CUdeviceptr values, DType type, long n, FoldPlan plan, SegmentFoldBuffers folds) {
    KernelArgs args = new KernelArgs().pointer(values).i64(n);
    CudaFoldKernels.planArgs(args, plan);
    for (int f = 0; f < 4; f++) {
      args.pointer(memory(folds.digits(f)));
    }
    backend.launch(REDUCE, "seg_fold_digits_" + type.id(), ceilDiv(n, BLOCK_SIZE), 0, args);
  }

  @Override
  protected void enqueueFoldCombine(
      SegmentFoldBuffers folds, DType type, long results, FoldPlan plan, CUdeviceptr out) {
    KernelArgs args = new KernelArgs();
    for (int f = 0; f < 4; f++) {
      args.pointer(memory(folds.sums(f)));
    }
    args.i64(results);
    CudaFoldKernels.planArgs(args, plan).pointer(out);
    backend.launch(REDUCE, "seg_fold_combine_" + type.id(), ceilDiv(results, BLOCK_SIZE), 0, args);
  }

  @Override
  protected CUdeviceptr memory(DeviceBuffer buffer) {
    return backend.own(buffer).pointer();
  }

  @Override
  protected void run(String what, Runnable work) {
    backend.run(work);
  }

  /** The arguments every pass over the launch's values starts with. */
  private static KernelArgs passArgs(Launch<CUdeviceptr> launch) {
    return new KernelArgs()
        .pointer(launch.values())
        .pointer(launch.offsets())
        .i64(launch.segments())
        .i64(launch.n());
  }

  /**
   * The entry point {@code base} for values of {@code type} under {@code op}, and for offsets of
   * {@code offsets} where the kernel reads them (null where it does not).
   */
  static String kernel(String base, DType type, ReduceOp op, DType offsets) {
    return base + "_" + type.id() + "_" + op.id() + (offsets == null ? "" : "_" + offsets.id());
  }

  /**
   * The run-finding entry point {@code base} for {@code keys}, and offsets where it writes them.
   */
  static String runKernel(String base, DType keys, DType offsets) {
    return base + "_" + keys.id() + (offsets == null ? "" : "_" + offsets.id());
  }
}
