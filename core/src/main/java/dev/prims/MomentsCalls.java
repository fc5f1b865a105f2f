package dev.prims;

import static dev.prims.Arguments.notNull;

import dev.prims.engine.Capabilities;
import dev.prims.engine.Engine;
import dev.prims.engine.Engine.Outcome;
import dev.prims.engine.ReproducibleMoments;
import dev.prims.engine.ResolvedConfig;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;
import java.lang.reflect.Array;
import java.util.concurrent.CompletableFuture;

/**
 * Moments through the engine, as {@link Prims} offers them: the backend's {@link MomentsReducer} in
 * fast mode and for integers, {@link ReproducibleMoments} for floating inputs in reproducible mode,
 * on the REDUCE path (fallback, provenance, buffer ownership).
 */
final class MomentsCalls {
  private MomentsCalls() {}

  static Moments onArray(Engine engine, ResolvedConfig config, Object values) {
    DType type = DType.ofArray(values);
    int n = Array.getLength(values);
    Outcome<MomentsState> o =
        engine.run(
            config,
            Primitive.REDUCE,
            type,
            (long) n * type.bytes(),
            (b, call) -> {
              if (n == 0) {
                return MomentsState.empty();
              }
              if (reproducible(call, type)) {
                try (DeviceBuffer input = b.buffers().wrap(values)) {
                  return ReproducibleMoments.of(b, input, call);
                }
              }
              return reducer(b).moments(b.buffers(), values, call);
            });
    return result(o);
  }

  static Moments onBuffer(Engine engine, ResolvedConfig config, DeviceBuffer values) {
    return result(outcome(engine, config, values));
  }

  static CompletableFuture<Moments> onBufferAsync(
      Engine engine, ResolvedConfig config, DeviceBuffer values) {
    return engine
        .runOnAsync(
            config,
            values,
            Primitive.REDUCE,
            () -> outcome(engine, config, values),
            (b, call) -> {
              checkBuffer(values);
              return values.length() == 0
                  ? CompletableFuture.completedFuture(MomentsState.empty())
                  : reducer(b).momentsAsync(values, call);
            })
        .thenApply(MomentsCalls::result);
  }

  private static Outcome<MomentsState> outcome(
      Engine engine, ResolvedConfig config, DeviceBuffer values) {
    checkBuffer(values);
    return engine.runOn(
        config,
        Primitive.REDUCE,
        (b, call) -> {
          if (values.length() == 0) {
            return MomentsState.empty();
          }
          return reproducible(call, values.type())
              ? ReproducibleMoments.of(b, values, call)
              : reducer(b).moments(values, call);
        },
        values);
  }

  private static boolean reproducible(CallContext call, DType type) {
    return call.determinism() == Determinism.REPRODUCIBLE && type.isFloating();
  }

  private static void checkBuffer(DeviceBuffer values) {
    notNull(values, "values").requireOpen();
  }

  private static MomentsReducer reducer(Backend backend) {
    return Capabilities.require(backend, backend.momentsReducer(), "moments");
  }

  private static Moments result(Outcome<MomentsState> o) {
    MomentsState s = o.value();
    return new Moments(s.count(), s.mean(), s.m2(), o.provenance());
  }
}
