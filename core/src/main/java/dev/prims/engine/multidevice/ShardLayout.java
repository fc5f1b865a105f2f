package dev.prims.engine.multidevice;

/**
 * How a buffer of {@code length} elements splits over {@code devices} devices: even shares rounded
 * up to a multiple of the alignment (by default {@link #ALIGN} elements, so every shard but the
 * last is a whole number of the kernels' tiles), shards in device order, no empty shard except for
 * an empty buffer (one empty shard on the first device).
 */
public final class ShardLayout {
  /** The default alignment of shards, in elements (a multiple of every backend's tile). */
  public static final long ALIGN = 1 << 16;

  /** Configuration key of the alignment (elements, a power of two); small values are for tests. */
  public static final String ALIGN_KEY = "prims.device.shard.align";

  private final long[] starts;
  private final long length;

  private ShardLayout(long[] starts, long length) {
    this.starts = starts;
    this.length = length;
  }

  /**
   * The layout of {@code length} elements over {@code devices} devices, shards of {@code align}.
   */
  public static ShardLayout of(long length, int devices, long align) {
    if (devices < 1) {
      throw new IllegalArgumentException("a layout needs at least one device, got " + devices);
    }
    long share = (length + devices - 1) / devices;
    share = Math.max(align, (share + align - 1) / align * align);
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

  /**
   * Reads {@link #ALIGN_KEY}.
   *
   * @throws IllegalArgumentException unless it is a power of two from 1 to 2^30
   */
  public static long align(String value) {
    if (value == null || value.isBlank()) {
      return ALIGN;
    }
    long align;
    try {
      align = Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      align = -1;
    }
    if (align < 1 || align > (1 << 30) || Long.bitCount(align) != 1) {
      throw new IllegalArgumentException(
          ALIGN_KEY + " must be a power of two from 1 to 2^30, got '" + value.trim() + "'");
    }
    return align;
  }
}
