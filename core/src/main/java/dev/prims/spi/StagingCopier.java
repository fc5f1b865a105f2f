package dev.prims.spi;

import dev.prims.DType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The copier threads of a staged host-array path: copies between Java arrays and pinned staging
 * slots (direct {@link ByteBuffer}s over page-locked memory) run on them, each large copy split
 * over all of them (one thread copies at roughly the pageable rate, so a staged transfer needs
 * several to outrun the driver's pageable path), while the thread that drives the pipeline enqueues
 * device work. Several copies may be in flight at once (a scan fills one slot while it drains
 * another). Threads are started on first use and end after a while idle, or at {@link #close}.
 */
public final class StagingCopier implements AutoCloseable {
  /** Copies of at least this many bytes are split over all the threads. */
  public static final int PARALLEL_MIN_BYTES = 1 << 20;

  private static final AtomicInteger POOLS = new AtomicInteger();

  private final int threads;
  private final ThreadPoolExecutor pool;

  /** Copier threads named after {@code owner}: {@code threads} of them at most. */
  public StagingCopier(String owner, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("copier threads must be at least 1, got " + threads);
    }
    this.threads = threads;
    String prefix = "prims-" + owner + "-staging-" + POOLS.incrementAndGet() + "-";
    AtomicInteger count = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            threads,
            threads,
            30,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            r -> {
              Thread t = new Thread(r, prefix + count.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    pool.allowCoreThreadTimeOut(true);
  }

  /** The copier threads. */
  public int threads() {
    return threads;
  }

  /**
   * Starts copying {@code array[from, from + length)} into {@code slot} at byte {@code offset}
   * ({@code toSlot}), or the slot's bytes from {@code offset} back into that range of the array;
   * the future completes when every part has been copied, or with the first part's failure. A copy
   * under {@link #PARALLEL_MIN_BYTES} runs on the calling thread before this returns. {@code array}
   * is a Java array of {@code type}, or a {@link ByteBuffer} (native byte order) read as elements
   * of {@code type} from its position 0, such as a caller's direct buffer on its way to a device.
   */
  public CompletableFuture<Void> copy(
      ByteBuffer slot, int offset, Object array, int from, int length, DType type, boolean toSlot) {
    long bytes = (long) length * type.bytes();
    if (bytes < PARALLEL_MIN_BYTES) {
      // small: a hand-off to another thread would cost more than the copy
      try {
        copyPart(slot, offset, array, from, length, type, toSlot);
        return CompletableFuture.completedFuture(null);
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    int parts = threads;
    int step = (int) ((length + (long) parts - 1) / parts);
    CompletableFuture<?>[] done = new CompletableFuture<?>[parts];
    for (int p = 0; p < parts; p++) {
      int start = p * step;
      int count = Math.max(0, Math.min(step, length - start));
      done[p] =
          CompletableFuture.runAsync(
              () ->
                  copyPart(
                      slot,
                      offset + start * type.bytes(),
                      array,
                      from + start,
                      count,
                      type,
                      toSlot),
              pool);
    }
    return CompletableFuture.allOf(done);
  }

  /**
   * One thread's part of a copy: {@code count} elements between {@code array} from {@code from} and
   * {@code slot} from byte {@code offset}; nothing when {@code count <= 0}.
   */
  private static void copyPart(
      ByteBuffer slot, int offset, Object array, int from, int count, DType type, boolean toSlot) {
    if (count <= 0) {
      return;
    }
    ByteBuffer view = slot.duplicate().order(ByteOrder.nativeOrder());
    view.position(offset);
    if (array instanceof ByteBuffer data) {
      ByteBuffer part = data.duplicate();
      int start = from * type.bytes();
      part.limit(start + count * type.bytes()).position(start);
      if (toSlot) {
        view.put(part);
      } else {
        part.put(view.limit(offset + count * type.bytes()));
      }
    } else if (toSlot) {
      ElementBytes.put(view, array, from, count);
    } else {
      ElementBytes.get(view, array, from, count);
    }
  }

  /** Stops the threads once the copies already started have finished. */
  @Override
  public void close() {
    pool.shutdown();
  }
}
