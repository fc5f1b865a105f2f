package dev.prims;

import static dev.prims.Arguments.notNull;

import dev.prims.engine.Engine;
import dev.prims.engine.ResolvedConfig;
import dev.prims.engine.SegmentedCalls;
import dev.prims.engine.Workload;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.Segmenter;
import java.lang.reflect.Array;

/**
 * Unique (the first value of each run of equal adjacent values) and run-length encode through the
 * engine, as {@link Prims} offers them: validation, then the backend's {@link Segmenter#runs}, the
 * pass reduce-by-key finds its runs with. Values are int or long and compare by {@code ==}; float
 * and double are refused (compare their bits, {@code Float.floatToIntBits}, as ints). A run length
 * is the difference of adjacent run starts, taken on the host (for a buffer, the starts come down
 * and the lengths go up: 12 bytes per run, 16 past 2^31 values). They run on the SCAN path, as
 * select does.
 */
final class UniqueCalls {
  private UniqueCalls() {}

  /** The run values of a host array and, when asked for, the run lengths (else null). */
  private record HostRuns(Object values, long[] lengths) {}

  /** The first value of each run of {@code values}, in order. */
  @SuppressWarnings("unchecked")
  static <A> SelectResult<A> unique(Engine engine, ResolvedConfig config, A values) {
    Engine.Outcome<HostRuns> o = hostRuns(engine, config, values, false);
    A unique = (A) o.value().values();
    return new SelectResult<>(unique, Array.getLength(unique), o.provenance());
  }

  /** The run-length encoding of {@code values}. */
  @SuppressWarnings("unchecked")
  static <A> RunLengthResult<A> encode(Engine engine, ResolvedConfig config, A values) {
    Engine.Outcome<HostRuns> o = hostRuns(engine, config, values, true);
    A unique = (A) o.value().values();
    return new RunLengthResult<>(
        unique, o.value().lengths(), Array.getLength(unique), o.provenance());
  }

  /** Unique of a buffer into {@code out}; returns the number of runs. */
  static SelectCount unique(
      Engine engine, ResolvedConfig config, DeviceBuffer values, DeviceBuffer out) {
    checkBuffers(values, out);
    Engine.Outcome<Long> o = bufferRuns(engine, config, values, out, null);
    return new SelectCount(o.value(), o.provenance());
  }

  /**
   * Run-length encoding of a buffer into {@code out} and {@code lengths}; returns the run count.
   */
  static Scalar encode(
      Engine engine,
      ResolvedConfig config,
      DeviceBuffer values,
      DeviceBuffer out,
      DeviceBuffer lengths) {
    checkBuffers(values, out);
    notNull(lengths, "lengths").requireOpen();
    BufferShape.requireAtLeast("run lengths", lengths, DType.LONG, values.length());
    if (values.length() >= SizeLimits.MAX_ARRAY_LENGTH) {
      throw new IllegalArgumentException(
          "run-length encode of a buffer takes fewer than "
              + SizeLimits.MAX_ARRAY_LENGTH
              + " values, got "
              + values.length());
    }
    Engine.Outcome<Long> o = bufferRuns(engine, config, values, out, lengths);
    return new Scalar(DType.LONG, o.value(), o.provenance());
  }

  /** The runs of a buffer: values to {@code out}, lengths to {@code lengths} unless null. */
  private static Engine.Outcome<Long> bufferRuns(
      Engine engine,
      ResolvedConfig config,
      DeviceBuffer values,
      DeviceBuffer out,
      DeviceBuffer lengths) {
    DeviceBuffer[] owned =
        lengths == null
            ? new DeviceBuffer[] {values, out}
            : new DeviceBuffer[] {values, out, lengths};
    return engine.runOn(
        config,
        Primitive.SCAN,
        (b, call) -> {
          if (values.length() == 0) {
            return 0L;
          }
          try (DeviceBuffer offsets = SegmentedCalls.runOffsets(b, values.length())) {
            long runs = b.segmenter().runs(values, out, offsets, call);
            if (lengths != null) {
              long[] host = lengths(b, offsets, (int) runs);
              b.buffers().write(lengths, 0, host, 0, host.length);
            }
            return runs;
          }
        },
        owned);
  }

  /** The runs of a host array. */
  private static Engine.Outcome<HostRuns> hostRuns(
      Engine engine, ResolvedConfig config, Object values, boolean withLengths) {
    DType type = checkType(DType.ofArray(notNull(values, "values")));
    return engine.run(
        config,
        Primitive.SCAN,
        Workload.of(Workload.Kind.SELECT, type, true),
        DType.bytesOf(values),
        (b, call) -> hostRuns(b, values, withLengths, call));
  }

  private static HostRuns hostRuns(
      Backend b, Object values, boolean withLengths, CallContext call) {
    int n = Array.getLength(values);
    DType type = DType.ofArray(values);
    if (n == 0) {
      return new HostRuns(Segments.newArray(type, 0), new long[0]);
    }
    try (DeviceBuffer keys = b.buffers().wrap(values);
        DeviceBuffer unique = b.buffers().allocate(type, n);
        DeviceBuffer offsets = SegmentedCalls.runOffsets(b, n)) {
      int runs = (int) b.segmenter().runs(keys, unique, offsets, call);
      Object out = Segments.newArray(type, runs);
      b.buffers().download(unique, out);
      return new HostRuns(out, withLengths ? lengths(b, offsets, runs) : null);
    }
  }

  /** The lengths of {@code runs} runs from their {@code runs + 1} offsets in {@code offsets}. */
  private static long[] lengths(Backend b, DeviceBuffer offsets, int runs) {
    long[] lengths = new long[runs];
    if (offsets.type() == DType.INT) {
      int[] starts = new int[runs + 1];
      b.buffers().download(offsets, starts);
      for (int r = 0; r < runs; r++) {
        lengths[r] = starts[r + 1] - starts[r];
      }
    } else {
      long[] starts = new long[runs + 1];
      b.buffers().download(offsets, starts);
      for (int r = 0; r < runs; r++) {
        lengths[r] = starts[r + 1] - starts[r];
      }
    }
    return lengths;
  }

  private static void checkBuffers(DeviceBuffer values, DeviceBuffer out) {
    notNull(values, "values").requireOpen();
    notNull(out, "output").requireOpen();
    checkType(values.type());
    BufferShape.requireAtLeast("output", out, values.type(), values.length());
    if (out == values) {
      throw new IllegalArgumentException("output must not be the values buffer itself");
    }
  }

  private static DType checkType(DType type) {
    if (type.isFloating()) {
      throw new IllegalArgumentException(
          "unique and run-length encode take int or long values, got "
              + type.id()
              + " (compare floating values by their bits: Float.floatToIntBits,"
              + " Double.doubleToLongBits)");
    }
    return type;
  }
}
