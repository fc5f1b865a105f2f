package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.util.Locale;

/**
 * The {@code -D} build options that specialise the kernel sources for one element type and
 * operator. Never adds {@code -cl-mad-enable} or {@code -cl-fast-relaxed-math}: results must round
 * like Java's.
 */
final class KernelOptions {
  private KernelOptions() {}

  /**
   * Options for {@code type} and {@code op} with the given tuning constants; a null {@code op}
   * builds the operator-generic program ({@code OP_RUNTIME}) whose kernels take the operator code
   * as their last argument.
   */
  static String of(DType type, ReduceOp op, int blockSize, int itemsPerThread) {
    StringBuilder s = new StringBuilder();
    s.append("-DT=").append(typeName(type));
    s.append(" -DT4=").append(typeName(type)).append('4');
    s.append(" -DAS_T=as_").append(typeName(type));
    if (type.isFloating()) {
      s.append(" -DIS_FLOATING");
      s.append(" -DUT=").append(typeName(type));
    } else {
      s.append(" -DUT=u").append(typeName(type));
    }
    if (type == DType.DOUBLE) {
      s.append(" -DUSE_FP64");
    }
    if (type == DType.INT) {
      s.append(" -DT_MAX=INT_MAX -DT_MIN=INT_MIN");
    } else if (type == DType.LONG) {
      s.append(" -DT_MAX=LONG_MAX -DT_MIN=LONG_MIN");
    }
    if (op == null) {
      s.append(" -DOP_RUNTIME");
    } else {
      s.append(" -DOP_").append(op.name());
      s.append(" -DIDENTITY=").append(identity(type, op));
    }
    s.append(" -DBLOCK_SIZE=").append(blockSize);
    s.append(" -DITEMS_PER_THREAD=").append(itemsPerThread);
    return s.toString();
  }

  /** The OpenCL C name of {@code type}. */
  static String typeName(DType type) {
    return type.id();
  }

  /** An OpenCL C literal of the identity of {@code op} for {@code type}. */
  static String identity(DType type, ReduceOp op) {
    switch (type) {
      case INT:
        return op == ReduceOp.MIN
            ? "INT_MAX"
            : op == ReduceOp.MAX ? "INT_MIN" : "(" + op.identity(type) + ")";
      case LONG:
        return op == ReduceOp.MIN
            ? "LONG_MAX"
            : op == ReduceOp.MAX ? "LONG_MIN" : "(" + op.identity(type) + "L)";
      case FLOAT:
        return floating(op, "f");
      default:
        return floating(op, "");
    }
  }

  private static String floating(ReduceOp op, String suffix) {
    switch (op) {
      case MIN:
        return "((T)INFINITY)";
      case MAX:
        return "((T)-INFINITY)";
      case PROD:
        return "1.0" + suffix;
      default:
        return "0.0" + suffix;
    }
  }

  /** The code of {@code op} in common.cl's {@code op_dynamic}. */
  static int opcode(ReduceOp op) {
    switch (op) {
      case SUM:
        return 0;
      case PROD:
        return 1;
      case MIN:
        return 2;
      case MAX:
        return 3;
      case AND:
        return 4;
      case OR:
        return 5;
      default:
        return 6;
    }
  }

  /** Lower-case kernel-name fragment of a variant such as {@code first-add}. */
  static String kernelSuffix(String variant) {
    return variant.replace('-', '_').toLowerCase(Locale.ROOT);
  }
}
