package dev.prims.aparapi;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;

/**
 * Dot product ({@code local-tree}): one launch writes a partial sum of products per work-group,
 * folded pairwise on the host. Unchanged inputs stay on the device between calls.
 */
final class AparapiDotProduct implements DotProduct {
  /** The one variant. */
  static final String LOCAL_TREE = "local-tree";

  private final AparapiBufferManager buffers;
  private final KernelSet kernels;
  private final KernelLauncher launcher;
  private final DeviceShape shape;

  AparapiDotProduct(
      AparapiBufferManager buffers, KernelSet kernels, KernelLauncher launcher, DeviceShape shape) {
    this.buffers = buffers;
    this.kernels = kernels;
    this.launcher = launcher;
    this.shape = shape;
  }

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    AparapiBuffer left = buffers.own(a);
    AparapiBuffer right = buffers.own(b);
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
    int groups = AparapiReducePolicy.groups(n, shape.computeUnits());
    KernelHandle<?> handle = kernels.dot(left.type());
    return handle.locked(
        k -> {
          DotKernel kernel = (DotKernel) k;
          boolean self = left.array() == right.array();
          kernel.bind(left.array(), self ? null : right.array(), n);
          kernel.span(shape.span(n, (long) groups * AparapiReducePolicy.BLOCK_SIZE));
          handle.bind("a", left);
          if (!self) {
            handle.bind("b", right);
          }
          Object partials = kernel.partials(groups);
          launcher.launch(
              handle,
              groups * AparapiReducePolicy.BLOCK_SIZE,
              AparapiReducePolicy.BLOCK_SIZE,
              call);
          handle.get(partials);
          return HostOps.fold(partials, OpCode.SUM, groups);
        });
  }
}
