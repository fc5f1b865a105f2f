package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgOrder;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;
import java.lang.reflect.Array;

/**
 * Arg-min/arg-max ({@code per-item}): one launch writes each work-item's first extreme element and
 * its index, and the host picks the winner with {@link ArgOrder}.
 */
final class AparapiArgReducer implements ArgReducer {
  /** The one variant. */
  static final String PER_ITEM = "per-item";

  private final DriverContext context;

  AparapiArgReducer(DriverContext context) {
    this.context = context;
  }

  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    AparapiBuffer in = context.buffers().own(input);
    DType type = in.type();
    int n = in.size();
    int groups = AparapiReducePolicy.groups(n, context.shape().computeUnits());
    int items = groups * AparapiReducePolicy.BLOCK_SIZE;
    call.usedVariant(PER_ITEM);
    KernelHandle<?> handle = context.kernels().arg(type);
    return handle.locked(
        k -> {
          ArgKernel kernel = (ArgKernel) k;
          kernel.bind(in.array(), n, op == ReduceOp.MIN);
          kernel.span(context.shape().span(n, items));
          handle.bind("a", in);
          Object values = kernel.values(items);
          context.launchGroups(handle, groups, AparapiReducePolicy.BLOCK_SIZE, call);
          handle.get(values);
          handle.get(kernel.index());
          IndexedValue best = null;
          int[] index = kernel.index();
          for (int i = 0; i < items; i++) {
            if (index[i] >= 0) {
              best =
                  ArgOrder.better(
                      best, new IndexedValue((Number) Array.get(values, i), index[i]), op);
            }
          }
          return best;
        });
  }
}
