package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Predicate;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.TopKOrder;
import dev.prims.conformance.Calls;
import java.util.Collections;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The select and top-k benchmarks. Select keeps the upper half of {@link DataSet}'s values ({@code
 * x >= 0.5} for floating values in [0, 1), {@code x >= 500} for integers in [0, 1000)), as the CUB
 * reference program's {@code --primitive select} does with {@code DeviceSelect::If}; host mode
 * beside a parallel stream filter and a serial loop, device mode from one buffer into another.
 * Top-k takes the {@link #K} smallest with their indices; host mode beside {@code clone()} + {@code
 * Arrays.parallelSort} then the first k, and a bounded {@link PriorityQueue}; device mode beside
 * CUB's full {@code DeviceRadixSort::SortKeys} (what a CUDA user without a top-k runs).
 */
final class SelectWorkload {
  /** The k of the top-k rows. */
  static final int K = 100;

  /** Keeps results alive so the JIT cannot drop the work. */
  private static volatile Object sink;

  private SelectWorkload() {}

  /** The predicate of the select rows on values of {@code type}. */
  static Predicate upperHalf(DType type) {
    return type.isFloating() ? Predicate.atLeast(0.5) : Predicate.atLeast(500);
  }

  /** The call on Java arrays. */
  static Runnable hostCall(Prims view, Operation operation, DataSet data) {
    Object values = data.values();
    return () -> sink = call(view, operation, values);
  }

  /** The call on buffers: the uploaded input into buffers allocated once. */
  static Runnable deviceCall(
      Prims view, Operation operation, DataSet data, List<DeviceBuffer> buffers) {
    DeviceBuffer in = PrimsWorkload.keep(buffers, view.upload(data.values()));
    if (operation == Operation.SELECT) {
      DeviceBuffer out = PrimsWorkload.keep(buffers, view.allocate(data.type(), data.n()));
      Predicate p = upperHalf(data.type());
      return () -> view.select(in, p, out);
    }
    int k = (int) Math.min(K, data.n());
    DeviceBuffer values = PrimsWorkload.keep(buffers, view.allocate(data.type(), k));
    DeviceBuffer indices = PrimsWorkload.keep(buffers, view.allocate(DType.INT, k));
    return () -> view.topK(in, k, TopKOrder.SMALLEST, values, indices);
  }

  /** Where the call really runs on {@code view}, from one call on {@code small}. */
  static Provenance probe(Prims view, Operation operation, DataSet small) {
    Object r = call(view, operation, small.values());
    return r instanceof dev.prims.SelectResult<?> s
        ? s.provenance()
        : ((dev.prims.TopKResult<?>) r).provenance();
  }

  private static Object call(Prims view, Operation operation, Object values) {
    if (operation == Operation.SELECT) {
      return Calls.select(view, values, upperHalf(DType.ofArray(values)), false);
    }
    int k = Math.min(K, java.lang.reflect.Array.getLength(values));
    return Calls.topK(view, values, k, TopKOrder.SMALLEST);
  }

  /** The JDK peers of {@code operation}. */
  static List<CpuPeers.Peer> peers(Operation operation, DataSet data) {
    Object values = data.values();
    if (operation == Operation.SELECT) {
      return List.of(
          new CpuPeers.Peer(
              "parallel stream filter", () -> sink = PeerLoops.parallelUpperHalf(values), false),
          new CpuPeers.Peer("serial loop", () -> sink = PeerLoops.serialUpperHalf(values), false));
    }
    int k = (int) Math.min(K, data.n());
    return List.of(
        new CpuPeers.Peer(
            "clone() + Arrays.parallelSort, first k",
            () -> sink = PeerLoops.sortedPrefix(values, k),
            false),
        new CpuPeers.Peer(
            "bounded PriorityQueue", () -> sink = boundedQueue(data.valuesAsDoubles(), k), false));
  }

  /**
   * The k smallest through a max-heap of k boxed values, as a Java user writes it (over the values
   * widened to double once, outside the timing).
   */
  private static Object boundedQueue(double[] values, int k) {
    PriorityQueue<Double> heap = new PriorityQueue<>(k, Collections.reverseOrder());
    for (double x : values) {
      if (heap.size() < k) {
        heap.add(x);
      } else if (x < heap.peek()) {
        heap.poll();
        heap.add(x);
      }
    }
    return heap;
  }
}
