package dev.prims.spi;

import dev.prims.DType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.stream.IntStream;

/**
 * Copies a range of a Java array into pinned staging memory (a direct {@link ByteBuffer} over
 * page-locked memory) or back, split over several threads when the range is large: one thread
 * copies at roughly the pageable rate, so a staged transfer needs several to outrun the driver's
 * pageable path. Shared by the GPU backends' staged host-array paths.
 */
public final class StagingCopy {
  /** Ranges of at least this many bytes are copied by several threads at once. */
  public static final int PARALLEL_MIN_BYTES = 1 << 20;

  /** At most this many threads (and no more than the processors) copy one range. */
  public static final int THREADS = 16;

  private StagingCopy() {}

  /**
   * Copies {@code array[from, from + length)} into {@code slot} at byte {@code offset} ({@code
   * toSlot}), or the slot's bytes from {@code offset} back into that range of the array.
   */
  public static void copy(
      ByteBuffer slot, int offset, Object array, int from, int length, DType type, boolean toSlot) {
    long bytes = (long) length * type.bytes();
    int parts =
        bytes < PARALLEL_MIN_BYTES
            ? 1
            : Math.min(THREADS, Runtime.getRuntime().availableProcessors());
    int step = (int) ((length + (long) parts - 1) / parts);
    IntStream range = IntStream.range(0, parts);
    (parts > 1 ? range.parallel() : range)
        .forEach(
            p -> {
              int start = p * step;
              int count = Math.min(step, length - start);
              copyPart(slot, offset + start * type.bytes(), array, from + start, count, toSlot);
            });
  }

  /**
   * One thread's part of {@link #copy}: {@code count} elements between {@code array} from {@code
   * from} and {@code slot} from byte {@code offset}; nothing when {@code count <= 0}.
   */
  static void copyPart(
      ByteBuffer slot, int offset, Object array, int from, int count, boolean toSlot) {
    if (count <= 0) {
      return;
    }
    ByteBuffer view = slot.duplicate().order(ByteOrder.nativeOrder());
    view.position(offset);
    if (toSlot) {
      put(view, array, from, count);
    } else {
      get(view, array, from, count);
    }
  }

  private static void put(ByteBuffer view, Object array, int from, int count) {
    if (array instanceof float[]) {
      view.asFloatBuffer().put((float[]) array, from, count);
    } else if (array instanceof double[]) {
      view.asDoubleBuffer().put((double[]) array, from, count);
    } else if (array instanceof int[]) {
      view.asIntBuffer().put((int[]) array, from, count);
    } else {
      view.asLongBuffer().put((long[]) array, from, count);
    }
  }

  private static void get(ByteBuffer view, Object array, int from, int count) {
    if (array instanceof float[]) {
      view.asFloatBuffer().get((float[]) array, from, count);
    } else if (array instanceof double[]) {
      view.asDoubleBuffer().get((double[]) array, from, count);
    } else if (array instanceof int[]) {
      view.asIntBuffer().get((int[]) array, from, count);
    } else {
      view.asLongBuffer().get((long[]) array, from, count);
    }
  }
}
