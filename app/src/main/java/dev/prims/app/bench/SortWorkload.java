package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.SortOrder;
import dev.prims.conformance.Calls;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The sort benchmark, on {@link DataSet#sortKeys}. Host modes: prims' sort into a new array ({@code
 * host}, beside {@code clone()} + {@link Arrays#parallelSort}, the JDK call a user would pick; both
 * copy the input so that every run sorts the same unsorted keys), into the caller's array ({@code
 * host-into}, beside {@link System#arraycopy} + {@code Arrays.parallelSort}) and in place ({@code
 * host-inplace}, beside {@code Arrays.parallelSort} in place; both get the unsorted keys back
 * before each run, untimed). Device mode: keys (and, for pairs, int values {@code 0..n-1}) sorted
 * from one buffer into another, as CUB's {@code DeviceRadixSort::SortKeys}/{@code SortPairs} are
 * measured, so every run sorts the same unsorted input.
 */
final class SortWorkload {
  /** Keeps results alive so the JIT cannot drop the work. */
  private static volatile Object sink;

  private SortWorkload() {}

  /** The run on Java arrays in {@code mode} (host, host-into or host-inplace), ascending. */
  static Stopwatch.Run hostRun(Prims view, DataSet data, String mode) {
    Object keys = data.sortKeys();
    SortOrder up = SortOrder.ASCENDING;
    return switch (mode) {
      case PrimsWorkload.HOST -> Stopwatch.timedAfter(null, () -> sink = sort(view, keys));
      case PrimsWorkload.HOST_INTO -> {
        Object output = PeerLoops.copy(keys);
        yield Stopwatch.timedAfter(null, () -> Calls.sort(view, keys, output, up));
      }
      case PrimsWorkload.HOST_IN_PLACE -> {
        Object work = PeerLoops.copy(keys);
        yield Stopwatch.timedAfter(
            () -> PeerLoops.copyInto(keys, work), () -> Calls.sortInPlace(view, work, up));
      }
      default -> throw new IllegalArgumentException("not a host mode: " + mode);
    };
  }

  /** The call on buffers: the uploaded input sorted into buffers allocated once. */
  static Runnable deviceCall(
      Prims view, Operation operation, DataSet data, java.util.List<DeviceBuffer> buffers) {
    SortOrder up = SortOrder.ASCENDING;
    DeviceBuffer keys = PrimsWorkload.keep(buffers, view.upload(data.sortKeys()));
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
    return sort(view, small.sortKeys());
  }

  /**
   * Longest input the serial {@code Arrays.sort} peer runs on: beyond it one call takes tens of
   * seconds (about 20 s for 2^28 ints on a 16-core Xeon), and the parallel sort is the peer a user
   * would pick anyway.
   */
  static final int SERIAL_PEER_MAX = 1 << 24;

  /**
   * {@code clone()} + {@code Arrays.parallelSort} (the reference of device and host rows), {@code
   * System.arraycopy} + {@code Arrays.parallelSort} (of rows sorting into the caller's array),
   * {@code Arrays.parallelSort} in place (of rows sorting in place; the keys copied back before
   * each run, untimed), then {@code clone()} + {@code Arrays.sort} up to {@link #SERIAL_PEER_MAX}
   * elements.
   */
  static List<CpuPeers.Peer> peers(DataSet data) {
    Object keys = data.sortKeys();
    List<CpuPeers.Peer> peers = new ArrayList<>();
    peers.add(
        new CpuPeers.Peer(
            "clone() + Arrays.parallelSort", () -> sink = PeerLoops.sortedCopy(keys, true), false));
    Object target = PeerLoops.copy(keys);
    peers.add(
        CpuPeers.Peer.referenceOf(
            PrimsWorkload.HOST_INTO,
            "System.arraycopy() + Arrays.parallelSort",
            () -> PeerLoops.parallelSort(PeerLoops.copyInto(keys, target))));
    Object work = PeerLoops.copy(keys);
    peers.add(
        new CpuPeers.Peer(
            "Arrays.parallelSort in place",
            () -> PeerLoops.copyInto(keys, work),
            () -> PeerLoops.parallelSort(work),
            Set.of(PrimsWorkload.HOST_IN_PLACE)));
    if (data.n() <= SERIAL_PEER_MAX) {
      peers.add(
          new CpuPeers.Peer(
              "clone() + Arrays.sort", () -> sink = PeerLoops.sortedCopy(keys, false), false));
    }
    return peers;
  }

  private static Provenance sort(Prims view, Object values) {
    return Calls.sort(view, values, SortOrder.ASCENDING).provenance();
  }
}
