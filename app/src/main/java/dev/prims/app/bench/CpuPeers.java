package dev.prims.app.bench;

import dev.prims.DType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
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
   * @param setup runs untimed before each timed run (null for none): gives an in-place peer its
   *     input back
   * @param referenceFor the prims modes ({@link PrimsWorkload#HOST} and its siblings) whose rows
   *     compare with this peer rather than with the first
   */
  public record Peer(String name, Runnable setup, Runnable run, Set<String> referenceFor) {
    /** A peer that host-mode rows compare with when {@code hostReference}. */
    public Peer(String name, Runnable run, boolean hostReference) {
      this(name, null, run, hostReference ? Set.of(PrimsWorkload.HOST) : Set.of());
    }

    /** A peer that the rows of {@code mode} compare with. */
    public static Peer referenceOf(String mode, String name, Runnable run) {
      return new Peer(name, null, run, Set.of(mode));
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
        peers.add(peer("serial loop", () -> PeerLoops.serialSum(values)));
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
        Object scratch = PeerLoops.copy(source);
        String suffix = widened ? " (as doubles)" : "";
        peers.add(
            peer(
                "Arrays.parallelPrefix in place" + suffix,
                () -> PeerLoops.parallelPrefix(scratch)));
        peers.add(
            new Peer(
                "clone() + Arrays.parallelPrefix" + suffix,
                () -> sink = PeerLoops.parallelPrefix(PeerLoops.copy(source)),
                true));
        Object target = PeerLoops.copy(source);
        peers.add(
            Peer.referenceOf(
                PrimsWorkload.HOST_INTO,
                "System.arraycopy() + Arrays.parallelPrefix" + suffix,
                () -> sink = PeerLoops.parallelPrefix(PeerLoops.copyInto(source, target))));
        Object output = PeerLoops.copy(values);
        peers.add(peer("serial loop", () -> PeerLoops.serialPrefix(values, output)));
      }
      case HISTOGRAM -> {
        Object input = data.histogramInput();
        long[] counts = new long[Operation.BINS];
        peers.add(peer("serial loop", () -> PeerLoops.serialHistogram(input, counts)));
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
        peers.add(
            peer("IntStream.range().parallel()", () -> PeerLoops.parallelDot(values, second)));
        peers.add(peer("serial loop", () -> PeerLoops.serialDot(values, second)));
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
}
