package dev.prims.aparapi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;

/**
 * Dot product ({@code local-tree}): one launch writes a partial sum of products per work-group,
 * folded pairwise on the host. Unchanged inputs stay on the device between calls.
 */
record AparapiDotProduct(DriverContext context) implements DotProduct {
  /** The one variant. */
  static final String LOCAL_TREE = "local-tree";

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    AparapiBuffer left = context.buffers().own(a);
    AparapiBuffer right = context.buffers().own(b);
    if (left.type() != right.type()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type, got " + left.type().id() + " and " + right.type().id());
    }
    if (left.size() != right.size()) {
      throw new IllegalArgumentException(
          "dot needs inputs of equal length, got " + left.size() + " and " + right.size());
    }
    int n = left.size();
    if (n == 0) {
      return ReduceOp.SUM.identity(left.type());
    }
    KernelHandle<?> handle = context.kernels().dot(left.type());
    boolean self = left.array() == right.array();
    return context.foldPartials(
        handle,
        DotKernel.class,
        n,
        OpCode.SUM,
        call,
        kernel -> {
          kernel.bind(left.array(), self ? null : right.array(), n);
          handle.bind("a", left);
          if (!self) {
            handle.bind("b", right);
          }
        });
  }
}
