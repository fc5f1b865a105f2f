package dev.prims.engine;

import dev.prims.ArrayProvider;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.SortOrder;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import dev.prims.spi.Segmenter;
import dev.prims.spi.Selector;
import dev.prims.spi.Sorter;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test backend whose calls take a set time on a shared fake clock: each call of a primitive
 * advances {@code clock} by its fixed overhead plus its bytes times its per-byte cost, on host
 * arrays or on buffers. Reduce (sum), scan (inclusive sum), histogram (integer keys) and dot are
 * computed in Java on every type, in doubles, enough to tell which backend answered.
 */
final class PacedProvider extends ArrayProvider {
  /** Cost of one primitive: nanoseconds per call and per byte. */
  record Pace(double fixedNanos, double nanosPerByte) {}

  private final AtomicLong clock;
  private final Map<Primitive, Pace> host = new EnumMap<>(Primitive.class);
  private final Map<Primitive, Pace> device = new EnumMap<>(Primitive.class);
  private final Map<Primitive, Pace> floatHost = new EnumMap<>(Primitive.class);
  private Pace sortPace;
  private Pace selectPace;
  private int slowCalls;
  private double slowdown = 1;

  /**
   * A backend pacing every primitive as {@code hostPace} on host arrays, {@code devicePace} else.
   */
  PacedProvider(String id, int priority, AtomicLong clock, Pace hostPace, Pace devicePace) {
    super(id, priority, 1L << 34);
    this.clock = clock;
    for (Primitive p : Primitive.values()) {
      host.put(p, hostPace);
      device.put(p, devicePace);
    }
  }

  /** This provider with {@code primitive} on host arrays paced as {@code pace}. */
  PacedProvider host(Primitive primitive, Pace pace) {
    host.put(primitive, pace);
    return this;
  }

  /**
   * This provider with {@code primitive} on host arrays of floating types paced as {@code pace}.
   */
  PacedProvider floatingHost(Primitive primitive, Pace pace) {
    floatHost.put(primitive, pace);
    return this;
  }

  /** This provider with selects of host arrays paced as {@code pace} (else as its host scans). */
  PacedProvider selects(Pace pace) {
    selectPace = pace;
    return this;
  }

  /** This provider with sorts of host arrays paced as {@code pace} (else as its host scans). */
  PacedProvider sorts(Pace pace) {
    sortPace = pace;
    return this;
  }

  /**
   * This provider with its first {@code calls} calls {@code factor} times slower, as a JIT-compiled
   * backend is before its code is compiled.
   */
  PacedProvider warming(int calls, double factor) {
    slowCalls = calls;
    slowdown = factor;
    return this;
  }

  @Override
  public Backend create(BackendContext context) {
    return new PacedBackend();
  }

  private void spend(Primitive primitive, DType type, boolean onHost, long bytes) {
    spend(
        onHost
            ? (type.isFloating() && floatHost.containsKey(primitive)
                ? floatHost.get(primitive)
                : host.get(primitive))
            : device.get(primitive),
        bytes);
  }

  private void spend(Pace pace, long bytes) {
    double factor = slowCalls > 0 ? slowdown : 1;
    slowCalls--;
    clock.addAndGet(Math.round(factor * (pace.fixedNanos() + bytes * pace.nanosPerByte())));
  }

  private static long bytes(Object array) {
    return (long) Array.getLength(array) * DType.ofArray(array).bytes();
  }

  private static double sum(Object array) {
    double s = 0;
    for (int i = 0; i < Array.getLength(array); i++) {
      s += Array.getDouble(array, i);
    }
    return s;
  }

  private static Number as(DType type, double value) {
    return switch (type) {
      case INT -> (int) value;
      case LONG -> (long) value;
      case FLOAT -> (float) value;
      case DOUBLE -> value;
    };
  }

  private final class PacedBackend extends ArrayBackend {
    @Override
    public Reducer reducer() {
      return new Reducer() {
        @Override
        public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
          spend(Primitive.REDUCE, input.type(), false, bytes(array(input)));
          return as(input.type(), sum(array(input)));
        }

        @Override
        public Number reduce(BufferManager buffers, Object array, ReduceOp op, CallContext call) {
          spend(Primitive.REDUCE, DType.ofArray(array), true, bytes(array));
          return as(DType.ofArray(array), sum(array));
        }
      };
    }

    @Override
    public Scanner scanner() {
      return new Scanner() {
        @Override
        public void scan(
            DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
          spend(Primitive.SCAN, input.type(), false, 2 * bytes(array(input)));
          prefix(array(input), 0, array(output), 0, (int) input.length());
        }

        @Override
        public void scan(
            BufferManager buffers,
            HostScanRange range,
            ReduceOp op,
            ScanKind kind,
            CallContext call) {
          spend(Primitive.SCAN, range.type(), true, 2L * range.length() * range.type().bytes());
          prefix(range.input(), range.from(), range.output(), range.outputFrom(), range.length());
        }
      };
    }

