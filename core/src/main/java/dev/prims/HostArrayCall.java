package dev.prims;

import dev.prims.engine.Engine;
import dev.prims.engine.Engine.Outcome;
import dev.prims.engine.ResolvedConfig;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import java.lang.reflect.Array;

/**
 * A segmented or by-key call on host arrays, run through buffers of the backend the engine picks:
 * two input arrays are wrapped, buffers are made for one or two result arrays, and after the work
 * each result buffer is downloaded into its array.
 */
final class HostArrayCall {
  private HostArrayCall() {}

  /** The work on the buffers of the inputs and results ({@code second} result may be null). */
  @FunctionalInterface
  interface Work<T> {
    T run(
        Backend backend,
        DeviceBuffer first,
        DeviceBuffer second,
        DeviceBuffer result,
        DeviceBuffer secondResult,
        CallContext call);
  }

  /**
   * Runs {@code work} on the host arrays {@code first} and {@code second} into {@code result} (and
   * {@code secondResult} when not null), moving {@code hostBytes}; gives {@code nothing} without
   * touching a buffer when {@code empty}. Under {@code auto} the backends are ranked by their costs
   * for {@code primitive} on values of {@code type}.
   */
  static <T> Outcome<T> run(
      Engine engine,
      ResolvedConfig config,
      Primitive primitive,
      DType type,
      long hostBytes,
      boolean empty,
      T nothing,
      Object first,
      Object second,
      Object result,
      Object secondResult,
      Work<T> work) {
    return engine.run(
        config,
        primitive,
        type,
        hostBytes,
        (b, call) -> {
          if (empty) {
            return nothing;
          }
          try (DeviceBuffer in1 = b.buffers().wrap(first);
              DeviceBuffer in2 = b.buffers().wrap(second);
              DeviceBuffer out1 = b.buffers().outputFor(result);
              DeviceBuffer out2 =
                  secondResult == null ? null : b.buffers().outputFor(secondResult)) {
            T value = work.run(b, in1, in2, out1, out2, call);
            b.buffers().download(out1, result);
            if (out2 != null) {
              b.buffers().download(out2, secondResult);
            }
            return value;
          }
        });
  }

  /** The work of a scan guided by a second input: its buffers of values, guide and result. */
  @FunctionalInterface
  interface ScanWork {
    void run(
        Backend backend,
        DeviceBuffer values,
        DeviceBuffer guide,
        DeviceBuffer result,
        CallContext call);
  }

  /**
   * The scan of the host {@code values} (checked by the caller) into a new array as long, by {@code
   * work} on their buffers and those of {@code guide} (the host offsets or keys that split them);
   * nothing is run when the values are empty.
   */
  @SuppressWarnings("unchecked")
  static <A> ScanResult<A> scan(
      Engine engine, ResolvedConfig config, A values, Object guide, ScanWork work) {
    DType type = DType.ofArray(values);
    int n = Array.getLength(values);
    A result = (A) Segments.newArray(type, n);
    Outcome<Void> o =
        run(
            engine,
            config,
            Primitive.SCAN,
            type,
            2 * DType.bytesOf(values) + DType.bytesOf(guide),
            n == 0,
            null,
            values,
            guide,
            result,
            null,
            (b, v, g, out, unused, call) -> {
              work.run(b, v, g, out, call);
              return null;
            });
    return new ScanResult<>(result, o.provenance());
  }

  /**
   * The type of the host {@code values} of a call whose other input, {@code what} (offsets, keys),
   * is {@code onDevice} when a device buffer, else null.
   *
   * @throws IllegalArgumentException when {@code op} does not apply to the values' type or {@code
   *     onDevice} is not null ("these WHAT are a device buffer on ID; pass the values as a buffer
   *     there too")
   */
  static DType valuesType(Object values, ReduceOp op, String what, DeviceBuffer onDevice) {
    DType type = DType.ofArray(values);
    Arguments.notNull(op, "op").requireSupported(type);
    if (onDevice != null) {
      throw new IllegalArgumentException(
          "these "
              + what
              + " are a device buffer on "
              + onDevice.backend()
              + "; pass the values as a buffer there too");
    }
    return type;
  }
}
