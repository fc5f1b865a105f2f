package dev.prims.conformance.seq;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.conformance.Reference;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.lang.reflect.Array;
import java.util.List;

/**
 * Every primitive as one left-to-right loop: integers computed in long and narrowed (which wraps
 * like int arithmetic), floats computed in double and rounded to float after every operation (which
 * equals float arithmetic for + and *). Two variants per primitive, so variant coverage is
 * exercised; both run the same loop.
 */
final class SequentialBackend implements Backend {
  private final DeviceInfo device;
  private final Fault fault;
  private final SequentialFoldKernels foldKernels;
  private final boolean sharedUploads;

  SequentialBackend(
      DeviceInfo device, Fault fault, int chunk, boolean onePass, boolean sharedUploads) {
    this.device = device;
    this.fault = fault;
    this.sharedUploads = sharedUploads;
    this.foldKernels = new SequentialFoldKernels(chunk, onePass, fault);
  }

  @Override
  public String id() {
    return SequentialProvider.ID;
  }

  @Override
  public DeviceInfo device() {
    return device;
  }

  @Override
  public List<String> variants(Primitive primitive) {
    return List.of("loop", "loop-again");
  }

  @Override
  public long sequentialChain(DType type, long n) {
    return fault == Fault.UNDERSTATED_CHAIN ? 0 : Math.max(0, n - 1);
  }

  @Override
  public dev.prims.spi.FoldKernels foldKernels() {
    return foldKernels;
  }

  @Override
  public dev.prims.spi.ArgReducer argReducer() {
    return new SequentialArgAndMoments();
  }

  @Override
  public dev.prims.spi.MomentsReducer momentsReducer() {
    return new SequentialArgAndMoments();
  }

  @Override
  public void close() {}

  @Override
  public BufferManager buffers() {
    return new BufferManager() {
      @Override
      public DeviceBuffer allocate(DType type, long length) {
        if (length > Integer.MAX_VALUE - 8) {
          throw new IllegalArgumentException("at most 2^31 - 9 elements, asked for " + length);
        }
        return new HeapBuffer(
            type, Array.newInstance(type.arrayClass().getComponentType(), (int) length));
      }

      @Override
      public DeviceBuffer upload(Object array) {
        DType type = DType.ofArray(array);
        if (sharedUploads) {
          return new HeapBuffer(type, array);
        }
        Object copy =
            Array.newInstance(type.arrayClass().getComponentType(), Array.getLength(array));
        System.arraycopy(array, 0, copy, 0, Array.getLength(array));
        return new HeapBuffer(type, copy);
      }

      @Override
      public void download(DeviceBuffer buffer, Object array) {
        System.arraycopy(HeapBuffer.array(buffer), 0, array, 0, Array.getLength(array));
      }
    };
  }

  @Override
  public Reducer reducer() {
    return (input, op, call) -> {
      Object a = HeapBuffer.array(input);
      int n = (int) input.length();
      if (op == ReduceOp.SUM && fault == Fault.DROPS_LAST_AT_BLOCK_EDGE && n % 256 == 1) {
        n--;
      }
      DType type = input.type();
      if (type.isFloating()) {
        double acc = op.identity(type).doubleValue();
        for (int i = 0; i < n; i++) {
          acc = floating(type, op, acc, real(a, i));
        }
        return type == DType.FLOAT ? (Number) (float) acc : (Number) acc;
      }
      long acc = op.identity(type).longValue();
      for (int i = 0; i < n; i++) {
        acc = integer(type, op, acc, integral(a, i));
      }
      return type == DType.INT ? (Number) (int) acc : (Number) acc;
    };
  }

  @Override
  public Scanner scanner() {
    return new Scanner() {
      @Override
      public void scan(
          DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
        Object in = HeapBuffer.array(input);
        Object out = HeapBuffer.array(output);
        DType type = input.type();
        int n = (int) input.length();
        boolean inclusive = kind == ScanKind.INCLUSIVE;
        double facc = op.identity(type).doubleValue();
        long iacc = op.identity(type).longValue();
        for (int i = 0; i < n; i++) {
          boolean late = !inclusive && fault == Fault.EXCLUSIVE_OFF_BY_ONE && i >= 1024;
          if (type.isFloating()) {
            double next = floating(type, op, facc, real(in, i));
            double value = inclusive || late ? next : facc;
            setReal(out, i, value);
            facc = next;
          } else {
            long next = integer(type, op, iacc, integral(in, i));
            long value = inclusive || late ? next : iacc;
            setIntegral(out, i, value);
            iacc = next;
          }
        }
      }
    };
  }

