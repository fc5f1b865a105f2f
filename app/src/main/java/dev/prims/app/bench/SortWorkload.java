package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.SortOrder;
import dev.prims.conformance.Calls;
import java.util.Arrays;
import java.util.List;

/**
 * The sort benchmark. Host mode: prims' sort into a new array on Java arrays, beside {@code
 * clone()} + {@link Arrays#parallelSort}, the JDK call a user would pick; both copy the input so
 * that every run sorts the same unsorted keys. Device mode: keys (and, for pairs, int values {@code
 * 0..n-1}) sorted from one buffer into another, as CUB's {@code DeviceRadixSort::SortKeys}/{@code
 * SortPairs} are measured, so every run sorts the same unsorted input.
 */
final class SortWorkload {
  /** Keeps results alive so the JIT cannot drop the work. */
  private static volatile Object sink;

  private SortWorkload() {}

  /** The call on Java arrays: a sorted copy, ascending. */
  static Runnable hostCall(Prims view, DataSet data) {
    Object values = data.values();
    return () -> sink = sort(view, values);
  }

  /** The call on buffers: the uploaded input sorted into buffers allocated once. */
  static Runnable deviceCall(
      Prims view, Operation operation, DataSet data, java.util.List<DeviceBuffer> buffers) {
    SortOrder up = SortOrder.ASCENDING;
    DeviceBuffer keys = PrimsWorkload.keep(buffers, view.upload(data.values()));
    DeviceBuffer keysOut = PrimsWorkload.keep(buffers, view.allocate(data.type(), data.n()));
    if (operation != Operation.SORT_PAIRS) {
      return () -> view.sort(keys, keysOut, up);
    }
    int[] index = new int[data.arrayLength()];
    Arrays.setAll(index, i -> i);
    DeviceBuffer values = PrimsWorkload.keep(buffers, view.upload(index));
    DeviceBuffer valuesOut = PrimsWorkload.keep(buffers, view.allocate(DType.INT, data.n()));
    return () -> view.sortPairs(keys, values, keysOut, valuesOut, up);
  }

  /** Where the sort really runs on {@code view}, from one call on {@code small}. */
  static Provenance probe(Prims view, DataSet small) {
    return sort(view, small.values());
  }

  /**
   * Longest input the serial {@code Arrays.sort} peer runs on: beyond it one call takes tens of
   * seconds (about 20 s for 2^28 ints on a 16-core Xeon), and the parallel sort is the peer a user
   * would pick anyway.
   */
  static final int SERIAL_PEER_MAX = 1 << 24;

  /**
   * {@code clone()} + {@code Arrays.parallelSort}, then {@code clone()} + {@code Arrays.sort} up to
   * {@link #SERIAL_PEER_MAX} elements.
   */
  static List<CpuPeers.Peer> peers(DataSet data) {
    Object values = data.values();
    CpuPeers.Peer parallel =
        new CpuPeers.Peer(
            "clone() + Arrays.parallelSort",
            () -> sink = PeerLoops.sortedCopy(values, true),
            false);
    return data.n() > SERIAL_PEER_MAX
        ? List.of(parallel)
        : List.of(
            parallel,
            new CpuPeers.Peer(
                "clone() + Arrays.sort", () -> sink = PeerLoops.sortedCopy(values, false), false));
  }

  private static Provenance sort(Prims view, Object values) {
    return Calls.sort(view, values, SortOrder.ASCENDING).provenance();
  }
}
