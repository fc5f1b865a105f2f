package dev.prims.app;

import dev.prims.DType;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.RunLengthResult;
import dev.prims.SelectResult;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code prims run unique|rle} on int32 or int64 input: the first value of each run of equal
 * adjacent values, and for {@code rle} each run's length too ({@code --lengths FILE.npy}, int64).
 */
final class UniqueRun {
  private UniqueRun() {}

  /** Whether {@code operation} is one of these. */
  static boolean handles(String operation) {
    return operation.equals("unique") || operation.equals("rle");
  }

  /**
   * Runs {@code operation} on {@code data}, puts {@code runCount}, {@code first} and {@code last}
   * into {@code report}, writes the lengths of an {@code rle} to {@code lengths} (when given) and
   * returns the run values for {@code --output}.
   */
  static Object run(
      Prims prims,
      String operation,
      Object data,
      Path lengths,
      Map<String, Object> report,
      SegmentRun.Timer timer,
      Consumer<Provenance> provenance) {
    DType type = DType.ofArray(data);
    if (type.isFloating()) {
      throw new BadInputException(
          operation + " takes int32 or int64 input (compared by ==), got " + type.id());
    }
    Object values;
    if (operation.equals("unique")) {
      if (lengths != null) {
        throw new BadInputException("--lengths is for rle, not unique");
      }
      SelectResult<?> r =
          timer.timed(
              () -> data instanceof int[] a ? prims.unique(a) : prims.unique((long[]) data));
      provenance.accept(r.provenance());
      values = r.values();
    } else {
      RunLengthResult<?> r =
          timer.timed(
              () ->
                  data instanceof int[] a
                      ? prims.runLengthEncode(a)
                      : prims.runLengthEncode((long[]) data));
      provenance.accept(r.provenance());
      values = r.values();
      if (lengths != null) {
        report.put("lengths", NpyOutput.write(lengths, r.lengths()));
      }
      report.put("longestRun", java.util.Arrays.stream(r.lengths()).max().orElse(0));
    }
    int runs = java.lang.reflect.Array.getLength(values);
    report.put("runCount", runs);
    JsonOutput.putFirstAndLast(report, values);
    return values;
  }

  /** The text line of a report made by {@link #run}. */
  static String line(Map<String, Object> r, String what) {
    return r.get("primitive")
        + " of "
        + what
        + ": "
        + r.get("runCount")
        + " runs"
        + (r.containsKey("longestRun") ? ", longest " + r.get("longestRun") : "")
        + (r.get("output") == null ? "" : "; values written to " + r.get("output"))
        + (r.get("lengths") == null ? "" : ", lengths to " + r.get("lengths"));
  }
}