    private void prefix(Object input, int inputOffset, Object output, int outputOffset, int n) {
      DType type = DType.ofArray(input);
      double s = 0;
      for (int i = 0; i < n; i++) {
        s += Array.getDouble(input, inputOffset + i);
        Array.set(output, outputOffset + i, as(type, s));
      }
    }

    @Override
    public Histogrammer histogrammer() {
      return new Histogrammer() {
        @Override
        public long histogram(
            DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
          spend(Primitive.HISTOGRAM, input.type(), false, bytes(array(input)));
          return count(array(input), spec, (long[]) array(counts));
        }

        @Override
        public long histogram(
            BufferManager buffers,
            Object array,
            HistogramSpec spec,
            long[] counts,
            CallContext call) {
          spend(Primitive.HISTOGRAM, DType.ofArray(array), true, bytes(array));
          return count(array, spec, counts);
        }
      };
    }

    private long count(Object array, HistogramSpec spec, long[] counts) {
      long outside = 0;
      for (int i = 0; i < Array.getLength(array); i++) {
        double v = Array.getDouble(array, i);
        long bin =
            spec.isEven()
                ? (long)
                    Math.floor((v - spec.lower()) / (spec.upper() - spec.lower()) * spec.bins())
                : (long) v;
        if (bin >= 0 && bin < spec.bins()) {
          counts[(int) bin]++;
        } else {
          outside++;
        }
      }
      return outside;
    }

    @Override
    public DotProduct dot() {
      return new DotProduct() {
        @Override
        public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
          spend(Primitive.DOT, a.type(), false, 2 * bytes(array(a)));
          return as(a.type(), products(array(a), array(b)));
        }

        @Override
        public Number dot(BufferManager buffers, Object a, Object b, CallContext call) {
          spend(Primitive.DOT, DType.ofArray(a), true, 2 * bytes(a));
          return as(DType.ofArray(a), products(a, b));
        }
      };
    }

    private double products(Object a, Object b) {
      double s = 0;
      for (int i = 0; i < Array.getLength(a); i++) {
        s += Array.getDouble(a, i) * Array.getDouble(b, i);
      }
      return s;
    }

    /** Sorts of host arrays by {@link Arrays#sort}, paced as {@link #sorts} says. */
    @Override
    public Sorter sorter() {
      return new Sorter() {
        @Override
        public void sort(Object keys, Object values, SortOrder order, CallContext call) {
          if (values != null || order != SortOrder.ASCENDING || !(keys instanceof int[] a)) {
            throw new UnsupportedOperationException("the paced sort takes ascending int keys");
          }
          spend(sortPace != null ? sortPace : host.get(Primitive.SCAN), bytes(keys));
          Arrays.sort(a);
        }
      };
    }

    /**
     * Segmented sums of its buffers (a by-key call's runs are not offered), paced as its host
     * reduces of the values' type: the engine ranks a segmented call of host arrays by that curve.
     */
    @Override
    public Segmenter segmenter() {
      return new Segmenter() {
        @Override
        public void segmented(Pass pass) {
          Object values = array(pass.values());
          Object offsets = array(pass.offsets());
          Object out = array(pass.out());
          spend(Primitive.REDUCE, pass.values().type(), true, bytes(values));
          for (int s = 0; s < pass.segments(); s++) {
            double total = 0;
            for (int i = (int) Array.getLong(offsets, s);
                i < (int) Array.getLong(offsets, s + 1);
                i++) {
              total += Array.getDouble(values, i);
            }
            Array.set(out, s, as(pass.values().type(), total));
          }
        }

        @Override
        public void argReduce(ArgPass pass) {
          throw new UnsupportedOperationException("the paced backend has no segmented arg-reduce");
        }

        @Override
        public long runs(
            DeviceBuffer keys, DeviceBuffer uniqueKeys, DeviceBuffer offsets, CallContext call) {
          throw new UnsupportedOperationException("the paced backend has no runs of keys");
        }
      };
    }

    /**
     * Selects of host arrays that keep every value (only their cost matters here), paced as {@link
     * #selects} says.
     */
    @Override
    public Selector selector() {
      return new Selector() {
        @Override
        public Selection select(BufferManager buffers, ArraySelect select, CallContext call) {
          Object values = select.values();
          spend(selectPace != null ? selectPace : host.get(Primitive.SCAN), bytes(values));
          int n = Array.getLength(values);
          Object kept = Array.newInstance(values.getClass().getComponentType(), n);
          System.arraycopy(values, 0, kept, 0, n);
          return new Selection(kept, n);
        }

        @Override
        public long select(BufferSelect select, CallContext call) {
          throw new UnsupportedOperationException("the paced select takes host arrays");
        }

        @Override
        public void topK(BufferTopK topK, CallContext call) {
          throw new UnsupportedOperationException("the paced backend has no top-k");
        }
      };
    }

    @Override
    public List<String> variants(Primitive primitive) {
      return List.of("paced");
    }

    @Override
    public void close() {}
  }
}
