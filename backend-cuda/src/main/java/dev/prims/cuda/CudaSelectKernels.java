package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.DeviceSorter;
import dev.prims.spi.SelectKernels;
import dev.prims.spi.SelectProgram;
import java.util.Arrays;
import jcuda.driver.CUdeviceptr;

/**
 * The select kernels of {@link dev.prims.spi.DeviceSelect} on CUDA ({@code device/select.cu}, the
 * twin of the OpenCL select.cl), each launched under the backend's lock in blocks of {@link
 * DeviceSorter#BLOCK_SIZE} threads: the single-pass compaction (decoupled look-back over tiles of
 * {@link #tile} values) and grid-stride loops.
 */
final class CudaSelectKernels implements SelectKernels {
  /** The PTX module of the select kernels. */
  static final String MODULE = "select";

  /** Items per thread of a compaction tile of 4-byte values ({@code SELECT_ITEMS_4}). */
  static final int ITEMS_4 = 20;

  /** Items per thread of a compaction tile of 8-byte values ({@code SELECT_ITEMS_8}). */
  static final int ITEMS_8 = 12;

  /**
   * Items per thread of a plain compaction's tile of 8-byte values ({@code SELECT_PLAIN_ITEMS_8}).
   */
  static final int PLAIN_ITEMS_8 = 18;

  /**
   * Blocks per SM of a capped compaction (SELECT_MIN_BLOCKS in select.cu: as many as its launch
   * bounds keep resident), which loops over the tiles.
   */
  private static final int CAPPED_BLOCKS_PER_SM = 3;

  /** Nanoseconds a look-back warp sleeps between polls of a tile that is not ready yet. */
  static final int LOOKBACK_DELAY_NS = CudaScanPolicy.LOOKBACK_DELAY_NS;

  /** Values per thread in a tile of the top-k kernels (TOPK_ITEMS in select.cu). */
  private static final int TOPK_ITEMS = 8;

  /** Blocks per SM of a top-k kernel over 4-byte values (TOPK_BLOCKS_PER_SM_4 in select.cu). */
  private static final int TOPK_BLOCKS_PER_SM_4 = 8;

  /** Blocks per SM of a top-k kernel over 8-byte values (TOPK_BLOCKS_PER_SM_8 in select.cu). */
  private static final int TOPK_BLOCKS_PER_SM_8 = 4;

  /** Byte offset of the kept count in the compaction's states scratch, on the counters' line. */
  static final long COUNT_OFFSET = 16;

  /** The named scratch of the program, of the largest program's size (so it never moves). */
  private static final String PROGRAM_SCRATCH = "select.program";

  private final CudaBackend backend;

  /** The program in {@link #PROGRAM_SCRATCH} (under the backend's lock), or null. */
  private long[] uploaded;

  /**
   * The compaction's counters and tile states, in a named scratch no other kernel uses: its tile
   * states carry the epoch of the call that wrote them, so a call zeroes nothing.
   */
  private final CudaTileEpochs states;

  CudaSelectKernels(CudaBackend backend) {
    this.backend = backend;
    this.states = new CudaTileEpochs(backend, "select.states");
  }

  /**
   * Values per compaction tile of {@code type} (one block's), of the plain entry or the general.
   */
  static int tile(DType type, boolean plain) {
    int items8 = plain ? PLAIN_ITEMS_8 : ITEMS_8;
    return DeviceSorter.BLOCK_SIZE * (type.bytes() == 4 ? ITEMS_4 : items8);
  }

  /** The entry point {@code kernel} for values of {@code type}. */
  static String entry(String kernel, DType type) {
    return kernel + "_" + type.id();
  }

