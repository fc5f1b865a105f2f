package dev.prims.app.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

/**
 * The host's copy bandwidth for a given array size: a parallel {@link System#arraycopy} in chunks
 * over the common ForkJoin pool, counting bytes read plus bytes written, measured once per size.
 */
public final class HostCopyBandwidth {
  private final Stopwatch stopwatch;
  private final Map<Long, Double> gbpsByBytes = new HashMap<>();

  public HostCopyBandwidth(TimingBudget budget) {
    this.stopwatch = new Stopwatch(budget);
  }

  /** GB/s (read + write) copying an array of {@code bytes} bytes. */
  public synchronized double gbps(long bytes) {
    return gbpsByBytes.computeIfAbsent(bytes, this::measure);
  }

  private double measure(long bytes) {
    int words = (int) Math.max(1, bytes / Long.BYTES);
    long[] source = new long[words];
    long[] target = new long[words];
    java.util.Arrays.fill(source, 1L);
    int chunks =
        Math.max(1, Math.min(words / 4096, 8 * Runtime.getRuntime().availableProcessors()));
    int chunk = (words + chunks - 1) / chunks;
    Timing t =
        stopwatch.time(
            () -> {
              IntStream.range(0, chunks)
                  .parallel()
                  .forEach(
                      c -> {
                        int from = c * chunk;
                        int length = Math.min(chunk, words - from);
                        if (length > 0) {
                          System.arraycopy(source, from, target, from, length);
                        }
                      });
              return OptionalDouble.empty();
            });
    return t.gbps(2.0 * words * Long.BYTES);
  }
}
