package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import java.lang.reflect.Array;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jocl.cl_mem;

/**
 * Dot product on OpenCL: dot_vectorized leaves one partial per work-group, reduce_vectorized sums
 * them.
 */
record OpenClDot(OpenClBackend backend) implements DotProduct {
  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    Supplier<OpenClBackend.ScalarAt> enqueue = prepare(a, b, call);
    if (enqueue == null) {
      return ReduceOp.SUM.identity(a.type());
    }
    return backend.callAndRead("dot", enqueue);
  }

  /** Enqueues the dot and returns; the future completes when the queue has done it. */
  @Override
  public CompletableFuture<Number> dotAsync(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    Supplier<OpenClBackend.ScalarAt> enqueue = prepare(a, b, call);
    if (enqueue == null) {
      return CompletableFuture.completedFuture(ReduceOp.SUM.identity(a.type()));
    }
    return backend.callAsync("dot", enqueue, value -> value);
  }

  /**
   * Checks the buffers, records the variant, and returns what enqueues the dot (under the lock),
   * naming where it answers, or null for empty inputs.
   */
  private Supplier<OpenClBackend.ScalarAt> prepare(
      DeviceBuffer a, DeviceBuffer b, CallContext call) {
    OpenClBuffer x = backend.own(a);
    OpenClBuffer y = backend.own(b);
    check(x, y, call);
    return x.length() == 0 ? null : enqueue(x, y);
  }

  /** Same type and length, a type the device has; records the variant. */
  private void check(OpenClBuffer x, OpenClBuffer y, CallContext call) {
    DType type = x.type();
    backend.requireType(type);
    if (y.type() != type || y.length() != x.length()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type and equal length, got "
              + x.length()
              + " "
              + type.id()
              + " and "
              + y.length()
              + " "
              + y.type().id());
    }
    call.usedVariant(backend.variant(Primitive.DOT, call));
  }

  /** What enqueues the dot of {@code x} and {@code y} (under the lock), naming where it answers. */
  private Supplier<OpenClBackend.ScalarAt> enqueue(OpenClBuffer x, OpenClBuffer y) {
    DType type = x.type();
    return () -> new OpenClBackend.ScalarAt(dot(x.mem(), y.mem(), x.length(), type), 0, type);
  }

  /**
   * Enqueues the dot of the first {@code n} (> 0) elements of {@code x} and {@code y} and returns
   * the memory holding it as its first element. Call under the backend's lock.
   */
  private cl_mem dot(cl_mem x, cl_mem y, long n, DType type) {
    int block = OpenClDotPolicy.BLOCK_SIZE;
    long groups = OpenClReducePolicy.gridGroups(backend.openClDevice(), n, 4);
    cl_mem partials = backend.scratch("dot.partials", groups * type.bytes());
    backend.launch(
        backend.kernel("dot.cl", type, ReduceOp.SUM, block, 1, "", "dot_vectorized"),
        groups,
        block,
        x,
        y,
        partials,
        n);
    return groups == 1
        ? partials
        : ((OpenClReducer) backend.reducer())
            .reduce(partials, groups, type, ReduceOp.SUM, "vectorized");
  }

  /**
   * Large host arrays stream through the pinned slots two chunks at a time (one of each input):
   * chunk i+1 crosses the link while chunk i's dot lands in its element of the per-chunk results,
   * which a last sum combines. Small ones are written, then multiplied.
   */
  @Override
  public Number dot(BufferManager buffers, Object a, Object b, CallContext call) {
    DType type = DType.ofArray(a);
    long n = Array.getLength(a);
    OpenClHostStreamer streamer = backend.streamer();
    if (n == 0
        || DType.ofArray(b) != type
        || Array.getLength(b) != n
        || !streamer.policy().stages(2 * n * type.bytes())) {
      return DotProduct.super.dot(buffers, a, b, call);
    }
    backend.requireType(type);
    call.usedVariant(backend.variant(Primitive.DOT, call));
    OpenClReducer reducer = (OpenClReducer) backend.reducer();
    return streamer.fold(
        "dot",
        new Object[] {a, b},
        type,
        (inputs, length) -> dot(inputs[0], inputs[1], length, type),
        (results, chunks) -> reducer.reduce(results, chunks, type, ReduceOp.SUM, "vectorized"));
  }
}