  /**
   * One {@code select_compact} launch, a block per tile, over the tile states of {@link
   * CudaTileEpochs} (tagged with this call's epoch, so nothing is zeroed before the launch); a
   * partition then reverses its tail. The program stays on the device from one call to the next and
   * is copied there (from pinned staging) only when it changed. The kernel also writes the count
   * into the result slot (mapped host memory), read after the call's one wait: a call allocates
   * nothing and copies nothing back. A compaction without indices, flags or partition runs the
   * {@code select_compact_plain} entry, which the driver compiles to fewer registers (more blocks
   * per SM) and, for 8-byte values, larger tiles.
   */
  @Override
  public long compact(Compaction compaction) {
    CudaBuffer v = backend.own(compaction.values());
    CudaBuffer out = backend.own(compaction.valuesOut());
    long[] program = compaction.program();
    DeviceBuffer indices = compaction.indices();
    DeviceBuffer flagsIn = compaction.flagsIn();
    DeviceBuffer indicesOut = compaction.indicesOut();
    long n = v.length();
    boolean plain = compaction.plain();
    long tile = tile(v.type(), plain);
    long tiles = (n + tile - 1) / tile;
    // a capped compaction loops over tiles on a resident grid and stops once capacity are kept
    long blocks =
        compaction.capacity() < n
            ? Math.min(tiles, (long) backend.sms() * CAPPED_BLOCKS_PER_SM)
            : tiles;
    return backend.call(
        () -> {
          // a line of counters (the tile ticket, the full flag, the blocks done, then the kept
          // count at byte 16), then one state (status with the call's epoch, and count) per tile,
          // a line apart; zeroed once, when allocated, and left ready by every call's last block
          long stateBytes = CudaScanPolicy.LOOKBACK_STATE_BYTES * (tiles + 1);
          CUdeviceptr state = states.next(stateBytes);
          CUdeviceptr count = state.withByteOffset(COUNT_OFFSET);
          CUdeviceptr code =
              backend.scratch(PROGRAM_SCRATCH, 2L * Long.BYTES * SelectProgram.MAX_INSTRUCTIONS);
          if (!Arrays.equals(program, uploaded)) {
            backend.uploadSmall(program, code);
            uploaded = program.clone();
          }
          backend.launch(
              MODULE,
              entry(plain ? "select_compact_plain" : "select_compact", v.type()),
              blocks,
              0,
              new KernelArgs()
                  .pointer(v.pointer())
                  .pointer(indices == null ? code : backend.own(indices).pointer())
                  .i32(indices == null ? 0 : 1)
                  .i64(n)
                  .pointer(code)
                  .i32(compaction.instructions())
                  .pointer(flagsIn == null ? code : backend.own(flagsIn).pointer())
                  .i32(flagsIn == null ? 0 : 1)
                  .pointer(out.pointer())
                  .pointer(indicesOut == null ? code : backend.own(indicesOut).pointer())
                  .i32(indicesOut == null ? 0 : 1)
                  .i64(compaction.at())
                  .i64(compaction.capacity())
                  .i32(compaction.partition() ? 1 : 0)
                  .pointer(state)
                  .i32(states.epoch())
                  .i32(LOOKBACK_DELAY_NS)
                  .pointer(count)
                  .pointer(backend.resultSlot()));
          if (compaction.partition()) {
            backend.launch(
                MODULE,
                entry("select_reverse_tail", v.type()),
                DeviceSorter.transformBlocks(n / 2),
                0,
                new KernelArgs().pointer(out.pointer()).i64(n).pointer(count));
          }
          backend.synchronize();
          return backend.readResultBytes(Long.BYTES).getLong(0);
        });
  }

  @Override
  public void digitCounts(DigitCount digits) {
    CudaBuffer v = backend.own(digits.values());
    KernelArgs args =
        new KernelArgs()
            .pointer(v.pointer())
            .i64(v.length())
            .i32(digits.shift())
            .i32(digits.bits());
    radixArg(args, v.type(), digits.prefix())
        .i32(digits.descending() ? 1 : 0)
        .pointer(backend.own(digits.counts()).pointer())
        .i32(digits.at())
        .i32(digits.lowAt())
        .i32(digits.bitsAt());
    launchTiles(entry("select_digit_counts", v.type()), v.type(), v.length(), args);
  }

  @Override
  public void gather(Gather gather) {
    CudaBuffer v = backend.own(gather.values());
    CUdeviceptr idxOut = backend.own(gather.indicesOut()).pointer();
    DeviceBuffer indices = gather.indices();
    KernelArgs args =
        new KernelArgs()
            .pointer(v.pointer())
            .pointer(indices == null ? idxOut : backend.own(indices).pointer())
            .i32(indices == null ? 0 : 1)
            .i64(v.length())
            .i32(gather.shift());
    radixArg(args, v.type(), gather.bound())
        .i32(gather.descending() ? 1 : 0)
        .pointer(backend.own(gather.keysOut()).pointer())
        .pointer(idxOut)
        .i64(gather.indicesOut().length())
        .pointer(backend.own(gather.counter()).pointer())
        .i32(gather.at());
    launchTiles(entry("select_gather", v.type()), v.type(), v.length(), args);
  }

  @Override
  public void take(Take take) {
    CudaBuffer v = backend.own(take.values());
    launch(
        entry("select_take", v.type()),
        take.count(),
        new KernelArgs()
            .pointer(v.pointer())
            .pointer(backend.own(take.indices()).pointer())
            .i64(take.count())
            .pointer(backend.own(take.valuesOut()).pointer())
            .pointer(backend.own(take.indicesOut()).pointer()));
  }

  /** A radix-bits argument: 32-bit for 4-byte values, else 64-bit. */
  private static KernelArgs radixArg(KernelArgs args, DType type, long bits) {
    return type.bytes() == Integer.BYTES ? args.i32((int) bits) : args.i64(bits);
  }

  /** Launches a kernel of tiles of {@link #TOPK_ITEMS} values per thread, grid-stride. */
  private void launchTiles(String kernel, DType type, long n, KernelArgs args) {
    long perSm = type.bytes() == Integer.BYTES ? TOPK_BLOCKS_PER_SM_4 : TOPK_BLOCKS_PER_SM_8;
    backend.call(
        () -> {
          backend.launch(MODULE, kernel, topKBlocks(n, backend.sms() * perSm), 0, args);
          return null;
        });
  }

  /**
   * Blocks of a top-k kernel: one per tile, at most {@code resident} (what the device holds at
   * once; each block zeroes and merges a digit histogram, so fewer blocks than tiles loop over
   * several).
   */
  static long topKBlocks(long n, long resident) {
    long tile = (long) DeviceSorter.BLOCK_SIZE * TOPK_ITEMS;
    return Math.max(1, Math.min(resident, (n + tile - 1) / tile));
  }

  private void launch(String kernel, long n, KernelArgs args) {
    backend.call(
        () -> {
          backend.launch(MODULE, kernel, DeviceSorter.transformBlocks(n), 0, args);
          return null;
        });
  }
}
