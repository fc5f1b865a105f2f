package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import java.util.concurrent.CompletableFuture;
import jcuda.driver.CUdeviceptr;

/**
 * Dot product on the device: one launch ({@code bulk} where the device has bulk copies, else {@code
 * vectorized}) that writes into a mapped host slot, read after waiting for the stream (synchronous)
 * or, from a slot of its own, once the stream passes the call (asynchronous).
 */
record CudaDot(CudaBackend backend) implements DotProduct {
  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    Runnable enqueue = prepare(a, b, call);
    if (enqueue == null) {
      return dev.prims.ReduceOp.SUM.identity(a.type());
    }
    return backend.callAndRead(enqueue, bytes -> backend.valueOf(bytes, a.type()));
  }

  /** Enqueues the dot and returns; the future completes when the stream has done it. */
  @Override
  public CompletableFuture<Number> dotAsync(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    Runnable enqueue = prepare(a, b, call);
    if (enqueue == null) {
      return CompletableFuture.completedFuture(dev.prims.ReduceOp.SUM.identity(a.type()));
    }
    return backend.enqueueAsync(enqueue, bytes -> backend.valueOf(bytes, a.type()));
  }

  /**
   * Checks the buffers, records the variant, and returns what enqueues the dot (under the lock),
   * leaving the answer in the result slot, or null for empty inputs.
   */
  private Runnable prepare(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    CudaBuffer x = backend.own(a);
    CudaBuffer y = backend.own(b);
    check(x.type(), x.length(), y.type(), y.length());
    String variant = variant(call);
    long n = x.length();
    if (n == 0) {
      return null;
    }
    return () -> launch(variant, x.pointer(), y.pointer(), x.type(), n, backend.resultSlot());
  }

  /** The variant {@code call} asks for, else this device's default; recorded in {@code call}. */
  private String variant(CallContext call) {
    String variant = backend.variant(Primitive.DOT, call);
    call.usedVariant(variant);
    return variant;
  }

  /** Same type and length. */
  private static void check(DType xType, long xLength, DType yType, long yLength) {
    if (xType != yType) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type, got " + xType.id() + " and " + yType.id());
    }
    if (xLength != yLength) {
      throw new IllegalArgumentException(
          "dot needs inputs of equal length, got " + xLength + " and " + yLength);
    }
  }

  /**
   * Enqueues the dot kernel of {@code variant} over {@code n} elements, writing the answer to
   * {@code result}.
   */
  private void launch(
      String variant, CUdeviceptr x, CUdeviceptr y, DType type, long n, CUdeviceptr result) {
    String kernel = "dot_" + variant + "_" + type.id();
    KernelArgs args = new KernelArgs().pointer(x).pointer(y).i64(n);
    if (variant.equals("bulk")) {
      backend.cudaReducer().launchBulk("dot_bulk", kernel, 2, type, n, args, result);
      return;
    }
    int resident = backend.residentBlocks("dot", kernel, 0, CudaDotPolicy.BLOCKS_PER_SM);
    int blocks = CudaReducePolicy.vectorizedBlocks(n, 16 / type.bytes(), resident);
    backend.launchGridTotal("dot", kernel, blocks, 0, type, args, result);
  }

  /**
   * On the staged path, streams both arrays through pinned slots (the dot of chunk i runs while
   * chunk i+1 is copied) and sums the per-chunk dots on the device; otherwise two pageable copies.
   */
  @Override
  public Number dot(BufferManager buffers, Object a, Object b, CallContext call) {
    if (!backend.stagedHostPath()) {
      return DotProduct.super.dot(buffers, a, b, call);
    }
    DType type = DType.ofArray(a);
    check(
        type,
        java.lang.reflect.Array.getLength(a),
        DType.ofArray(b),
        java.lang.reflect.Array.getLength(b));
    String variant = variant(call);
    String sum = "reduce_vectorized_" + type.id() + "_sum";
    return backend.call(
        () ->
            backend
                .streamer()
                .fold(
                    new Object[] {a, b},
                    type,
                    (inputs, length, result) ->
                        launch(variant, inputs[0], inputs[1], type, length, result),
                    (inputs, length, result) ->
                        backend
                            .cudaReducer()
                            .launchVectorized(inputs[0], type, length, sum, result)));
  }
}
