package dev.prims.app;

import dev.prims.ByKey;
import dev.prims.ByKeyResult;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import dev.prims.SegmentArgResult;
import dev.prims.SegmentResult;
import dev.prims.Segments;
import dev.prims.conformance.Calls;
import java.lang.reflect.Array;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The segmented operations of {@code prims run}: {@code segreduce} (arg-min and arg-max too, with
 * {@code --op argmin|argmax}) and {@code segscan} over segments of {@code --segment L} elements,
 * {@code reduce-by-key} and {@code scan-by-key} over runs of L equal keys ({@code i / L}), on the
 * input values.
 */
final class SegmentRun {
  /** The operation names, in the order the help lists them. */
  static final String[] NAMES = {"segreduce", "segscan", "reduce-by-key", "scan-by-key"};

  /** Default segment or run length. */
  static final int DEFAULT_LENGTH = 64;

  /** Times one call and returns its result (RunCommand's --repeat timing). */
  interface Timer {
    <T> T timed(Supplier<T> call);
  }

  /** The result values, the indices of a segmented arg-min/arg-max (else null), the provenance. */
  record Result(Object values, long[] indices, Provenance provenance) {
    static Result of(ByKeyResult<?, ?> r) {
      return new Result(r.values(), null, r.provenance());
    }

    static Result of(ScanResult<?> r) {
      return new Result(r.values(), null, r.provenance());
    }

    static Result of(SegmentResult<?> r) {
      return new Result(r.values(), null, r.provenance());
    }

    static Result of(SegmentArgResult<?> r) {
      return new Result(r.values(), r.indices(), r.provenance());
    }
  }

  private SegmentRun() {}

  /** MIN for {@code argmin}, MAX for {@code argmax} (case-insensitive), else null. */
  static ReduceOp argOp(String opName) {
    String name = opName == null ? "" : opName.trim().toLowerCase(Locale.ROOT);
    return name.equals("argmin") ? ReduceOp.MIN : name.equals("argmax") ? ReduceOp.MAX : null;
  }

  /** The operation named {@code name} (case-insensitive), or null when it is none of them. */
  static String family(String name) {
    for (String n : NAMES) {
      if (n.equalsIgnoreCase(name.trim())) {
        return n;
      }
    }
    return null;
  }

  /** The primitive an operation belongs to: REDUCE or SCAN. */
  static Primitive primitive(String family) {
    return family.equals("segreduce") || family.equals("reduce-by-key")
        ? Primitive.REDUCE
        : Primitive.SCAN;
  }

  /**
   * Runs {@code family} on {@code data} with segments or runs of {@code length} (a segmented
   * arg-min or arg-max under {@code op} when {@code arg}); adds {@code segmentLength}, {@code
   * segments}, {@code first} and {@code last} (and {@code firstIndex}, {@code lastIndex} for an
   * arg-reduce) to the report and returns the result.
   */
  static Result run(
      Prims prims,
      String family,
      Object data,
      ReduceOp op,
      boolean arg,
      ScanKind kind,
      int length,
      Map<String, Object> report,
      Timer timer) {
    int n = Array.getLength(data);
    report.put("segmentLength", length);
    boolean byKey = family.endsWith("by-key");
    boolean reduce = primitive(family) == Primitive.REDUCE;
    if (!reduce) {
      report.put("kind", kind.name().toLowerCase(Locale.ROOT));
    }
    Result result;
    long count;
    if (byKey) {
      int[] keys = new int[n];
      for (int i = 0; i < n; i++) {
        keys[i] = i / length;
      }
      ByKey<int[]> runs = prims.byKey(keys);
      result =
          reduce
              ? Result.of(timer.timed(() -> Calls.reduce(runs, data, op)))
              : Result.of(timer.timed(() -> Calls.scan(runs, data, op, kind)));
      count = n == 0 ? 0 : (n - 1L) / length + 1;
    } else {
      int segments = n == 0 ? 0 : (n - 1) / length + 1;
      int[] offsets = new int[segments + 1];
      for (int s = 1; s <= segments; s++) {
        offsets[s] = (int) Math.min(n, (long) s * length);
      }
      Segments split = prims.segments(offsets);
      result =
          arg
              ? Result.of(timer.timed(() -> Calls.argReduce(split, data, op)))
              : reduce
                  ? Result.of(timer.timed(() -> Calls.reduce(split, data, op)))
                  : Result.of(timer.timed(() -> Calls.scan(split, data, op, kind)));
      count = segments;
    }
    report.put("segments", count);
    Object values = result.values();
    long[] indices = result.indices();
    int results = Array.getLength(values);
    JsonOutput.putFirstAndLast(report, values);
    if (indices != null && results > 0) {
      report.put("firstIndex", indices[0]);
      report.put("lastIndex", indices[results - 1]);
    }
    return result;
  }
}
