package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.DeviceSorter;
import dev.prims.spi.SelectKernels;
import jcuda.driver.CUdeviceptr;

/**
 * The select kernels of {@link dev.prims.spi.DeviceSelect} on CUDA ({@code device/select.cu}, the
 * twin of the OpenCL select.cl), each launched under the backend's lock; grid-stride loops of
 * {@link DeviceSorter#BLOCK_SIZE} threads.
 */
final class CudaSelectKernels implements SelectKernels {
  /** The PTX module of the select kernels. */
  static final String MODULE = "select";

  private final CudaBackend backend;

  CudaSelectKernels(CudaBackend backend) {
    this.backend = backend;
  }

  /** The entry point {@code kernel} for values of {@code type}. */
  static String entry(String kernel, DType type) {
    return kernel + "_" + type.id();
  }

  @Override
  public void flags(
      DeviceBuffer values,
      DeviceBuffer program,
      int instructions,
      DeviceBuffer flagsIn,
      DeviceBuffer flags) {
    CudaBuffer v = backend.own(values);
    CUdeviceptr code = backend.own(program).pointer();
    launch(
        entry("select_flags", v.type()),
        v.length(),
        new KernelArgs()
            .pointer(v.pointer())
            .i64(v.length())
            .pointer(code)
            .i32(instructions)
            .pointer(flagsIn == null ? code : backend.own(flagsIn).pointer())
            .i32(flagsIn == null ? 0 : 1)
            .pointer(backend.own(flags).pointer()));
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
    CudaBuffer v = backend.own(values);
    CUdeviceptr f = backend.own(flags).pointer();
    launch(
        entry("select_scatter", v.type()),
        v.length(),
        new KernelArgs()
            .pointer(v.pointer())
            .pointer(indices == null ? f : backend.own(indices).pointer())
            .i32(indices == null ? 0 : 1)
            .pointer(f)
            .pointer(backend.own(offsets).pointer())
            .i64(v.length())
            .pointer(backend.own(valuesOut).pointer())
            .pointer(indicesOut == null ? f : backend.own(indicesOut).pointer())
            .i32(indicesOut == null ? 0 : 1)
            .i64(at)
            .i64(capacity)
            .i32(partition ? 1 : 0)
            .pointer(backend.own(kept).pointer()));
  }

  @Override
  public void digits(
      DeviceBuffer values, int shift, int bits, boolean descending, DeviceBuffer digits) {
    CudaBuffer v = backend.own(values);
    launch(
        entry("select_digits", v.type()),
        v.length(),
        new KernelArgs()
            .pointer(v.pointer())
            .i64(v.length())
            .i32(shift)
            .i32(bits)
            .i32(descending ? 1 : 0)
            .pointer(backend.own(digits).pointer()));
  }

  private void launch(String kernel, long n, KernelArgs args) {
    backend.call(
        () -> {
          backend.launch(MODULE, kernel, DeviceSorter.transformBlocks(n), 0, args);
          return null;
        });
  }
}
