package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import jcuda.driver.CUdeviceptr;

/**
 * Arg-min/arg-max on the device (argreduce.cu): one launch whose last block writes the winner's
 * index and element into the mapped result slot, read after waiting for the stream (synchronous)
 * or, from a slot of its own, once the stream passes the call (asynchronous).
 */
final class CudaArgReducer implements ArgReducer {
  static final String VARIANT = "single-pass-vectorized";
  private static final String MODULE = "argreduce";

  private final CudaBackend backend;

  CudaArgReducer(CudaBackend backend) {
    this.backend = backend;
  }

  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    DType type = input.type();
    return backend.callAndRead(prepare(input, op, call), bytes -> read(bytes, type));
  }

  @Override
  public CompletableFuture<IndexedValue> argReduceAsync(
      DeviceBuffer input, ReduceOp op, CallContext call) {
    DType type = input.type();
    return backend.enqueueAsync(prepare(input, op, call), bytes -> read(bytes, type));
  }

  /**
   * Checks the buffer, records the variant, and returns what enqueues the call (under the lock).
   */
  private Runnable prepare(DeviceBuffer input, ReduceOp op, CallContext call) {
    CudaBuffer in = backend.own(input);
    call.usedVariant(VARIANT);
    String kernel = (op == ReduceOp.MIN ? "argmin_" : "argmax_") + in.type().id();
    return () -> launch(kernel, in.pointer(), in.type(), in.length(), backend.resultSlot());
  }

  private void launch(String kernel, CUdeviceptr input, DType type, long n, CUdeviceptr result) {
    int resident = backend.residentBlocks(MODULE, kernel, 0, CudaReducePolicy.BLOCKS_PER_SM);
    int blocks = CudaReducePolicy.vectorizedBlocks(n, 16 / type.bytes(), resident);
    CUdeviceptr partials = backend.scratch(16L * blocks);
    backend.launch(
        MODULE,
        kernel,
        blocks,
        0,
        new KernelArgs()
            .pointer(input)
            .i64(n)
            .pointer(partials)
            .pointer(partials.withByteOffset(8L * blocks))
            .pointer(backend.counter(0))
            .pointer(result));
  }

  /** The index (first 8 bytes) and the element (the next) a kernel wrote into a result slot. */
  private IndexedValue read(ByteBuffer bytes, DType type) {
    long index = bytes.getLong(0);
    ByteBuffer value = bytes.duplicate().position(8).slice().order(ByteOrder.nativeOrder());
    backend.countToHost(8);
    return new IndexedValue(backend.valueOf(value, type), index);
  }
}
