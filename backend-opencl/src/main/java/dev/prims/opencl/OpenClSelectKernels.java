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
