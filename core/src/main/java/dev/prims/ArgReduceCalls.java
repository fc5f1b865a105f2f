package dev.prims;

import static dev.prims.Arguments.notNull;

import dev.prims.engine.Capabilities;
import dev.prims.engine.Engine;
import dev.prims.engine.Engine.Outcome;
import dev.prims.engine.ResolvedConfig;
import dev.prims.spi.ArgOrder;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.Backend;
import dev.prims.spi.IndexedValue;
import java.lang.reflect.Array;
import java.util.concurrent.CompletableFuture;

/**
 * Arg-min and arg-max through the engine, as {@link Prims} offers them: validation, then the
 * backend's {@link ArgReducer} on the REDUCE path (fallback, provenance, buffer ownership).
 */
final class ArgReduceCalls {
  private ArgReduceCalls() {}

  static ArgResult onArray(Engine engine, ResolvedConfig config, Object values, ReduceOp op) {
    DType type = DType.ofArray(values);
    int n = Array.getLength(values);
    check(op, n);
    Outcome<IndexedValue> o =
        engine.run(
            config,
            Primitive.REDUCE,
            type,
            (long) n * type.bytes(),
            (b, call) -> reducer(b).argReduce(b.buffers(), values, op, call));
    return result(type, o);
  }

  static ArgResult onBuffer(
      Engine engine, ResolvedConfig config, DeviceBuffer values, ReduceOp op) {
    Outcome<IndexedValue> o = outcome(engine, config, values, op);
    return result(values.type(), o);
  }

  static CompletableFuture<ArgResult> onBufferAsync(
      Engine engine, ResolvedConfig config, DeviceBuffer values, ReduceOp op) {
    return engine
        .runOnAsync(
            config,
            values,
            Primitive.REDUCE,
            () -> outcome(engine, config, values, op),
            (b, call) -> {
              checkBuffer(values, op);
              return reducer(b).argReduceAsync(values, op, call);
            })
        .thenApply(o -> result(values.type(), o));
  }

  private static Outcome<IndexedValue> outcome(
      Engine engine, ResolvedConfig config, DeviceBuffer values, ReduceOp op) {
    checkBuffer(values, op);
    return engine.runOn(
        config, Primitive.REDUCE, (b, call) -> reducer(b).argReduce(values, op, call), values);
  }

  private static void checkBuffer(DeviceBuffer values, ReduceOp op) {
    notNull(values, "values").requireOpen();
    check(op, values.length());
  }

  /** MIN or MAX, and the same error for an empty input as {@code reduce} with MIN or MAX. */
  private static void check(ReduceOp op, long n) {
    ArgOrder.requireMinOrMax(notNull(op, "op"));
    if (n == 0) {
      throw new IllegalArgumentException(op.name() + " of an empty input has no value");
    }
  }

  private static ArgReducer reducer(Backend backend) {
    return Capabilities.require(backend, backend.argReducer(), "arg-min/arg-max");
  }

  private static ArgResult result(DType type, Outcome<IndexedValue> o) {
    return new ArgResult(type, o.value().value(), o.value().index(), o.provenance());
  }
}
