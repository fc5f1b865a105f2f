package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * The JDK's own answers to each benchmarked operation, timed beside the CPU backends: the parallel
 * streams, {@link Arrays#parallelPrefix}, and plain serial loops. The first peer of each list is
 * the one prims rows are compared with, except that a host-mode scan (a new array returned) is
 * compared with a {@code clone()} then {@link Arrays#parallelPrefix}, and a scan into the caller's
 * array with {@link System#arraycopy} into that array then {@link Arrays#parallelPrefix}: the JDK
 * ways to the same results. Scans in place and device-mode scans (into an existing buffer) compare
 * with {@code parallelPrefix} in place.
 */
public final class CpuPeers {
  /**
   * A named JDK implementation of one operation on one data set.
   *
   * @param hostReference whether host-mode prims rows compare with this peer rather than the first
   * @param intoReference whether prims scans into the caller's array compare with this peer
   */
  public record Peer(String name, Runnable run, boolean hostReference, boolean intoReference) {
    /** A peer that is no reference of a scan into the caller's array. */
    public Peer(String name, Runnable run, boolean hostReference) {
      this(name, run, hostReference, false);
    }
  }

  /** Keeps results alive so the JIT cannot drop the work. */
  private static volatile double sink;

  private CpuPeers() {}

  /** The peers of {@code operation} on {@code data}, the one to compare with first. */
  public static List<Peer> of(Operation operation, DataSet data) {
    DType type = data.type();
    Object values = data.values();
    List<Peer> peers = new ArrayList<>();
    switch (operation) {
      case REDUCE_SUM -> {
        switch (type) {
          case INT -> peers.add(peer("IntStream.parallel().sum()", () -> stream(values).sum()));
          case LONG -> peers.add(peer("LongStream.parallel().sum()", () -> longs(values).sum()));
          default -> {
            double[] d = data.valuesAsDoubles();
            peers.add(peer("DoubleStream.parallel().sum()", () -> doubles(d).sum()));
          }
        }
        peers.add(peer("serial loop", () -> serialSum(values)));
      }
      case REDUCE_MIN, REDUCE_MAX -> {
        boolean min = operation == Operation.REDUCE_MIN;
        String suffix = min ? "min()" : "max()";
        switch (type) {
          case INT ->
              peers.add(
                  peer(
                      "IntStream.parallel()." + suffix,
                      () ->
                          min ? stream(values).min().getAsInt() : stream(values).max().getAsInt()));
          case LONG ->
              peers.add(
                  peer(
                      "LongStream.parallel()." + suffix,
                      () ->
                          min ? longs(values).min().getAsLong() : longs(values).max().getAsLong()));
          default -> {
            double[] d = data.valuesAsDoubles();
            peers.add(
                peer(
                    "DoubleStream.parallel()." + suffix,
                    () -> min ? doubles(d).min().getAsDouble() : doubles(d).max().getAsDouble()));
          }
        }
      }
      case SCAN_INCLUSIVE, SCAN_EXCLUSIVE -> {
        // The JDK has no float[] parallelPrefix: float data is scanned as doubles (widened
        // before timing), which moves twice the bytes; the serial loop scans the floats.
        boolean widened = type == DType.FLOAT;
        Object source = widened ? data.valuesAsDoubles() : values;
        Object scratch = copy(source);
        String suffix = widened ? " (as doubles)" : "";
        peers.add(peer("Arrays.parallelPrefix in place" + suffix, () -> parallelPrefix(scratch)));
        peers.add(
            new Peer(
                "clone() + Arrays.parallelPrefix" + suffix,
                () -> sink = parallelPrefix(copy(source)),
                true));
        Object target = copy(source);
        peers.add(
            new Peer(
                "System.arraycopy() + Arrays.parallelPrefix" + suffix,
                () -> sink = parallelPrefix(copyInto(source, target)),
                false,
                true));
        Object output = copy(values);
        peers.add(peer("serial loop", () -> serialPrefix(values, output)));
      }
      case HISTOGRAM -> {
        Object input = data.histogramInput();
        long[] counts = new long[Operation.BINS];
        peers.add(peer("serial loop", () -> serialHistogram(input, counts)));
      }
      case ARGMIN, ARGMAX, MOMENTS -> peers.addAll(ArgMomentsPeers.of(operation, data));
      case SORT -> peers.addAll(SortWorkload.peers(data));
      case SORT_PAIRS -> {} // the JDK sorts no key-value pairs
      case SEGMENTED_ARGMAX_64 ->
          peers.add(
              peer(
                  SegmentArgPeer.NAME, () -> SegmentArgPeer.argMaxes(values, operation.segment())));
      case SELECT, TOPK -> peers.addAll(SelectWorkload.peers(operation, data));
      case UNIQUE, RLE -> peers.addAll(UniqueWorkload.peers(operation, data));
      case DOT -> {
        Object second = data.second();
        peers.add(peer("IntStream.range().parallel()", () -> parallelDot(values, second)));
        peers.add(peer("serial loop", () -> serialDot(values, second)));
      }
    }
    return peers;
  }

  private interface Computation {
    double compute();
  }

  private static Peer peer(String name, Computation computation) {
    return new Peer(name, () -> sink = computation.compute(), false);
  }

  private static IntStream stream(Object values) {
    return Arrays.stream((int[]) values).parallel();
  }

  private static LongStream longs(Object values) {
    return Arrays.stream((long[]) values).parallel();
  }

  private static DoubleStream doubles(double[] values) {
    return Arrays.stream(values).parallel();
  }

  private static Object copy(Object values) {
    return switch (DType.ofArray(values)) {
      case INT -> ((int[]) values).clone();
      case LONG -> ((long[]) values).clone();
      case FLOAT -> ((float[]) values).clone();
      case DOUBLE -> ((double[]) values).clone();
    };
  }

  /** Copies {@code source} into {@code target} (an array of its type and length) and returns it. */
  private static Object copyInto(Object source, Object target) {
    System.arraycopy(source, 0, target, 0, java.lang.reflect.Array.getLength(source));
    return target;
  }

  private static double serialSum(Object values) {
    switch (DType.ofArray(values)) {
      case INT -> {
        int s = 0;
        for (int v : (int[]) values) {
          s += v;
        }
        return s;
      }
      case LONG -> {
        long s = 0;
        for (long v : (long[]) values) {
          s += v;
        }
        return s;
      }
      case FLOAT -> {
        float s = 0;
        for (float v : (float[]) values) {
          s += v;
        }
        return s;
      }
      default -> {
        double s = 0;
        for (double v : (double[]) values) {
          s += v;
        }
        return s;
      }
    }
  }

  /** In place (on a scratch copy the values grow run after run, which costs nothing extra). */
  private static double parallelPrefix(Object scratch) {
    switch (DType.ofArray(scratch)) {
      case INT -> {
        int[] a = (int[]) scratch;
        Arrays.parallelPrefix(a, Integer::sum);
        return a[a.length - 1];
      }
      case LONG -> {
        long[] a = (long[]) scratch;
        Arrays.parallelPrefix(a, Long::sum);
        return a[a.length - 1];
      }
      default -> {
        double[] a = (double[]) scratch;
        Arrays.parallelPrefix(a, Double::sum);
        return a[a.length - 1];
      }
    }
  }

  private static double serialPrefix(Object values, Object output) {
    switch (DType.ofArray(values)) {
      case INT -> {
        int[] in = (int[]) values;
        int[] out = (int[]) output;
        int s = 0;
        for (int i = 0; i < in.length; i++) {
          s += in[i];
          out[i] = s;
        }
        return s;
      }
      case LONG -> {
        long[] in = (long[]) values;
        long[] out = (long[]) output;
        long s = 0;
        for (int i = 0; i < in.length; i++) {
          s += in[i];
          out[i] = s;
        }
        return s;
      }
      case FLOAT -> {
        float[] in = (float[]) values;
        float[] out = (float[]) output;
        float s = 0;
        for (int i = 0; i < in.length; i++) {
          s += in[i];
          out[i] = s;
        }
        return s;
      }
      default -> {
        double[] in = (double[]) values;
        double[] out = (double[]) output;
        double s = 0;
        for (int i = 0; i < in.length; i++) {
          s += in[i];
          out[i] = s;
        }
        return s;
      }
    }
  }

  private static double serialHistogram(Object input, long[] counts) {
    Arrays.fill(counts, 0);
    int bins = counts.length;
    switch (DType.ofArray(input)) {
      case INT -> {
        for (int k : (int[]) input) {
          if (k >= 0 && k < bins) {
            counts[k]++;
          }
        }
      }
      case LONG -> {
        for (long k : (long[]) input) {
          if (k >= 0 && k < bins) {
            counts[(int) k]++;
          }
        }
      }
      case FLOAT -> {
        EvenBins even = EvenBins.of(HistogramSpec.even(bins, 0, 1), DType.FLOAT);
        for (float v : (float[]) input) {
          int b = even.binOf(v);
          if (b >= 0) {
            counts[b]++;
          }
        }
      }
      default -> {
        EvenBins even = EvenBins.of(HistogramSpec.even(bins, 0, 1), DType.DOUBLE);
        for (double v : (double[]) input) {
          int b = even.binOf(v);
          if (b >= 0) {
            counts[b]++;
          }
        }
      }
    }
    return counts[0];
  }

  private static double parallelDot(Object a, Object b) {
    int n = java.lang.reflect.Array.getLength(a);
    return switch (DType.ofArray(a)) {
      case INT -> {
        int[] x = (int[]) a;
        int[] y = (int[]) b;
        yield IntStream.range(0, n).parallel().map(i -> x[i] * y[i]).sum();
      }
      case LONG -> {
        long[] x = (long[]) a;
        long[] y = (long[]) b;
        yield IntStream.range(0, n).parallel().mapToLong(i -> x[i] * y[i]).sum();
      }
      case FLOAT -> {
        float[] x = (float[]) a;
        float[] y = (float[]) b;
        yield IntStream.range(0, n).parallel().mapToDouble(i -> x[i] * y[i]).sum();
      }
      case DOUBLE -> {
        double[] x = (double[]) a;
        double[] y = (double[]) b;
        yield IntStream.range(0, n).parallel().mapToDouble(i -> x[i] * y[i]).sum();
      }
    };
  }

  private static double serialDot(Object a, Object b) {
    switch (DType.ofArray(a)) {
      case INT -> {
        int[] x = (int[]) a;
        int[] y = (int[]) b;
        int s = 0;
        for (int i = 0; i < x.length; i++) {
          s += x[i] * y[i];
        }
        return s;
      }
      case LONG -> {
        long[] x = (long[]) a;
        long[] y = (long[]) b;
        long s = 0;
        for (int i = 0; i < x.length; i++) {
          s += x[i] * y[i];
        }
        return s;
      }
      case FLOAT -> {
        float[] x = (float[]) a;
        float[] y = (float[]) b;
        float s = 0;
        for (int i = 0; i < x.length; i++) {
          s += x[i] * y[i];
        }
        return s;
      }
      default -> {
        double[] x = (double[]) a;
        double[] y = (double[]) b;
        double s = 0;
        for (int i = 0; i < x.length; i++) {
          s += x[i] * y[i];
        }
        return s;
      }
    }
  }
}
