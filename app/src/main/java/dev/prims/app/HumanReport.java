package dev.prims.app;

import com.fasterxml.jackson.databind.util.RawValue;
import dev.prims.Primitive;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The text form of a {@code prims run} report: what was computed, the answer, where and how long.
 */
final class HumanReport {
  private static final int SHOWN_BINS = 16;

  private HumanReport() {}

  static List<String> lines(Primitive primitive, Map<String, Object> r) {
    List<String> lines = new ArrayList<>();
    String what = r.get("n") + " " + r.get("type") + source(r);
    switch (r.containsKey("segments")
        ? "segmented"
        : SelectRun.family(r.get("primitive").toString()) != null
            ? "select"
            : "sort".equals(r.get("primitive")) ? "sort" : primitive.id()) {
      case "sort":
        lines.add(r.get("order") + " sort of " + what + endsAndOutput(r));
        break;
      case "select":
        lines.add(SelectRun.line(r, what));
        break;
      case "segmented":
        lines.add(segmentedLine(r, what));
        break;
      case "reduce":
        if (r.containsKey("index")) {
          lines.add(
              r.get("primitive")
                  + " of "
                  + what
                  + ": "
                  + text(r.get("result"))
                  + " at index "
                  + r.get("index"));
        } else if (r.containsKey("mean")) {
          lines.add(
              "moments of "
                  + what
                  + ": count "
                  + r.get("count")
                  + ", mean "
                  + text(r.get("mean"))
                  + ", variance "
                  + text(r.get("variance"))
                  + " (sample "
                  + text(r.get("sampleVariance"))
                  + "), standard deviation "
                  + text(r.get("stddev")));
        } else {
          lines.add(r.get("op") + " of " + what + ": " + text(r.get("result")));
        }
        break;
      case "scan":
        lines.add(r.get("kind") + " " + r.get("op") + " scan of " + what + endsAndOutput(r));
        break;
      case "histogram":
        long[] counts = (long[]) r.get("counts");
        long counted = 0;
        for (long c : counts) {
          counted += c;
        }
        lines.add(
            "histogram of "
                + what
                + " into "
                + r.get("bins")
                + (r.containsKey("lower")
                    ? " even bins over [" + text(r.get("lower")) + ", " + text(r.get("upper")) + ")"
                    : " integer-key bins")
                + ": "
                + counted
                + " counted, "
                + r.get("outOfRange")
                + " out of range"
                + (r.get("output") == null ? "" : "; counts written to " + r.get("output")));
        lines.add("counts: " + countsText(counts));
        break;
      default:
        lines.add("dot of " + what + ": " + text(r.get("result")));
    }
    lines.add(
        "on "
            + r.get("backend")
            + " ("
            + r.get("device")
            + (r.get("variant").toString().isEmpty() ? "" : ", " + r.get("variant"))
            + ") in "
            + ((Integer) r.get("runs") > 1
                ? "best "
                    + r.get("millis")
                    + " ms, median "
                    + r.get("medianMillis")
                    + " ms of "
                    + r.get("runs")
                    + " runs"
                : r.get("millis") + " ms")
            + (r.containsKey("note") ? "; " + firstLine((String) r.get("note")) : ""));
    return lines;
  }

  /** A segmented operation: its name, the segments, the first and last result values. */
  /** ": first F, last L" (": empty" without elements), then where the output was written. */
  private static String endsAndOutput(Map<String, Object> r) {
    return (r.get("first") == null
            ? ": empty"
            : ": first " + text(r.get("first")) + ", last " + text(r.get("last")))
        + (r.get("output") == null ? "" : "; written to " + r.get("output"));
  }

  private static String segmentedLine(Map<String, Object> r, String what) {
    return (r.containsKey("kind") ? r.get("kind") + " " : "")
        + r.get("op")
        + " "
        + r.get("primitive")
        + " of "
        + what
        + " in "
        + r.get("segments")
        + (r.get("primitive").toString().endsWith("by-key") ? " runs" : " segments")
        + " of "
        + r.get("segmentLength")
        + (r.get("first") == null
            ? ": empty"
            : ": first "
                + text(r.get("first"))
                + at(r, "firstIndex")
                + ", last "
                + text(r.get("last"))
                + at(r, "lastIndex"))
        + (r.get("output") == null ? "" : "; written to " + r.get("output"))
        + (r.get("indices") == null ? "" : ", indices to " + r.get("indices"));
  }

  /** " at I" where the report holds index {@code key} (a segmented arg-reduce), else "". */
  private static String at(Map<String, Object> r, String key) {
    return r.containsKey(key) ? " at " + r.get(key) : "";
  }

  private static String source(Map<String, Object> r) {
    if (r.containsKey("input")) {
      return " from " + r.get("input") + (r.containsKey("input2") ? " and " + r.get("input2") : "");
    }
    return " generated (" + r.get("dist") + ", seed " + r.get("seed") + ")";
  }

  private static String countsText(long[] counts) {
    StringBuilder sb = new StringBuilder();
    int shown = Math.min(counts.length, SHOWN_BINS);
    for (int i = 0; i < shown; i++) {
      sb.append(i == 0 ? "" : " ").append(counts[i]);
    }
    if (shown < counts.length) {
      sb.append(" ... (").append(counts.length - shown).append(" more bins)");
    }
    return sb.toString();
  }

  /** A multi-line note (a native loader's report inside a fallback reason) cut to one line. */
  private static String firstLine(String note) {
    String[] lines = note.strip().split("\\R", 2);
    return lines.length == 1 ? lines[0] : lines[0] + " [more with --json]";
  }

  static String text(Object value) {
    return value instanceof RawValue ? String.valueOf(((RawValue) value).rawValue()) : "" + value;
  }
}
