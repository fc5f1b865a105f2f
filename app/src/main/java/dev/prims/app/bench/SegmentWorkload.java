package dev.prims.app.bench;

import dev.prims.ByKey;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.ScanKind;
import dev.prims.Segments;
import dev.prims.conformance.Calls;
import java.util.List;

/**
 * The segmented operations of {@code prims bench}: a segmented sum or arg-max over segments of
 * {@link Operation#segment()} elements, reduce-by-key and inclusive scan-by-key over runs of that
 * many equal int keys ({@code i / L}); on device buffers (offsets or keys uploaded once) or host
 * arrays.
 */
final class SegmentWorkload {
  private SegmentWorkload() {}

  /** The offsets of segments of {@code length} over {@code n} elements. */
  static int[] offsets(int n, int length) {
    int segments = n == 0 ? 0 : (n - 1) / length + 1;
    int[] offsets = new int[segments + 1];
    for (int s = 1; s <= segments; s++) {
      offsets[s] = (int) Math.min(n, (long) s * length);
    }
    return offsets;
  }

  /** Keys in runs of {@code length}: {@code i / length}. */
  static int[] keys(int n, int length) {
    int[] keys = new int[n];
    for (int i = 0; i < n; i++) {
      keys[i] = i / length;
    }
    return keys;
  }

  static Runnable deviceCall(
      Prims view, Operation operation, DataSet data, List<DeviceBuffer> buffers) {
    int n = Math.toIntExact(data.n());
    DType type = data.type();
    DeviceBuffer values = keep(buffers, view.upload(data.values()));
    DeviceBuffer out = keep(buffers, view.allocate(type, n));
    if (operation.family().equals("segreduce")) {
      DeviceBuffer offsets = keep(buffers, view.upload(offsets(n, operation.segment())));
      Segments segments = view.segments(offsets);
      if (operation.isSegmentedArg()) {
        DeviceBuffer at = keep(buffers, view.allocate(DType.LONG, segments.count()));
        return () -> segments.argReduce(values, out, at, operation.reduceOp());
      }
      return () -> segments.reduce(values, out, operation.reduceOp());
    }
    DeviceBuffer keys = keep(buffers, view.upload(keys(n, operation.segment())));
    ByKey<DeviceBuffer> runs = view.byKey(keys);
    if (operation.primitive() == Primitive.SCAN) {
      return () -> runs.scan(values, out, operation.reduceOp(), ScanKind.INCLUSIVE);
    }
    DeviceBuffer unique = keep(buffers, view.allocate(DType.INT, n));
    return () -> runs.reduce(values, unique, out, operation.reduceOp());
  }

  static Runnable hostCall(Prims view, Operation operation, DataSet data) {
    int n = Math.toIntExact(data.n());
    Object values = data.values();
    if (operation.family().equals("segreduce")) {
      Segments segments = view.segments(offsets(n, operation.segment()));
      return () -> segmentReduce(segments, values, operation);
    }
    ByKey<int[]> runs = view.byKey(keys(n, operation.segment()));
    return operation.primitive() == Primitive.SCAN
        ? () -> scanByKey(runs, values, operation)
        : () -> reduceByKey(runs, values, operation);
  }

  /** Where the operation runs: the provenance of one call on {@code small} host data. */
  static Provenance probe(Prims view, Operation operation, DataSet small) {
    int n = Math.toIntExact(small.n());
    Object values = small.values();
    if (operation.family().equals("segreduce")) {
      return segmentReduce(view.segments(offsets(n, operation.segment())), values, operation);
    }
    ByKey<int[]> runs = view.byKey(keys(n, operation.segment()));
    return operation.primitive() == Primitive.SCAN
        ? scanByKey(runs, values, operation)
        : reduceByKey(runs, values, operation);
  }

  private static Provenance segmentReduce(Segments s, Object values, Operation operation) {
    return operation.isSegmentedArg()
        ? Calls.argReduce(s, values, operation.reduceOp()).provenance()
        : Calls.reduce(s, values, operation.reduceOp()).provenance();
  }

  private static Provenance reduceByKey(ByKey<int[]> k, Object values, Operation operation) {
    return Calls.reduce(k, values, operation.reduceOp()).provenance();
  }

  private static Provenance scanByKey(ByKey<int[]> k, Object values, Operation operation) {
    return Calls.scan(k, values, operation.reduceOp(), ScanKind.INCLUSIVE).provenance();
  }

  private static DeviceBuffer keep(List<DeviceBuffer> buffers, DeviceBuffer buffer) {
    buffers.add(buffer);
    return buffer;
  }
}
