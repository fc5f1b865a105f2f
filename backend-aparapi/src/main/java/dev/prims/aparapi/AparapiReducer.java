package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.Reducer;

/**
 * Reduce ({@code local-tree}): one launch writes a partial per work-group, folded pairwise on the
 * host. The input stays on the device between calls while it is unchanged.
 */
final class AparapiReducer implements Reducer {
  /** The one variant. */
  static final String LOCAL_TREE = "local-tree";

  private final DriverContext context;

  AparapiReducer(DriverContext context) {
    this.context = context;
  }

  @Override
  public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    AparapiBuffer in = context.buffers().own(input);
    DType type = in.type();
    op.requireSupported(type);
    int n = in.size();
    if (n == 0) {
      return op.identity(type);
    }
    int code = OpCode.of(op);
    KernelHandle<?> handle = context.kernels().reduce(type);
    return context.foldPartials(
        handle,
        ReduceKernel.class,
        n,
        code,
        call,
        kernel -> {
          kernel.bind(in.array(), n, code, op.identity(type));
          handle.bind("input", in);
        });
  }
}
