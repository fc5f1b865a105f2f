package dev.prims.app.bench;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Prints benchmark rows as an aligned text table. */
public final class BenchTable {
  private static final int DEVICE_WIDTH = 28;

  private BenchTable() {}

  /** Prints {@code rows} to {@code out}, one line each, under a header. */
  public static void print(List<BenchRow> rows, PrintWriter out) {
    String format = "%-8s %-28s %-9s %-13s %-6s %-12s %6s %-34s %10s %10s %9s %6s %8s  %s%n";
    // the first ten columns under their CSV names, then the table's own
    List<Object> header = new ArrayList<>(BenchFiles.COLUMNS.subList(0, 10));
    header.addAll(List.of("GB/s", "%copy", "ratio", "peer"));
    out.printf(Locale.ROOT, format, header.toArray());
    for (BenchRow r : rows) {
      out.printf(
          Locale.ROOT,
          format,
          r.backend(),
          shorten(r.device()),
          r.primitive(),
          r.op(),
          r.type(),
          r.mode(),
          SizeList.describe(r.n()),
          r.variant(),
          String.format(Locale.ROOT, "%.4f", r.bestMs()),
          String.format(Locale.ROOT, "%.4f", r.medianMs()),
          String.format(Locale.ROOT, "%.2f", r.gbps()),
          r.pctCopyBw() == null ? "" : String.format(Locale.ROOT, "%.0f", r.pctCopyBw()),
          r.peerRatio() == null ? "" : String.format(Locale.ROOT, "%.2fx", r.peerRatio()),
          r.peer() == null ? "" : r.peer());
    }
  }

  private static String shorten(String device) {
    return device.length() <= DEVICE_WIDTH ? device : device.substring(0, DEVICE_WIDTH - 1) + "~";
  }
}