  @Override
  public Histogrammer histogrammer() {
    return (input, spec, counts, call) -> {
      Object in = HeapBuffer.array(input);
      long[] c = (long[]) HeapBuffer.array(counts);
      java.util.Arrays.fill(c, 0);
      long out = 0;
      for (int i = 0; i < input.length(); i++) {
        int bin = bin(input.type(), spec, in, i);
        if (bin < 0) {
          out++;
        } else {
          c[bin]++;
        }
      }
      return out;
    };
  }

  private int bin(DType type, HistogramSpec spec, Object in, int i) {
    int bins = spec.bins();
    if (!type.isFloating()) {
      long k = fault == Fault.TRUNCATED_LONG_KEYS ? (int) integral(in, i) : integral(in, i);
      return k >= 0 && k < bins ? (int) k : -1;
    }
    if (type == DType.FLOAT) {
      float lo = (float) spec.lower();
      float hi = (float) spec.upper();
      float scale = (float) (bins / ((double) hi - (double) lo));
      float x = (float) real(in, i);
      if (fault == Fault.UPPER_BOUND_INCLUSIVE && x == hi) {
        return bins - 1;
      }
      if (!(x >= lo) || !(x < hi)) {
        return -1;
      }
      float offset = x - lo;
      return Math.min(bins - 1, (int) (offset * scale));
    }
    double lo = spec.lower();
    double hi = spec.upper();
    double x = real(in, i);
    if (fault == Fault.UPPER_BOUND_INCLUSIVE && x == hi) {
      return bins - 1;
    }
    if (!(x >= lo) || !(x < hi)) {
      return -1;
    }
    return Math.min(bins - 1, (int) ((x - lo) * (bins / (hi - lo))));
  }

  @Override
  public DotProduct dot() {
    return (a, b, call) -> {
      Object x = HeapBuffer.array(a);
      Object y = HeapBuffer.array(b);
      DType type = a.type();
      int n = (int) a.length();
      if (type.isFloating() || fault == Fault.INT_DOT_IN_DOUBLE) {
        double acc = 0;
        for (int i = 0; i < n; i++) {
          double p = real(x, i) * real(y, i);
          acc = type == DType.FLOAT ? (float) (acc + (float) p) : acc + p;
        }
        switch (type) {
          case FLOAT:
            return (float) acc;
          case DOUBLE:
            return acc;
          case INT:
            return (int) (long) acc;
          default:
            return (long) acc;
        }
      }
      long acc = 0;
      for (int i = 0; i < n; i++) {
        acc += integral(x, i) * integral(y, i);
      }
      return type == DType.INT ? (Number) (int) acc : (Number) acc;
    };
  }

  /** Element {@code i} of a float or double array. */
  static double real(Object a, int i) {
    return a instanceof float[] ? ((float[]) a)[i] : ((double[]) a)[i];
  }

  private static long integral(Object a, int i) {
    return a instanceof int[] ? ((int[]) a)[i] : ((long[]) a)[i];
  }

  /** Sets element {@code i} of a float (rounded) or double array to {@code v}. */
  static void setReal(Object a, int i, double v) {
    if (a instanceof float[]) {
      ((float[]) a)[i] = (float) v;
    } else {
      ((double[]) a)[i] = v;
    }
  }

  private static void setIntegral(Object a, int i, long v) {
    if (a instanceof int[]) {
      ((int[]) a)[i] = (int) v;
    } else {
      ((long[]) a)[i] = v;
    }
  }

  private double floating(DType type, ReduceOp op, double acc, double x) {
    double r;
    switch (op) {
      case SUM:
        r = acc + x;
        break;
      case PROD:
        r = acc * x;
        break;
      case MIN:
        r = minOrMax(acc, x, true);
        break;
      default:
        r = minOrMax(acc, x, false);
    }
    return type == DType.FLOAT ? (float) r : r;
  }

  private double minOrMax(double acc, double x, boolean min) {
    if (fault == Fault.MIN_IGNORES_NAN || fault == Fault.SIGNED_ZERO) {
      if (fault == Fault.SIGNED_ZERO && Double.isNaN(x)) {
        return x;
      }
      return min ? (x < acc ? x : acc) : (x > acc ? x : acc);
    }
    return min ? Math.min(acc, x) : Math.max(acc, x);
  }

  private long integer(DType type, ReduceOp op, long acc, long x) {
    if (op == ReduceOp.SUM && fault == Fault.SATURATING_LONG_SUM && type == DType.LONG) {
      long r = acc + x;
      if (((acc ^ r) & (x ^ r)) < 0) {
        return acc < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
      }
      return r;
    }
    return Reference.apply(op, acc, x);
  }
}
