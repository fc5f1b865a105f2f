package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.Reducer;
import java.lang.reflect.Array;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jocl.cl_mem;

/**
 * Reduce on OpenCL: the tree variants launch one work-group per tile and reduce the partials again
 * until one value is left; the grid-stride variants need exactly two passes, and the vectorised one
 * a single launch where the device orders memory across work-groups ({@link OpenClLookback}).
 */
final class OpenClReducer implements Reducer {
  private static final String FILE = "reduce.cl";

  private final OpenClBackend backend;
  private final OpenClTickets tickets;

  OpenClReducer(OpenClBackend backend) {
    this.backend = backend;
    this.tickets = new OpenClTickets(backend, "reduce.counter");
  }

  @Override
  public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    return backend.callAndRead("reduce", prepare(input, op, call));
  }

  /**
   * A large host array streams through the pinned slots (see {@link OpenClHostStreamer#stream}):
   * chunk i+1 crosses the link while chunk i is reduced into its element of the per-chunk results,
   * which a last reduce combines. A small one is written, then reduced.
   */
  @Override
  public Number reduce(BufferManager buffers, Object array, ReduceOp op, CallContext call) {
    DType type = DType.ofArray(array);
    long n = Array.getLength(array);
    OpenClHostStreamer streamer = backend.streamer();
    if (n == 0 || !streamer.policy().stages(n * type.bytes())) {
      return Reducer.super.reduce(buffers, array, op, call);
    }
    backend.requireType(type);
    String variant = backend.variant(Primitive.REDUCE, call);
    call.usedVariant(variant);
    return streamer.fold(
        "reduce",
        new Object[] {array},
        type,
        (inputs, length) -> reduce(inputs[0], length, type, op, variant),
        (results, chunks) -> reduce(results, chunks, type, op, variant));
  }

  /** Enqueues the reduce and returns; the future completes when the queue has done it. */
  @Override
  public CompletableFuture<Number> reduceAsync(DeviceBuffer input, ReduceOp op, CallContext call) {
    return backend.callAsync("reduce", prepare(input, op, call), value -> value);
  }

  /** Checks the call and returns what enqueues it (under the lock), naming where it answers. */
  private Supplier<OpenClBackend.ScalarAt> prepare(
      DeviceBuffer input, ReduceOp op, CallContext call) {
    OpenClBuffer in = backend.own(input);
    DType type = in.type();
    backend.requireType(type);
    String variant = backend.variant(Primitive.REDUCE, call);
    call.usedVariant(variant);
    return () ->
        new OpenClBackend.ScalarAt(reduce(in.mem(), in.length(), type, op, variant), 0, type);
  }

  /**
   * Enqueues the reduction of the first {@code n} (> 0) elements of {@code input} and returns the
   * memory holding the result as its first element. Call under the backend's lock.
   */
  cl_mem reduce(cl_mem input, long n, DType type, ReduceOp op, String variant) {
    int block = OpenClReducePolicy.BLOCK_SIZE;
    OpenClLookback lookback = backend.lookback();
    String options = lookback.buildOptions(backend.openClDevice().version());
    OpenClBackend.Kernel kernel =
        backend.kernel(
            FILE, type, op, block, 1, options, "reduce_" + KernelOptions.kernelSuffix(variant));
    long bytes = type.bytes();
    if (OpenClReducePolicy.gridStride(variant)) {
      int perItem = variant.equals("vectorized") ? 4 : 2;
      long groups = OpenClReducePolicy.gridGroups(backend.openClDevice(), n, perItem);
      cl_mem partials = backend.scratch("reduce.partials", groups * bytes);
      cl_mem result = backend.scratch("reduce.result", bytes);
      if (groups > 1 && variant.equals("vectorized") && lookback.supported()) {
        // One launch: the last work-group to finish folds the partials (see reduce.cl).
        cl_mem counter = tickets.next(4, groups);
        backend.launch(
            backend.kernel(FILE, type, op, block, 1, options, "reduce_vectorized_one_launch"),
            groups,
            block,
            input,
            partials,
            result,
            n,
            counter,
            tickets.ticketBase());
        return result;
      }
      backend.launch(kernel, groups, block, input, partials, n);
      if (groups == 1) {
        return partials;
      }
      backend.launch(kernel, 1, block, partials, result, groups);
      return result;
    }
    long perGroup = OpenClReducePolicy.elementsPerGroup(variant);
    cl_mem source = input;
    long count = n;
    String[] slots = {"reduce.partials", "reduce.result"};
    int next = 0;
    while (true) {
      long groups = OpenClReducePolicy.ceilDiv(count, perGroup);
      cl_mem target = backend.scratch(slots[next], groups * bytes);
      backend.launch(kernel, groups, block, source, target, count);
      if (groups == 1) {
        return target;
      }
      source = target;
      count = groups;
      next = 1 - next;
    }
  }
}
