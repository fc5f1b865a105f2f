<#-- ArgMomentsPeers: the JDK peer loops of arg-min, arg-max and moments, one branch per element type. -->
<#import "/@includes/branch.ftl" as b>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/app/bench/ArgMomentsPeers.java" />
package dev.prims.app.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The JDK code a user would write for arg-min, arg-max and moments, timed beside the CPU backends:
 * the input cut into one chunk per core, each chunk scanned by a plain loop in a parallel {@link
 * IntStream}, the chunks' answers combined in order (the first listed, which prims rows compare
 * with), and a serial loop. Generated from app/src/main/codegen/templates/ArgMomentsPeers.java.
 */
final class ArgMomentsPeers {
  /** Keeps results alive so the JIT cannot drop the work. */
  private static volatile double sink;

  private ArgMomentsPeers() {}

  static List<CpuPeers.Peer> of(Operation operation, DataSet data) {
    Object typed = data.values();
    int chunks = Runtime.getRuntime().availableProcessors();
    List<CpuPeers.Peer> peers = new ArrayList<>();
    String cores = " (" + chunks + " chunks)";
    if (operation == Operation.MOMENTS) {
      peers.add(
          peer("hand-chunked sum and sum of squares" + cores, () -> chunkedMoments(typed, chunks)));
      peers.add(peer("serial loop", () -> chunkedMoments(typed, 1)));
    } else {
      boolean min = operation == Operation.ARGMIN;
      peers.add(peer("hand-chunked loop" + cores, () -> chunkedArg(typed, chunks, min)));
      peers.add(peer("serial loop", () -> chunkedArg(typed, 1, min)));
    }
    return peers;
  }

  private static CpuPeers.Peer peer(String name, java.util.function.DoubleSupplier work) {
    return new CpuPeers.Peer(name, () -> sink = work.getAsDouble(), false);
  }

  /** Index of the first extreme element: per chunk a plain loop, then the chunks in order. */
  private static double chunkedArg(Object values, int chunks, boolean min) {
    int n = java.lang.reflect.Array.getLength(values);
    long[] best = new long[chunks];
    IntStream.range(0, chunks)
        .parallel()
        .forEach(
            c ->
                best[c] =
                    argOfChunk(values, c * (long) n / chunks, (c + 1) * (long) n / chunks, min));
    long winner = best[0];
    for (int c = 1; c < chunks; c++) {
      if (better(values, (int) best[c], (int) winner, min)) {
        winner = best[c];
      }
    }
    return winner;
  }

  private static long argOfChunk(Object values, long from, long to, boolean min) {
    int lo = (int) from;
    int hi = (int) to;
    if (lo >= hi) {
      return 0;
    }
    int at = lo;
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      ${type.java} v = a[lo];
      for (int i = lo + 1; i < hi; i++) {
        if (min ? a[i] < v : a[i] > v) {
          v = a[i];
          at = i;
        }
      }
</#list>
    }
    return at;
  }

  private static boolean better(Object values, int i, int j, boolean min) {
    double a = ((Number) java.lang.reflect.Array.get(values, i)).doubleValue();
    double b = ((Number) java.lang.reflect.Array.get(values, j)).doubleValue();
    return min ? a < b : a > b;
  }

  /** Population variance from per-chunk sums of x and x^2 in double. */
  private static double chunkedMoments(Object values, int chunks) {
    int n = java.lang.reflect.Array.getLength(values);
    double[] sums = new double[2 * chunks];
    IntStream.range(0, chunks)
        .parallel()
        .forEach(
            c -> {
              int lo = (int) (c * (long) n / chunks);
              int hi = (int) ((c + 1) * (long) n / chunks);
              sumsOfChunk(values, lo, hi, sums, c);
            });
    double s = 0;
    double q = 0;
    for (int c = 0; c < chunks; c++) {
      s += sums[2 * c];
      q += sums[2 * c + 1];
    }
    double mean = s / n;
    return q / n - mean * mean;
  }

  private static void sumsOfChunk(Object values, int lo, int hi, double[] sums, int c) {
    double s = 0;
    double q = 0;
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      for (int i = lo; i < hi; i++) {
        double x = a[i];
        s += x;
        q += x * x;
      }
</#list>
    }
    sums[2 * c] = s;
    sums[2 * c + 1] = q;
  }
}
