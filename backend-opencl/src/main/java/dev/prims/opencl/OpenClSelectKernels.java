package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.BackendContext;
import dev.prims.spi.DeviceSorter;
import dev.prims.spi.SelectKernels;
import dev.prims.spi.SelectProgram;
import java.util.Arrays;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * The select kernels of {@link dev.prims.spi.DeviceSelect} on OpenCL (select.cl), each enqueued
 * under the backend's lock in work-groups of {@link DeviceSorter#BLOCK_SIZE} work-items: the
 * compaction over tiles (one pass with a decoupled look-back where the device runs it, as the CUDA
 * backend's {@code tile-compact}; scratch of a few words per tile) and grid-stride loops.
 */
final class OpenClSelectKernels implements SelectKernels {
  private static final String FILE = "select.cl";

  /** Tuning: values per work-item of a compaction tile of 4-byte values. */
  static final String ITEMS_KEY = "prims.opencl.select.itemsPerThread";

  /** Tuning: the same for 8-byte values. */
  static final String ITEMS8_KEY = "prims.opencl.select.itemsPerThread8";

  /** The most values per work-item of a compaction tile (one bit each in a 32-bit word). */
  static final int MAX_ITEMS = 32;

  /** Values per work-item in a tile of the top-k kernels (TOPK_ITEMS in select.cl). */
  private static final int TOPK_ITEMS = 8;

  /** The most work-groups of a top-k kernel (as the CUDA backend's). */
  private static final long TOPK_MAX_GROUPS = 1024;

  /** The named scratch of the program, of the largest program's size (so it never moves). */
  private static final String PROGRAM_SCRATCH = "select.program";

  private final OpenClBackend backend;
  private final OpenClTickets states;

  /** The program in {@link #PROGRAM_SCRATCH} (under the backend's lock), or null. */
  private long[] uploaded;

  /** Values per work-item of a tile of 4-byte and 8-byte values as configured; 0: the default. */
  private final int items4;

  private final int items8;

  /** The select kernels of {@code backend}, their tiles of the default size. */
  OpenClSelectKernels(OpenClBackend backend) {
    this(backend, 0, 0);
  }

  private OpenClSelectKernels(OpenClBackend backend, int items4, int items8) {
    this.backend = backend;
    this.states = new OpenClTickets(backend, "select.states");
    this.items4 = items4;
    this.items8 = items8;
  }

  /**
   * The select kernels of {@code backend}, their tiles as {@code context} asks ({@link #ITEMS_KEY},
   * {@link #ITEMS8_KEY}; 0 or unset: the default).
   */
  static OpenClSelectKernels of(OpenClBackend backend, BackendContext context) {
    return new OpenClSelectKernels(
        backend,
        (int) context.integer(ITEMS_KEY, 0, 0, MAX_ITEMS),
        (int) context.integer(ITEMS8_KEY, 0, 0, MAX_ITEMS));
  }

  /**
   * Values per work-item of a compaction tile of {@code type} ({@code ITEMS_PER_THREAD}): as
   * configured, else on NVIDIA's platform the fastest of 8 to 24 for each type on an H100 (2^28
   * values, half kept, 2026-11-27: int 24, float 24, long 12, double 8; the driver's compiler gives
   * each its own registers), elsewhere {@link DeviceSorter#ITEMS_PER_THREAD}.
   */
  int itemsPerThread(DType type) {
    int configured = type.bytes() == Integer.BYTES ? items4 : items8;
    if (configured > 0) {
      return configured;
    }
    if (backend.lookback().mode() != OpenClLookback.Mode.NVIDIA_PTX) {
      return DeviceSorter.ITEMS_PER_THREAD;
    }
    return switch (type) {
      case INT -> 24;
      case FLOAT -> 24;
      case LONG -> 12;
      case DOUBLE -> 8;
    };
  }

  /** Values per compaction tile of {@code type} ({@code SELECT_TILE} in select.cl). */
  long tile(DType type) {
    return (long) DeviceSorter.BLOCK_SIZE * itemsPerThread(type);
  }

  /**
   * Over tiles of {@link #tile} values: where the device runs the look-back ({@link #onePass}), one
   * {@code select_compact} launch ({@code select_compact_plain} for a select without indices, flags
   * or partition) over per-tile states (a status and a kept count per tile, reused across calls by
   * {@link OpenClTickets}), and for a partition a {@code select_reverse_tail} launch that puts the
   * rejected values, written last first, in order; otherwise three launches: the tiles' kept counts
   * (one int per tile of scratch), their offsets and the kept count (one work-group), and the
   * scatter. The program and the kept count live in scratch of the backend's (no allocation per
   * call); the program is written there only when it changed (as the CUDA backend's), and the count
   * is read with the call's one wait.
   */
  @Override
  public long compact(Compaction compaction) {
    DeviceBuffer indices = compaction.indices();
    DeviceBuffer flagsIn = compaction.flagsIn();
    DeviceBuffer indicesOut = compaction.indicesOut();
    long[] program = compaction.program();
    int instructions = compaction.instructions();
    long at = compaction.at();
    long capacity = compaction.capacity();
    boolean partition = compaction.partition();
    OpenClBuffer v = backend.own(compaction.values());
    DType type = v.type();
    long n = v.length();
    long tile = tile(type);
    long tiles = (n + tile - 1) / tile;
    boolean onePass = onePass();
    boolean plain = compaction.plain();
    OpenClBackend.Kernel compact =
        onePass ? kernel(type, plain ? "select_compact_plain" : "select_compact") : null;
    OpenClBackend.Kernel reverse =
        onePass && partition ? kernel(type, "select_reverse_tail") : null;
    OpenClBackend.Kernel counts = onePass ? null : kernel(type, "select_tile_counts");
    OpenClBackend.Kernel offsets = onePass ? null : kernel(type, "select_tile_offsets");
    OpenClBackend.Kernel scatter = onePass ? null : kernel(type, "select_tile_scatter");
    Number kept =
        backend.callAndRead(
            "select",
            () -> {
              // the program and the kept count in scratch of the backend's, reused across calls
              cl_mem code =
                  backend.scratch(
                      PROGRAM_SCRATCH, 2L * Long.BYTES * SelectProgram.MAX_INSTRUCTIONS);
              if (!Arrays.equals(program, uploaded)) {
                backend.write(code, Pointer.to(program), (long) Long.BYTES * program.length);
                uploaded = program.clone();
              }
              cl_mem count = backend.scratch("select.kept", Long.BYTES);
              cl_mem flags = flagsIn == null ? code : backend.own(flagsIn).mem();
              int hasFlags = flagsIn == null ? 0 : 1;
              cl_mem idx = indices == null ? code : backend.own(indices).mem();
              int hasIndices = indices == null ? 0 : 1;
              cl_mem out = backend.own(compaction.valuesOut()).mem();
              cl_mem idxOut = indicesOut == null ? code : backend.own(indicesOut).mem();
              int hasIndicesOut = indicesOut == null ? 0 : 1;
              // the arguments select_compact and select_tile_scatter begin with
              Object[] tileInput = {
                v.mem(), idx, hasIndices, n, code, instructions, flags, hasFlags
              };
              if (onePass) {
                // the counter, then a state per tile (status and count with PTX, a line a tile)
                cl_mem state = states.next(backend.lookback().stateBytes(tiles, 4), tiles);
                cl_mem aggregates = backend.scratch("select.aggregates", tiles * 4);
                cl_mem prefixes = backend.scratch("select.prefixes", tiles * 4);
                Object[] lookback = {
                  count, state, aggregates, prefixes, states.epoch(), states.ticketBase()
                };
                backend.launch(
                    compact,
                    tiles,
                    DeviceSorter.BLOCK_SIZE,
                    plain
                        ? with(
                            new Object[] {v.mem(), n, code, instructions, out, at, capacity},
                            lookback)
                        : with(
                            with(
                                tileInput,
                                out,
                                idxOut,
                                hasIndicesOut,
                                at,
                                capacity,
                                partition ? 1 : 0),
                            lookback));
                if (reverse != null) {
                  backend.launch(
                      reverse,
                      DeviceSorter.transformBlocks(n / 2),
                      DeviceSorter.BLOCK_SIZE,
                      out,
                      n,
                      count);
                }
              } else {
                cl_mem tileCounts = backend.scratch("select.tileCounts", tiles * 4);
                backend.launch(
                    counts,
                    tiles,
                    DeviceSorter.BLOCK_SIZE,
                    v.mem(),
                    n,
                    code,
                    instructions,
                    flags,
                    hasFlags,
                    tileCounts);
                backend.launch(offsets, 1, DeviceSorter.BLOCK_SIZE, tileCounts, tiles, count);
                backend.launch(
                    scatter,
                    tiles,
                    DeviceSorter.BLOCK_SIZE,
                    with(
                        tileInput,
                        tileCounts,
                        count,
                        out,
                        idxOut,
                        hasIndicesOut,
                        at,
                        capacity,
                        partition ? 1 : 0));
              }
              return new OpenClBackend.ScalarAt(count, 0, DType.LONG);
            });
    return kept.longValue();
  }

  /**
   * Whether a compaction runs in one pass ({@code select_compact} with its look-back): where the
   * device runs the look-back ({@link OpenClBackend#lookback()}, which {@code
   * prims.opencl.scan.lookback=false} turns off).
   */
  boolean onePass() {
    return backend.lookback().supported();
  }

  @Override
  public void digitCounts(DigitCount digits) {
    OpenClBuffer v = backend.own(digits.values());
    launch(
        v.type(),
        "select_digit_counts",
        tiles(v.length()),
        v.mem(),
        v.length(),
        digits.shift(),
        digits.bits(),
        radixArg(v.type(), digits.prefix()),
        digits.descending() ? 1 : 0,
        backend.own(digits.counts()).mem(),
        digits.at(),
        digits.lowAt(),
        digits.bitsAt());
  }

  @Override
  public void gather(Gather gather) {
    OpenClBuffer v = backend.own(gather.values());
    cl_mem idxOut = backend.own(gather.indicesOut()).mem();
    DeviceBuffer indices = gather.indices();
    launch(
        v.type(),
        "select_gather",
        tiles(v.length()),
        v.mem(),
        indices == null ? idxOut : backend.own(indices).mem(),
        indices == null ? 0 : 1,
        v.length(),
        gather.shift(),
        radixArg(v.type(), gather.bound()),
        gather.descending() ? 1 : 0,
        backend.own(gather.keysOut()).mem(),
        idxOut,
        gather.indicesOut().length(),
        backend.own(gather.counter()).mem(),
        gather.at());
  }

  @Override
  public void take(Take take) {
    OpenClBuffer v = backend.own(take.values());
    launch(
        v.type(),
        "select_take",
        take.count(),
        v.mem(),
        backend.own(take.indices()).mem(),
        (long) take.count(),
        backend.own(take.valuesOut()).mem(),
        backend.own(take.indicesOut()).mem());
  }

  /** A radix-bits argument: uint for 4-byte values, else ulong. */
  private static Object radixArg(DType type, long bits) {
    return type.bytes() == Integer.BYTES ? (Object) (int) bits : (Object) bits;
  }

  /**
   * The launch size (in values, as {@link #launch} takes it) of a top-k kernel: one work-group per
   * tile of TOPK_ITEMS values per work-item, at most {@link #TOPK_MAX_GROUPS} (each zeroes and
   * merges a digit histogram, so fewer groups than tiles loop over several).
   */
  private static long tiles(long n) {
    long tile = (long) DeviceSorter.BLOCK_SIZE * TOPK_ITEMS;
    return DeviceSorter.BLOCK_SIZE * Math.max(1, Math.min(TOPK_MAX_GROUPS, (n + tile - 1) / tile));
  }

  private static Object[] with(Object[] head, Object... tail) {
    Object[] all = Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }

  private void launch(DType type, String name, long n, Object... args) {
    OpenClBackend.Kernel kernel = kernel(type, name);
    backend.callAndRead(
        "select",
        () -> {
          backend.launch(kernel, DeviceSorter.transformBlocks(n), DeviceSorter.BLOCK_SIZE, args);
          return null;
        });
  }

  private OpenClBackend.Kernel kernel(DType type, String name) {
    String options =
        " -DRADIX_WIDTH="
            + type.bytes() * Byte.SIZE
            + " -DRADIX_T="
            + (type.bytes() == 4 ? "uint" : "ulong")
            + backend.lookback().buildOptions(backend.openClDevice().version());
    return backend.kernel(
        FILE, type, ReduceOp.SUM, DeviceSorter.BLOCK_SIZE, itemsPerThread(type), options, name);
  }
}
