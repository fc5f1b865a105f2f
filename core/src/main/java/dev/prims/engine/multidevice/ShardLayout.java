package dev.prims.engine.multidevice;

/**
 * How a buffer of {@code length} elements splits over {@code devices} devices: even shares rounded
 * up to {@link #ALIGN} elements (so every shard but the last is a whole number of the kernels'
 * tiles), shards in device order, no empty shard except for an empty buffer (one empty shard on the
 * first device).
 */
public final class ShardLayout {
  /** Shard sizes are multiples of this many elements (a multiple of every backend's tile). */
  public static final long ALIGN = 1 << 16;

  private final long[] starts;
  private final long length;

  private ShardLayout(long[] starts, long length) {
    this.starts = starts;
    this.length = length;
  }

  /** The layout of {@code length} elements over {@code devices} devices. */
  public static ShardLayout of(long length, int devices) {
    if (devices < 1) {
      throw new IllegalArgumentException("a layout needs at least one device, got " + devices);
    }
    long share = (length + devices - 1) / devices;
    share = Math.max(ALIGN, (share + ALIGN - 1) / ALIGN * ALIGN);
    int shards = (int) Math.max(1, Math.min(devices, (length + share - 1) / share));
    long[] starts = new long[shards];
    for (int i = 0; i < shards; i++) {
      starts[i] = i * share;
    }
    return new ShardLayout(starts, length);
  }

  /** Number of shards (at most the number of devices). */
  public int shards() {
    return starts.length;
  }

  /** First element of shard {@code i}. */
  public long start(int i) {
    return starts[i];
  }

  /** Elements in shard {@code i}. */
  public long length(int i) {
    return (i + 1 < starts.length ? starts[i + 1] : length) - starts[i];
  }

  /** Elements in all shards. */
  public long length() {
    return length;
  }
}
