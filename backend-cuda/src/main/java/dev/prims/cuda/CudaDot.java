package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import jcuda.driver.CUdeviceptr;

/** Dot product on the device: one vectorised launch that writes into the mapped host slot. */
final class CudaDot implements DotProduct {
  private final CudaBackend backend;

  CudaDot(CudaBackend backend) {
    this.backend = backend;
  }

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    CudaBuffer x = backend.own(a);
    CudaBuffer y = backend.own(b);
    if (x.type() != y.type()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type, got " + x.type().id() + " and " + y.type().id());
    }
    if (x.length() != y.length()) {
      throw new IllegalArgumentException(
          "dot needs inputs of equal length, got " + x.length() + " and " + y.length());
    }
    call.usedVariant(CudaDotPolicy.VARIANTS.get(0));
    DType type = x.type();
    long n = x.length();
    if (n == 0) {
      return dev.prims.ReduceOp.SUM.identity(type);
    }
    return backend.call(
        () -> {
          String kernel = "dot_vectorized_" + type.id();
          int resident = backend.residentBlocks("dot", kernel, 0, CudaDotPolicy.BLOCKS_PER_SM);
          int blocks = CudaReducePolicy.vectorizedBlocks(n, 16 / type.bytes(), resident);
          CUdeviceptr partials = backend.scratch((long) blocks * type.bytes());
          backend.launch(
              "dot",
              kernel,
              blocks,
              0,
              new KernelArgs()
                  .pointer(x.pointer())
                  .pointer(y.pointer())
                  .i64(n)
                  .pointer(partials)
                  .pointer(backend.counter(0))
                  .pointer(backend.resultSlot()));
          backend.synchronize();
          return backend.readResult(type);
        });
  }
}
