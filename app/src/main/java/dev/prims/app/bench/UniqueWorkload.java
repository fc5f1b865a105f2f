package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.RunLengthResult;
import dev.prims.SelectResult;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;

/**
 * The unique and run-length encode benchmarks, on int or long keys in runs of mean length 4 ({@link
 * DataSet#runKeys}), so about a quarter of the keys are kept. Host mode: prims' {@code unique} or
 * {@code runLengthEncode} of a Java array, beside a parallel stream over the indices keeping the
 * run starts ({@code IntStream.range(0, n).parallel().filter(i -> i == 0 || a[i] != a[i - 1])}) and
 * a serial loop. Device mode: one buffer into another (rle: and a long buffer of lengths), beside
 * CUB's {@code DeviceSelect::Unique} and {@code DeviceRunLengthEncode::Encode} of the same keys.
 * Each call path runs once before it is timed and its run count is checked against {@link
 * DataSet#runCount}: a wrong answer is reported as a failure, not timed.
 */
final class UniqueWorkload {
  /** Keeps results alive so the JIT cannot drop the work. */
  private static volatile Object sink;

  private UniqueWorkload() {}

  /** The call on Java arrays, checked once. */
  static Runnable hostCall(Prims view, Operation operation, DataSet data) {
    Object keys = data.runKeys();
    requireRuns(operation, data, runs(call(view, operation, keys)));
    return () -> sink = call(view, operation, keys);
  }

  /** The call on buffers: the uploaded keys into buffers allocated once, checked once. */
  static Runnable deviceCall(
      Prims view, Operation operation, DataSet data, List<DeviceBuffer> buffers) {
    DeviceBuffer in = PrimsWorkload.keep(buffers, view.upload(data.runKeys()));
    DeviceBuffer out = PrimsWorkload.keep(buffers, view.allocate(data.type(), data.n()));
    LongSupplier call;
    if (operation == Operation.UNIQUE) {
      call = () -> view.unique(in, out).kept();
    } else {
      DeviceBuffer lengths = PrimsWorkload.keep(buffers, view.allocate(DType.LONG, data.n()));
      call = () -> view.runLengthEncode(in, out, lengths).asLong();
    }
    requireRuns(operation, data, call.getAsLong());
    return call::getAsLong;
  }

  /** Where the call really runs on {@code view}, from one call on {@code small}. */
  static Provenance probe(Prims view, Operation operation, DataSet small) {
    Object r = call(view, operation, small.runKeys());
    return r instanceof SelectResult<?> s ? s.provenance() : ((RunLengthResult<?>) r).provenance();
  }

  private static Object call(Prims view, Operation operation, Object keys) {
    if (operation == Operation.UNIQUE) {
      return keys instanceof int[] a ? view.unique(a) : view.unique((long[]) keys);
    }
    return keys instanceof int[] a ? view.runLengthEncode(a) : view.runLengthEncode((long[]) keys);
  }

  private static long runs(Object result) {
    return result instanceof SelectResult<?> s ? s.kept() : ((RunLengthResult<?>) result).runs();
  }

  /**
   * @throws IllegalStateException when {@code runs} is not the run count of the data's keys
   */
  static void requireRuns(Operation operation, DataSet data, long runs) {
    long expected = DataSet.runCount(data.n());
    if (runs != expected) {
      throw new IllegalStateException(
          operation.family()
              + " of "
              + data.n()
              + " "
              + data.type().id()
              + " keys gave "
              + runs
              + " runs where the keys have "
              + expected);
    }
  }

  /**
   * A JDK unique or run-length encoding: the run values and, for rle, the run lengths (else null).
   */
  record Runs(Object values, long[] lengths) {
    int count() {
      return Array.getLength(values);
    }
  }

  /**
   * The JDK peers: a parallel stream over the indices keeping the run starts (compared with), then
   * a serial loop.
   */
  static List<CpuPeers.Peer> peers(Operation operation, DataSet data) {
    Object keys = data.runKeys();
    boolean encode = operation == Operation.RLE;
    return List.of(
        new CpuPeers.Peer(
            encode ? "parallel stream of run starts" : "parallel stream filter",
            () -> sink = parallel(keys, encode),
            false),
        new CpuPeers.Peer("serial loop", () -> sink = serial(keys, encode), false));
  }

  /**
   * As a Java user writes it with streams: {@code IntStream.range(0, n).parallel().filter(i -> i ==
   * 0 || a[i] != a[i - 1])}, mapped to the values (unique), or kept as the run starts whose values
   * and differences are taken in parallel too (rle).
   */
  static Runs parallel(Object keys, boolean encode) {
    int n = Array.getLength(keys);
    IntPredicate starts;
    if (keys instanceof int[] a) {
      starts = i -> i == 0 || a[i] != a[i - 1];
      if (!encode) {
        return new Runs(
            IntStream.range(0, n).parallel().filter(starts).map(i -> a[i]).toArray(), null);
      }
    } else {
      long[] a = (long[]) keys;
      starts = i -> i == 0 || a[i] != a[i - 1];
      if (!encode) {
        return new Runs(
            IntStream.range(0, n).parallel().filter(starts).mapToLong(i -> a[i]).toArray(), null);
      }
    }
    int[] at = IntStream.range(0, n).parallel().filter(starts).toArray();
    Object values =
        keys instanceof int[] a
            ? Arrays.stream(at).parallel().map(i -> a[i]).toArray()
            : Arrays.stream(at).parallel().mapToLong(i -> ((long[]) keys)[i]).toArray();
    long[] lengths =
        IntStream.range(0, at.length)
            .parallel()
            .mapToLong(r -> (r + 1 < at.length ? at[r + 1] : n) - at[r])
            .toArray();
    return new Runs(values, lengths);
  }

  /** As a Java user writes it with a loop: values (and lengths) into full-size arrays, trimmed. */
  static Runs serial(Object keys, boolean encode) {
    long[] lengths = encode ? new long[Array.getLength(keys)] : null;
    Object values = PeerLoops.serialRuns(keys, lengths);
    int m = Array.getLength(values);
    return new Runs(values, encode ? Arrays.copyOf(lengths, m) : null);
  }
}
