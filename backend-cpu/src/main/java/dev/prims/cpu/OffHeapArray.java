package dev.prims.cpu;

import dev.prims.DType;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A long array of one {@link DType} in off-heap memory: direct {@link ByteBuffer}s of {@code chunk}
 * elements each (the last one shorter), in native byte order, addressed with 64-bit indices. Reads
 * and writes copy whole ranges to and from Java arrays with the buffers' absolute bulk methods, so
 * they are thread-safe for disjoint ranges and never move a position.
 *
 * <p>Every access pins the memory: {@link #release()} frees it at once when nothing is reading or
 * writing, otherwise when the last access ends, so a buffer closed while another thread uses it
 * never frees memory under that thread. An access that starts after release throws {@link
 * IllegalStateException}.
 */
final class OffHeapArray {
  private static final long RELEASED = Long.MIN_VALUE;

  private final DType type;
  private final long length;
  private final int chunk;
  private final ByteBuffer[] chunks;
  private final Buffer[] views;
  private final String description;

  /** Number of accesses in progress; the sign bit is set once released. */
  private final AtomicLong users = new AtomicLong();

  private OffHeapArray(DType type, long length, int chunk, ByteBuffer[] chunks, String what) {
    this.type = type;
    this.length = length;
    this.chunk = chunk;
    this.chunks = chunks;
    this.description = what;
    this.views = new Buffer[chunks.length];
    for (int c = 0; c < chunks.length; c++) {
      views[c] = NioViews.of(type, chunks[c]);
    }
  }

  /**
   * Zeroed off-heap memory for {@code length} elements of {@code type} in chunks of {@code chunk}
   * elements.
   *
   * @throws IllegalArgumentException if the sizes do not fit (a chunk over 2^31 - 1 bytes, or more
   *     than 2^31 - 1 chunks)
   * @throws dev.prims.PrimsException when the memory is not there (nothing stays allocated)
   */
  static OffHeapArray allocate(DType type, long length, int chunk) {
    return allocate(type, length, chunk, null);
  }

  /**
   * As {@link #allocate(DType, long, int)}, the chunks allocated (and so zeroed and first touched)
   * in parallel on {@code parallel} when it is not null.
   */
  static OffHeapArray allocate(DType type, long length, int chunk, CpuParallel parallel) {
    String what = length + " " + type.id();
    if (length < 0 || chunk < 1 || (long) chunk * type.bytes() > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "cannot hold " + what + " off-heap in chunks of " + chunk + " elements");
    }
    long count = (length + chunk - 1) / chunk;
    if (count > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          what
              + " needs "
              + count
              + " off-heap chunks of "
              + chunk
              + " elements; at most 2^31 - 1");
    }
    ByteBuffer[] chunks = new ByteBuffer[(int) count];
    long total = length * type.bytes();
    CpuParallel.ChunkBody allocateChunk =
        c -> {
          long elements = Math.min(chunk, length - (long) c * chunk);
          chunks[c] = DirectMemory.allocate((int) elements * type.bytes(), what, total);
        };
    try {
      if (parallel != null) {
        parallel.forEachChunk(chunks.length, allocateChunk);
      } else {
        for (int c = 0; c < chunks.length; c++) {
          allocateChunk.run(c);
        }
      }
    } catch (RuntimeException | Error e) {
      for (ByteBuffer b : chunks) {
        if (b != null) {
          DirectMemory.free(b);
        }
      }
      throw e;
    }
    return new OffHeapArray(type, length, chunk, chunks, what);
  }

  DType type() {
    return type;
  }

  long length() {
    return length;
  }

  /** Elements per chunk (the last chunk may be shorter). */
  int chunk() {
    return chunk;
  }

  /** Copies {@code count} elements from {@code from} into {@code dst[offset, offset + count)}. */
  void read(long from, Object dst, int offset, int count) {
    copy(from, dst, offset, count, false);
  }

  /** Copies {@code src[offset, offset + count)} to elements {@code [to, to + count)}. */
  void write(long to, Object src, int offset, int count) {
    copy(to, src, offset, count, true);
  }

  /**
   * Copies between elements {@code [at, at + count)} and {@code array[offset, offset + count)},
   * chunk by chunk: into the elements when {@code toMemory}, out of them otherwise.
   */
  private void copy(long at, Object array, int offset, int count, boolean toMemory) {
    checkRange(at, count);
    pin();
    try {
      while (count > 0) {
        int c = (int) (at / chunk);
        int in = (int) (at - (long) c * chunk);
        int k = Math.min(count, views[c].limit() - in);
        if (toMemory) {
          NioViews.put(type, views[c], in, array, offset, k);
        } else {
          NioViews.get(type, views[c], in, array, offset, k);
        }
        at += k;
        offset += k;
        count -= k;
      }
    } finally {
      unpin();
    }
  }

  /**
   * Copies the remaining bytes of {@code src} (native order, a whole number of elements) to the
   * elements from {@code to} on; the position of {@code src} is unchanged.
   */
  void write(long to, ByteBuffer src) {
    int bytes = src.remaining();
    int size = type.bytes();
    if (bytes % size != 0) {
      throw new IllegalArgumentException(
          bytes + " bytes are not a whole number of " + type.id() + " (" + size + " bytes each)");
    }
    int count = bytes / size;
    checkRange(to, count);
    pin();
    try {
      int offset = src.position();
      while (count > 0) {
        int c = (int) (to / chunk);
        int at = (int) (to - (long) c * chunk);
        int k = Math.min(count, views[c].limit() - at);
        chunks[c].put(at * size, src, offset, k * size);
        to += k;
        offset += k * size;
        count -= k;
      }
    } finally {
      unpin();
    }
  }

  private void checkRange(long from, int count) {
    if (from < 0 || count < 0 || from > length - count) {
      throw new IndexOutOfBoundsException(
          "range ["
              + from
              + ", "
              + (from + count)
              + ") is outside the off-heap array of "
              + description);
    }
  }

  private void pin() {
    for (; ; ) {
      long now = users.get();
      if (now < 0) {
        throw new IllegalStateException("off-heap cpu buffer of " + description + " is closed");
      }
      if (users.compareAndSet(now, now + 1)) {
        return;
      }
    }
  }

  private void unpin() {
    if (users.decrementAndGet() == RELEASED) {
      free();
    }
  }

  /**
   * Frees the memory now, or when the accesses in progress end. Idempotent; later accesses throw
   * {@link IllegalStateException}.
   */
  void release() {
    for (; ; ) {
      long now = users.get();
      if (now < 0) {
        return;
      }
      if (users.compareAndSet(now, now | RELEASED)) {
        if (now == 0) {
          free();
        }
        return;
      }
    }
  }

  /** Whether {@link #release()} has been called. */
  boolean isReleased() {
    return users.get() < 0;
  }

  private void free() {
    for (int c = 0; c < chunks.length; c++) {
      views[c] = null;
      DirectMemory.free(chunks[c]);
      chunks[c] = null;
    }
  }
}
