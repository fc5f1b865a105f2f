package dev.prims.aparapi;

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
record AparapiArgReducer(DriverContext context) implements ArgReducer {
  /** The one variant. */
  static final String PER_ITEM = "per-item";

  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    AparapiBuffer in = context.buffers().own(input);
    call.usedVariant(PER_ITEM);
    return context.perItem(
        context.kernels().arg(in.type()),
        ArgKernel.class,
        in,
        call,
        kernel -> kernel.bind(in.array(), in.size(), op == ReduceOp.MIN),
        (kernel, items) -> {
          Object values = kernel.values(items);
          int[] index = kernel.index();
          IndexedValue best = null;
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
