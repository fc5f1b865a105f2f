package dev.prims.app.bench;

import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.conformance.Calls;

/** The prims calls that {@link PrimsWorkload} times for arg-min, arg-max and moments. */
final class ArgMomentsWorkload {
  private ArgMomentsWorkload() {}

  /** The call on Java arrays (transfers included). */
  static Runnable hostCall(Prims view, Operation operation, DataSet data) {
    Object values = data.values();
    return () -> run(view, operation, values);
  }

  /** The call on {@code input}, already on the device. */
  static Runnable deviceCall(Prims view, Operation operation, DeviceBuffer input) {
    return operation == Operation.MOMENTS
        ? () -> view.moments(input)
        : () -> view.argReduce(input, operation.reduceOp());
  }

  /** Where {@code operation} really runs on {@code view}, from one call on {@code small}. */
  static Provenance probe(Prims view, Operation operation, DataSet small) {
    return run(view, operation, small.values());
  }

  private static Provenance run(Prims view, Operation operation, Object values) {
    return operation == Operation.MOMENTS
        ? Calls.moments(view, values).provenance()
        : Calls.argReduce(view, values, operation.reduceOp()).provenance();
  }
}
