package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import org.jocl.cl_mem;

/**
 * Dot product on OpenCL: dot_vectorized leaves one partial per work-group, reduce_vectorized sums
 * them.
 */
final class OpenClDot implements DotProduct {
  private final OpenClBackend backend;

  OpenClDot(OpenClBackend backend) {
    this.backend = backend;
  }

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    OpenClBuffer x = backend.own(a);
    OpenClBuffer y = backend.own(b);
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
    String variant = backend.variant(Primitive.DOT, call);
    call.usedVariant(variant);
    long n = x.length();
    if (n == 0) {
      return ReduceOp.SUM.identity(type);
    }
    return backend.locked(
        "dot",
        () -> {
          int block = OpenClDotPolicy.BLOCK_SIZE;
          long groups = OpenClReducePolicy.gridGroups(backend.openClDevice(), n, 4);
          cl_mem partials = backend.scratch("dot.partials", groups * type.bytes());
          backend.launch(
              backend.kernel("dot.cl", type, ReduceOp.SUM, block, 1, "", "dot_vectorized"),
              groups,
              block,
              x.mem(),
              y.mem(),
              partials,
              n);
          cl_mem result =
              groups == 1
                  ? partials
                  : ((OpenClReducer) backend.reducer())
                      .reduce(partials, groups, type, ReduceOp.SUM, "vectorized");
          return backend.readScalar(result, 0, type);
        });
  }
}
