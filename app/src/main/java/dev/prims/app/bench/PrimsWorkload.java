package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.conformance.Calls;
import dev.prims.spi.Backend;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Times one {@link Operation} on one prims backend in one of two modes: {@code device} (inputs
 * uploaded once, the primitive run repeatedly on device buffers and timed by the device's clock
 * when it has one) or {@code host} (Java arrays in, the answer out, transfers included, timed by
 * wall clock; scans also {@code host-into}, the answer into an array the caller already has, and
 * {@code host-inplace}, the answer over the input).
 */
public final class PrimsWorkload {
  /** Data already on the device. */
  public static final String DEVICE = "device";

  /** Java arrays in and out, transfers included. */
  public static final String HOST = "host";

  /**
   * A scan of a Java array into an array the caller already has ({@code scan(input, output, op,
   * kind)}), transfers included: timed beside {@link #HOST} scans.
   */
  public static final String HOST_INTO = "host-into";

  /**
   * A scan of a Java array in place ({@code scan(array, array, op, kind)}), transfers included:
   * timed beside {@link #HOST} scans.
   */
  public static final String HOST_IN_PLACE = "host-inplace";

  private PrimsWorkload() {}

  /** The histogram spec the benchmark uses for {@code type}. */
  public static HistogramSpec histogramSpec(DType type) {
    return type.isFloating()
        ? HistogramSpec.even(Operation.BINS, 0, 1)
        : HistogramSpec.keys(Operation.BINS);
  }

  /**
   * Times {@code operation} on {@code data} through {@code view} (a view bound to {@code backend}).
   */
  public static Timing time(
      Prims view,
      Backend backend,
      Operation operation,
      DataSet data,
      String mode,
      Stopwatch stopwatch) {
    if (operation.isSort() && !mode.equals(DEVICE)) {
      return stopwatch.time(SortWorkload.hostRun(view, data, mode));
    }
    if (mode.equals(HOST) || mode.equals(HOST_INTO) || mode.equals(HOST_IN_PLACE)) {
      Runnable call =
          operation.isArgOrMoments()
              ? ArgMomentsWorkload.hostCall(view, operation, data)
              : operation.isSelect()
                  ? SelectWorkload.hostCall(view, operation, data)
                  : operation.isUnique()
                      ? UniqueWorkload.hostCall(view, operation, data)
                      : operation.segment() > 0
                          ? SegmentWorkload.hostCall(view, operation, data)
                          : mode.equals(HOST)
                              ? hostCall(view, operation, data)
                              : scanIntoCall(view, operation, data, mode.equals(HOST_IN_PLACE));
      return stopwatch.time(
          () -> {
            call.run();
            return OptionalDouble.empty();
          });
    }
    List<DeviceBuffer> buffers = new ArrayList<>();
    try {
      Runnable call =
          operation.isArgOrMoments()
              ? ArgMomentsWorkload.deviceCall(
                  view, operation, keep(buffers, view.upload(data.values())))
              : operation.segment() > 0
                  ? SegmentWorkload.deviceCall(view, operation, data, buffers)
                  : operation.isSelect()
                      ? SelectWorkload.deviceCall(view, operation, data, buffers)
                      : operation.isUnique()
                          ? UniqueWorkload.deviceCall(view, operation, data, buffers)
                          : operation.isSort()
                              ? SortWorkload.deviceCall(view, operation, data, buffers)
                              : deviceCall(view, operation, data, buffers);
      return stopwatch.time(() -> backend.deviceMillis(call));
    } finally {
      buffers.forEach(DeviceBuffer::close);
    }
  }

  /**
   * Where {@code operation} really runs on {@code view}: the provenance of one call on a small
   * input of {@code type}, so that a backend that silently falls back elsewhere (Aparapi to the
   * Java thread pool, say) is caught before it is timed.
   */
  public static Provenance probe(Prims view, Operation operation, DType type) {
    return provenance(view, operation, new DataSet(type, PROBE_ELEMENTS));
  }

  /** The provenance of one host-array call of {@code operation} on {@code small} through view. */
  public static Provenance provenance(Prims view, Operation operation, DataSet small) {
    if (operation.isArgOrMoments()) {
      return ArgMomentsWorkload.probe(view, operation, small);
    }
    if (operation.segment() > 0) {
      return SegmentWorkload.probe(view, operation, small);
    }
    if (operation.isSort()) {
      return SortWorkload.probe(view, small);
    }
    if (operation.isSelect()) {
      return SelectWorkload.probe(view, operation, small);
    }
    if (operation.isUnique()) {
      return UniqueWorkload.probe(view, operation, small);
    }
    return switch (operation.primitive()) {
      case REDUCE -> Calls.reduce(view, small.values(), operation.reduceOp()).provenance();
      case SCAN ->
          Calls.scan(view, small.values(), operation.reduceOp(), operation.scanKind()).provenance();
      case HISTOGRAM ->
          Calls.histogram(view, small.histogramInput(), histogramSpec(small.type())).provenance();
      case DOT -> Calls.dot(view, small.values(), small.second()).provenance();
    };
  }

  private static final int PROBE_ELEMENTS = 4096;

  private static Runnable deviceCall(
      Prims view, Operation operation, DataSet data, List<DeviceBuffer> buffers) {
    DType type = data.type();
    switch (operation.primitive()) {
      case REDUCE -> {
        DeviceBuffer input = keep(buffers, data.uploadValues(view));
        return () -> view.reduce(input, operation.reduceOp());
      }
      case SCAN -> {
        DeviceBuffer input = keep(buffers, data.uploadValues(view));
        DeviceBuffer output = keep(buffers, view.allocate(type, data.n()));
        return () -> view.scan(input, output, operation.reduceOp(), operation.scanKind());
      }
      case HISTOGRAM -> {
        DeviceBuffer input = keep(buffers, data.uploadHistogramInput(view));
        DeviceBuffer counts = keep(buffers, view.allocate(DType.LONG, Operation.BINS));
        HistogramSpec spec = histogramSpec(type);
        return () -> view.histogram(input, spec, counts);
      }
      default -> {
        DeviceBuffer a = keep(buffers, data.uploadValues(view));
        DeviceBuffer b = keep(buffers, data.uploadSecond(view));
        return () -> view.dot(a, b);
      }
    }
  }

  static DeviceBuffer keep(List<DeviceBuffer> buffers, DeviceBuffer buffer) {
    buffers.add(buffer);
    return buffer;
  }

  /**
   * A scan into an array made once before timing, or with {@code inPlace} a scan of a copy of the
   * input over itself (each repetition scans the last one's answer, as the JDK peer in place does).
   */
  private static Runnable scanIntoCall(
      Prims view, Operation operation, DataSet data, boolean inPlace) {
    return TimedCalls.scanInto(
        view,
        data.values(),
        data.arrayLength(),
        operation.reduceOp(),
        operation.scanKind(),
        inPlace);
  }

  private static Runnable hostCall(Prims view, Operation operation, DataSet data) {
    return switch (operation.primitive()) {
      case REDUCE -> TimedCalls.reduce(view, data.values(), operation.reduceOp());
      case SCAN -> TimedCalls.scan(view, data.values(), operation.reduceOp(), operation.scanKind());
      case HISTOGRAM ->
          TimedCalls.histogram(view, data.histogramInput(), histogramSpec(data.type()));
      default -> TimedCalls.dot(view, data.values(), data.second());
    };
  }
}
