package dev.prims.cpu;

import dev.prims.DType;

/**
 * Per-thread heap windows that off-heap buffers are copied into, a window at a time, so that the
 * array loops run on them unchanged. Two slots per type (dot reads two inputs). A window grows to
 * the largest request and is kept: at most {@link CpuPolicy#REDUCE_CHUNK} elements per slot, 3 MiB
 * per thread for every type and slot together.
 */
final class CpuScratch {
  private static final ThreadLocal<CpuScratch> LOCAL = ThreadLocal.withInitial(CpuScratch::new);

  private final Object[][] slots = new Object[2][DType.values().length];

  private CpuScratch() {}

  /** This thread's first window of {@code type}, at least {@code length} elements long. */
  static Object first(DType type, int length) {
    return LOCAL.get().window(0, type, length);
  }

  /** This thread's second window of {@code type}, at least {@code length} elements long. */
  static Object second(DType type, int length) {
    return LOCAL.get().window(1, type, length);
  }

  private Object window(int slot, DType type, int length) {
    Object window = slots[slot][type.ordinal()];
    if (window == null || java.lang.reflect.Array.getLength(window) < length) {
      window = type.newArray(Math.max(length, 1024));
      slots[slot][type.ordinal()] = window;
    }
    return window;
  }
}
