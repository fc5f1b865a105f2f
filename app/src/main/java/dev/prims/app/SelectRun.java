package dev.prims.app;

import dev.prims.DType;
import dev.prims.Predicate;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.SelectResult;
import dev.prims.TopKOrder;
import dev.prims.TopKResult;
import dev.prims.conformance.Calls;
import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * {@code prims run select|partition|topk}: a select or partition by {@code --where EXPR} (see
 * {@link PredicateExpression}) or by {@code --flags FILE.npy} (int32, kept where not 0), or the
 * {@code --k} smallest (or {@code --largest}) values with their indices; {@code unique} and {@code
 * rle} go to {@link UniqueRun}.
 */
final class SelectRun {
  /** The operations. */
  static final String[] NAMES = {"select", "partition", "topk", "unique", "rle"};

  private SelectRun() {}

  /** The operation named {@code name} (case-insensitive), or null when it is none of them. */
  static String family(String name) {
    String n = name.trim().toLowerCase(Locale.ROOT);
    for (String s : NAMES) {
      if (s.equals(n)) {
        return s;
      }
    }
    return null;
  }

  /** The options of one run. */
  record Options(
      String where, Object flags, Integer k, boolean largest, Path indices, Path lengths) {}

  /**
   * Runs {@code operation} on {@code data}, puts its answer into {@code report} and returns the
   * array for {@code --output} (kept values, the partitioned values, or the k values).
   */
  static Object run(
      Prims prims,
      String operation,
      Object data,
      Options o,
      Map<String, Object> report,
      SegmentRun.Timer timer,
      java.util.function.Consumer<Provenance> provenance) {
    int n = Array.getLength(data);
    if (UniqueRun.handles(operation)) {
      if (o.where() != null || o.flags() != null || o.k() != null || o.largest()) {
        throw new BadInputException(
            "--where, --flags, --k and --largest are for select, partition and topk, not "
                + operation);
      }
      if (o.indices() != null) {
        throw new BadInputException("--indices is for topk, not " + operation);
      }
      return UniqueRun.run(prims, operation, data, o.lengths(), report, timer, provenance);
    }
    if (o.lengths() != null) {
      throw new BadInputException("--lengths is for rle, not " + operation);
    }
    if (operation.equals("topk")) {
      if (o.where() != null || o.flags() != null) {
        throw new BadInputException("--where and --flags are for select and partition, not topk");
      }
      if (o.k() == null) {
        throw new BadInputException("topk needs --k K (1 <= K <= n)");
      }
      int k = o.k();
      if (k < 1 || k > n) {
        throw new BadInputException("--k must be between 1 and n = " + n + ", got " + k);
      }
      TopKOrder order = o.largest() ? TopKOrder.LARGEST : TopKOrder.SMALLEST;
      report.put("k", k);
      report.put("order", order.name().toLowerCase(Locale.ROOT));
      TopKResult<?> r = timer.timed(() -> Calls.topK(prims, data, k, order));
      provenance.accept(r.provenance());
      report.put("first", JsonOutput.element(r.values(), 0));
      report.put("firstIndex", r.indices()[0]);
      report.put("last", JsonOutput.element(r.values(), k - 1));
      if (o.indices() != null) {
        report.put("indices", NpyOutput.write(o.indices(), r.indices()));
      }
      return r.values();
    }
    if (o.k() != null || o.largest() || o.indices() != null) {
      throw new BadInputException("--k, --largest and --indices are for topk, not " + operation);
    }
    if ((o.where() == null) == (o.flags() == null)) {
      throw new BadInputException(operation + " needs one of --where EXPR or --flags FILE.npy");
    }
    boolean partition = operation.equals("partition");
    SelectResult<?> r;
    if (o.where() != null) {
      Predicate p = PredicateExpression.parse(o.where());
      report.put("where", p.toString());
      r = timer.timed(() -> Calls.select(prims, data, p, partition));
    } else {
      if (!(o.flags() instanceof int[] f)) {
        throw new BadInputException(
            "--flags must be an int32 .npy, got " + DType.ofArray(o.flags()).id());
      }
      if (f.length != n) {
        throw new BadInputException("--flags has " + f.length + " elements, the input has " + n);
      }
      r = timer.timed(() -> Calls.select(prims, data, f, partition));
    }
    provenance.accept(r.provenance());
    report.put("kept", r.kept());
    return r.values();
  }

  /** The text line of a report made by {@link #run}. */
  static String line(Map<String, Object> r, String what) {
    if (UniqueRun.handles(r.get("primitive").toString())) {
      return UniqueRun.line(r, what);
    }
    String written = r.get("output") == null ? "" : "; written to " + r.get("output");
    if ("topk".equals(r.get("primitive"))) {
      return r.get("k")
          + " "
          + r.get("order")
          + " of "
          + what
          + ": first "
          + HumanReport.text(r.get("first"))
          + " (index "
          + r.get("firstIndex")
          + "), last "
          + HumanReport.text(r.get("last"))
          + written
          + (r.get("indices") == null ? "" : ", indices to " + r.get("indices"));
    }
    return r.get("primitive")
        + " of "
        + what
        + (r.containsKey("where") ? " where " + r.get("where") : " where the flag is not 0")
        + ": "
        + r.get("kept")
        + " kept"
        + written;
  }
}
