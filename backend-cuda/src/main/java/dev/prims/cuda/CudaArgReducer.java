package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import jcuda.driver.CUdeviceptr;

/**
 * Arg-min/arg-max on the device (argreduce.cu, or argreduce_bulk.cu where the reduce runs {@code
 * bulk}): one launch whose last block writes the winner's index and element into the mapped result
 * slot, read after waiting for the stream (synchronous) or, from a slot of its own, once the stream
 * passes the call (asynchronous).
 */
final class CudaArgReducer implements ArgReducer {
  /**
   * Stages of the bulk kernel ({@code ARG_BULK_STAGES} in argreduce_bulk.cu), each of {@link
   * CudaReducePolicy#BULK_STAGE_BYTES}; it runs one block per SM.
   */
  static final int BULK_STAGES = 3;

  /** Dynamic shared memory of the bulk kernel. */
  static final int BULK_SHARED_BYTES = BULK_STAGES * CudaReducePolicy.BULK_STAGE_BYTES;

  static final String VARIANT = "single-pass-vectorized";

  /**
   * The variant of the bulk-copy kernel (argreduce_bulk.cu), the default where reduce's is bulk.
   */
  static final String BULK_VARIANT = "single-pass-bulk";

  private static final String MODULE = "argreduce";
  private static final String BULK_MODULE = "argreduce_bulk";

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
    boolean bulk = usesBulk(call);
    call.usedVariant(bulk ? BULK_VARIANT : VARIANT);
    String kernel =
        (op == ReduceOp.MIN ? "argmin_" : "argmax_") + (bulk ? "bulk_" : "") + in.type().id();
    return () -> launch(kernel, bulk, in.pointer(), in.type(), in.length(), backend.resultSlot());
  }

  /**
   * Whether the call runs the bulk-copy kernel: the reduce variant {@code bulk}, asked for or the
   * device's default.
   */
  private boolean usesBulk(CallContext call) {
    return CudaReducePolicy.BULK.equals(backend.variant(Primitive.REDUCE, call));
  }

  private void launch(
      String kernel, boolean bulk, CUdeviceptr input, DType type, long n, CUdeviceptr result) {
    String module = bulk ? BULK_MODULE : MODULE;
    int shared = bulk ? BULK_SHARED_BYTES : 0;
    int blocks;
    if (bulk) {
      blocks =
          CudaReducePolicy.bulkBlocks(
              n, type.bytes(), 1, backend.residentBlocks(module, kernel, shared, 1));
    } else {
      int resident = backend.residentBlocks(module, kernel, 0, CudaReducePolicy.BLOCKS_PER_SM);
      blocks = CudaReducePolicy.vectorizedBlocks(n, 16 / type.bytes(), resident);
    }
    CUdeviceptr partials = backend.scratch(16L * blocks);
    backend.launch(
        module,
        kernel,
        blocks,
        shared,
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
