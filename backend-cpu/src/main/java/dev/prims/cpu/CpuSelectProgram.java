package dev.prims.cpu;

import static dev.prims.spi.SelectProgram.ALWAYS;
import static dev.prims.spi.SelectProgram.AND;
import static dev.prims.spi.SelectProgram.DESCENDING;
import static dev.prims.spi.SelectProgram.FLAG;
import static dev.prims.spi.SelectProgram.INTEGER_MODE;
import static dev.prims.spi.SelectProgram.NOT_NAN;
import static dev.prims.spi.SelectProgram.OR;
import static dev.prims.spi.SelectProgram.RADIX_BELOW;
import static dev.prims.spi.SelectProgram.RADIX_PREFIX;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.IntToLongFunction;

/**
 * A {@link dev.prims.spi.SelectProgram} compiled into a test of element {@code i} of a Java array,
 * for the cpu backend's select and its top-k kernels.
 */
final class CpuSelectProgram {
  /** Whether element {@code i} is kept. */
  @FunctionalInterface
  interface IndexTest {
    boolean test(int i);
  }

  private CpuSelectProgram() {}

  /** {@code program} on the elements of {@code values}, with {@code flags} for a FLAG (or null). */
  static IndexTest compile(long[] program, Object values, int[] flags) {
    Deque<IndexTest> stack = new ArrayDeque<>();
    for (int p = 0; p < program.length; p += 2) {
      int code = (int) program[p];
      long constant = program[p + 1];
      int op = code & 0xff;
      if (op == AND || op == OR) {
        IndexTest r = stack.pop();
        IndexTest l = stack.pop();
        stack.push(op == AND ? i -> l.test(i) && r.test(i) : i -> l.test(i) || r.test(i));
      } else {
        stack.push(leaf(op, code, constant, values, flags));
      }
    }
    if (stack.size() != 1) {
      throw new IllegalArgumentException("a select program must leave one result");
    }
    return stack.pop();
  }

  private static IndexTest leaf(int op, int code, long constant, Object values, int[] flags) {
    switch (op) {
      case ALWAYS:
        return i -> true;
      case FLAG:
        return i -> flags[i] != 0;
      case NOT_NAN:
        if (values instanceof float[] f) {
          return i -> !Float.isNaN(f[i]);
        }
        if (values instanceof double[] d) {
          return i -> !Double.isNaN(d[i]);
        }
        return i -> true;
      case RADIX_BELOW:
        {
          IntToLongFunction radix = radix(values, (code & DESCENDING) != 0);
          return i -> Long.compareUnsigned(radix.applyAsLong(i), constant) < 0;
        }
      case RADIX_PREFIX:
        {
          IntToLongFunction radix = radix(values, (code & DESCENDING) != 0);
          int shift = (code >>> 16) & 0xff;
          return i -> (radix.applyAsLong(i) >>> shift) == constant;
        }
      default:
        return (code & INTEGER_MODE) != 0
            ? SelectLoops.compareInteger(op, constant, values)
            : SelectLoops.compareFloating(op, Double.longBitsToDouble(constant), values);
    }
  }

  /**
   * The radix bits of element {@code i} as an unsigned long of the value's width (see {@link
   * dev.prims.spi.Sorter}), complemented for the descending order.
   */
  static IntToLongFunction radix(Object values, boolean descending) {
    if (values instanceof int[] a) {
      long flip = descending ? 0x7fffffffL : 0x80000000L;
      return i -> (a[i] ^ flip) & 0xffffffffL;
    }
    if (values instanceof float[] a) {
      long mask = descending ? 0xffffffffL : 0L;
      return i -> {
        int b = Float.floatToIntBits(a[i]);
        int bits = b < 0 ? ~b : b ^ 0x80000000;
        return (bits & 0xffffffffL) ^ mask;
      };
    }
    if (values instanceof long[] a) {
      long flip = descending ? Long.MAX_VALUE : Long.MIN_VALUE;
      return i -> a[i] ^ flip;
    }
    double[] a = (double[]) values;
    long mask = descending ? -1L : 0L;
    return i -> {
      long b = Double.doubleToLongBits(a[i]);
      return (b < 0 ? ~b : b ^ Long.MIN_VALUE) ^ mask;
    };
  }
}
