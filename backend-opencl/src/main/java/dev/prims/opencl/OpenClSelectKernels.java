package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.DeviceSorter;
import dev.prims.spi.SelectKernels;
import org.jocl.cl_mem;

/**
 * The select kernels of {@link dev.prims.spi.DeviceSelect} on OpenCL (select.cl), each enqueued
 * under the backend's lock; grid-stride loops of {@link DeviceSorter#BLOCK_SIZE} work-items.
 */
final class OpenClSelectKernels implements SelectKernels {
  private static final String FILE = "select.cl";

  /** Values per work-item in a tile of the top-k kernels (TOPK_ITEMS in select.cl). */
  private static final int TOPK_ITEMS = 8;

  /** The most work-groups of a top-k kernel (as the CUDA backend's). */
  private static final long TOPK_MAX_GROUPS = 1024;

  private final OpenClBackend backend;

  OpenClSelectKernels(OpenClBackend backend) {
    this.backend = backend;
  }

  @Override
  public void flags(
      DeviceBuffer values,
      DeviceBuffer program,
      int instructions,
      DeviceBuffer flagsIn,
      DeviceBuffer flags) {
    OpenClBuffer v = backend.own(values);
    cl_mem code = backend.own(program).mem();
    launch(
        v.type(),
        "select_flags",
        v.length(),
        v.mem(),
        v.length(),
        code,
        instructions,
        flagsIn == null ? code : backend.own(flagsIn).mem(),
        flagsIn == null ? 0 : 1,
        backend.own(flags).mem());
  }

  @Override
  public void scatter(
      DeviceBuffer values,
      DeviceBuffer indices,
      DeviceBuffer flags,
      DeviceBuffer offsets,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut,
      long at,
      long capacity,
      boolean partition,
      DeviceBuffer kept) {
    OpenClBuffer v = backend.own(values);
    cl_mem f = backend.own(flags).mem();
    launch(
        v.type(),
        "select_scatter",
        v.length(),
        v.mem(),
        indices == null ? f : backend.own(indices).mem(),
        indices == null ? 0 : 1,
        f,
        backend.own(offsets).mem(),
        v.length(),
        backend.own(valuesOut).mem(),
        indicesOut == null ? f : backend.own(indicesOut).mem(),
        indicesOut == null ? 0 : 1,
        at,
        capacity,
        partition ? 1 : 0,
        backend.own(kept).mem());
  }

  @Override
  public void digitCounts(
      DeviceBuffer values,
      int shift,
      int bits,
      long prefix,
      boolean descending,
      DeviceBuffer counts,
      int at) {
    OpenClBuffer v = backend.own(values);
    launch(
        v.type(),
        "select_digit_counts",
        tiles(v.length()),
        v.mem(),
        v.length(),
        shift,
        bits,
        radixArg(v.type(), prefix),
        descending ? 1 : 0,
        backend.own(counts).mem(),
        at);
  }

  @Override
  public void gather(
      DeviceBuffer values,
      DeviceBuffer indices,
      int shift,
      long bound,
      boolean descending,
      DeviceBuffer keysOut,
      DeviceBuffer indicesOut,
      DeviceBuffer counter,
      int at) {
    OpenClBuffer v = backend.own(values);
    cl_mem idxOut = backend.own(indicesOut).mem();
    launch(
        v.type(),
        "select_gather",
        tiles(v.length()),
        v.mem(),
        indices == null ? idxOut : backend.own(indices).mem(),
        indices == null ? 0 : 1,
        v.length(),
        shift,
        radixArg(v.type(), bound),
        descending ? 1 : 0,
        backend.own(keysOut).mem(),
        idxOut,
        indicesOut.length(),
        backend.own(counter).mem(),
        at);
  }

  @Override
  public void take(
      DeviceBuffer values,
      DeviceBuffer indices,
      int count,
      DeviceBuffer valuesOut,
      DeviceBuffer indicesOut) {
    OpenClBuffer v = backend.own(values);
    launch(
        v.type(),
        "select_take",
        count,
        v.mem(),
        backend.own(indices).mem(),
        (long) count,
        backend.own(valuesOut).mem(),
        backend.own(indicesOut).mem());
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

  private void launch(DType type, String name, long n, Object... args) {
    String options =
        " -DRADIX_WIDTH="
            + type.bytes() * Byte.SIZE
            + " -DRADIX_T="
            + (type.bytes() == 4 ? "uint" : "ulong");
    OpenClBackend.Kernel kernel =
        backend.kernel(
            FILE,
            type,
            ReduceOp.SUM,
            DeviceSorter.BLOCK_SIZE,
            DeviceSorter.ITEMS_PER_THREAD,
            options,
            name);
    backend.callAndRead(
        "select",
        () -> {
          backend.launch(kernel, DeviceSorter.transformBlocks(n), DeviceSorter.BLOCK_SIZE, args);
          return null;
        });
  }
}
