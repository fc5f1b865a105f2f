package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.DeviceSorter;
import dev.prims.spi.SelectKernels;
import java.util.Arrays;
import org.jocl.cl_mem;

/**
 * The select kernels of {@link dev.prims.spi.DeviceSelect} on OpenCL (select.cl), each enqueued
 * under the backend's lock in work-groups of {@link DeviceSorter#BLOCK_SIZE} work-items: the
 * compaction over tiles (one pass with a decoupled look-back where the device runs it; scratch of a
 * few words per tile) and grid-stride loops.
 */
final class OpenClSelectKernels implements SelectKernels {
  private static final String FILE = "select.cl";

  /** Values per compaction tile ({@code SELECT_TILE} in select.cl). */
  static final int TILE = DeviceSorter.BLOCK_SIZE * DeviceSorter.ITEMS_PER_THREAD;

  private final OpenClBackend backend;
  private final OpenClTickets states;

  OpenClSelectKernels(OpenClBackend backend) {
    this.backend = backend;
    this.states = new OpenClTickets(backend, "select.states");
  }

  /**
   * Over tiles of {@link #TILE} values: where the device runs the look-back ({@link
   * OpenClLookback}) and for no partition, one {@code select_compact} launch over per-tile states
   * (a status, an aggregate and a prefix per tile, reused across calls by {@link OpenClTickets});
   * otherwise three launches: the tiles' kept counts (one int per tile of scratch), their offsets
   * and the kept count (one work-group), and the scatter.
   */
  @Override
  public void compact(
      DeviceBuffer values,
      DeviceBuffer indices,
      DeviceBuffer program,
      int instructions,
      DeviceBuffer flagsIn,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      long at,
      long capacity,
      boolean partition,
      DeviceBuffer kept) {
    OpenClBuffer v = backend.own(values);
    DType type = v.type();
    cl_mem code = backend.own(program).mem();
    cl_mem flags = flagsIn == null ? code : backend.own(flagsIn).mem();
    int hasFlags = flagsIn == null ? 0 : 1;
    cl_mem idx = indices == null ? code : backend.own(indices).mem();
    int hasIndices = indices == null ? 0 : 1;
    cl_mem out = backend.own(valuesOut).mem();
    cl_mem idxOut = indicesOut == null ? code : backend.own(indicesOut).mem();
    int hasIndicesOut = indicesOut == null ? 0 : 1;
    cl_mem count = backend.own(kept).mem();
    long n = v.length();
    long tiles = (n + TILE - 1) / TILE;
    // the arguments select_compact and select_tile_scatter begin with
    Object[] tileInput = {v.mem(), idx, hasIndices, n, code, instructions, flags, hasFlags};
    if (!partition && backend.lookback().supported()) {
      OpenClBackend.Kernel compact = kernel(type, "select_compact");
      backend.callAndRead(
          "select",
          () -> {
            cl_mem state = states.next((tiles + 1) * 4, tiles);
            cl_mem aggregates = backend.scratch("select.aggregates", tiles * 4);
            cl_mem prefixes = backend.scratch("select.prefixes", tiles * 4);
            backend.launch(
                compact,
                tiles,
                DeviceSorter.BLOCK_SIZE,
                with(
                    tileInput,
                    out,
                    idxOut,
                    hasIndicesOut,
                    at,
                    capacity,
                    count,
                    state,
                    aggregates,
                    prefixes,
                    states.epoch(),
                    states.ticketBase()));
            return null;
          });
      return;
    }
    OpenClBackend.Kernel counts = kernel(type, "select_tile_counts");
    OpenClBackend.Kernel offsets = kernel(type, "select_tile_offsets");
    OpenClBackend.Kernel scatter = kernel(type, "select_tile_scatter");
    backend.callAndRead(
        "select",
        () -> {
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
          return null;
        });
  }

  @Override
  public void digits(
      DeviceBuffer values, int shift, int bits, boolean descending, DeviceBuffer digits) {
    OpenClBuffer v = backend.own(values);
    launch(
        v.type(),
        "select_digits",
        v.length(),
        v.mem(),
        v.length(),
        shift,
        bits,
        descending ? 1 : 0,
        backend.own(digits).mem());
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
        FILE,
        type,
        ReduceOp.SUM,
        DeviceSorter.BLOCK_SIZE,
        DeviceSorter.ITEMS_PER_THREAD,
        options,
        name);
  }
}
