package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.AbstractBuffer;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.MemoryLedger;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;

/**
 * A CPU "device" buffer, in one of two places. Up to the backend's off-heap threshold (by default
 * the longest Java array) it is a Java heap array, possibly shared with the caller, and the
 * primitives run on the array itself. Longer buffers live off the heap in an {@link OffHeapArray}
 * with 64-bit indices; the primitives copy them window by window into per-thread heap arrays (see
 * {@link CpuScratch}). A buffer made for a user is counted in its backend's {@link MemoryLedger}
 * until it is closed, or until a {@link BufferCleaner} finds it unreachable without being closed
 * (with a warning; off-heap memory is freed then); closing the backend closes it.
 */
final class CpuBuffer extends AbstractBuffer {
  static final String BACKEND = "cpu";

  private final Object array;
  private final OffHeapArray offHeap;

  /** A temporary buffer that is {@code array} itself, of no backend's ledger. */
  CpuBuffer(DType type, Object array) {
    this(null, type, array, false, false);
  }

  /**
   * A buffer of the backend keeping {@code ledger} that is {@code array} itself; counted there (and
   * warned about when left unclosed) when {@code counted}, else a view of a caller's array for one
   * call.
   */
  CpuBuffer(MemoryLedger ledger, DType type, Object array, boolean counted, boolean captureSite) {
    this(ledger, type, array, Array.getLength(array), counted, captureSite);
  }

  private CpuBuffer(
      MemoryLedger ledger,
      DType type,
      Object array,
      long length,
      boolean counted,
      boolean captureSite) {
    super(BACKEND, type, length, ledger, "cpu buffer", counted ? () -> {} : null, captureSite);
    this.array = array;
    this.offHeap = null;
  }

  /** A buffer owning {@code memory}; counted in {@code ledger} and registered with the cleaner. */
  CpuBuffer(MemoryLedger ledger, OffHeapArray memory, boolean captureSite) {
    super(
        BACKEND,
        memory.type(),
        memory.length(),
        ledger,
        "cpu off-heap buffer",
        memory::release,
        captureSite);
    this.array = null;
    this.offHeap = memory;
  }

  /**
   * {@code buffer} as a CPU buffer.
   *
   * @throws IllegalArgumentException if it is not a CPU buffer
   * @throws IllegalStateException if it is closed
   */
  static CpuBuffer of(DeviceBuffer buffer) {
    if (!(buffer instanceof CpuBuffer)) {
      throw new IllegalArgumentException(
          "not a cpu buffer: "
              + buffer.type().id()
              + "["
              + buffer.length()
              + "] on "
              + buffer.backend());
    }
    buffer.requireOpen();
    return (CpuBuffer) buffer;
  }

  /**
   * The array behind {@code buffer}.
   *
   * @throws IllegalArgumentException if it is not a CPU buffer
   * @throws IllegalStateException if it is closed
   * @throws UnsupportedOperationException if it lives off the heap (it has no array)
   */
  static Object arrayOf(DeviceBuffer buffer) {
    CpuBuffer cpu = of(buffer);
    if (cpu.array == null) {
      throw new UnsupportedOperationException(
          cpu + " lives off the heap and has no Java array; this operation needs one");
    }
    return cpu.array;
  }

  /**
   * Whether every one of {@code buffers} is a CPU buffer on the heap (checks that each is open).
   */
  static boolean allOnHeap(DeviceBuffer... buffers) {
    boolean heap = true;
    for (DeviceBuffer b : buffers) {
      heap &= of(b).array != null;
    }
    return heap;
  }

  /**
   * The elements of {@code buffer} in a Java array: its own for a heap buffer, else a heap copy.
   *
   * @throws UnsupportedOperationException if it is longer than a Java array
   */
  static Object heapArray(DeviceBuffer buffer) {
    CpuBuffer cpu = of(buffer);
    if (cpu.array != null) {
      return cpu.array;
    }
    if (cpu.length() > CpuPolicy.MAX_ELEMENTS) {
      throw new UnsupportedOperationException(
          "this operation needs "
              + cpu
              + " in a Java array, which holds at most "
              + CpuPolicy.MAX_ELEMENTS
              + " elements");
    }
    int n = (int) cpu.length();
    Object copy = cpu.type().newArray(n);
    cpu.load(0, copy, 0, n);
    return copy;
  }

  /**
   * The array to write {@code length} elements of {@code buffer} into: its own for a heap buffer,
   * else a new one for {@link #storeBack}.
   */
  static Object outputArray(DeviceBuffer buffer, long length) {
    CpuBuffer cpu = of(buffer);
    if (cpu.array != null) {
      return cpu.array;
    }
    return cpu.type().newArray(Math.toIntExact(length));
  }

  /**
   * Stores the first {@code length} elements of an array from {@link #heapArray} or {@link
   * #outputArray} into {@code buffer} (nothing to do for a heap buffer: it is its own array).
   */
  static void storeBack(DeviceBuffer buffer, Object array, int length) {
    of(buffer).store(0, array, 0, length);
  }

  /** Whether this buffer is a Java heap array (else it lives off the heap). */
  boolean onHeap() {
    return array != null;
  }

  /** The off-heap memory, or null for a heap buffer. */
  OffHeapArray offHeap() {
    return offHeap;
  }

  /**
   * Copies elements {@code [from, from + count)} into {@code dst[offset, offset + count)} (nothing
   * to do when {@code dst} is this heap buffer's own array at the same place).
   *
   * @throws IllegalStateException if the buffer is closed
   */
  void load(long from, Object dst, int offset, int count) {
    requireOpen();
    if (array != null) {
      if (dst != array || from != offset) {
        System.arraycopy(array, Math.toIntExact(from), dst, offset, count);
      }
    } else {
      offHeap.read(from, dst, offset, count);
    }
  }

  /**
   * Copies {@code src[offset, offset + count)} to elements {@code [to, to + count)} (nothing to do
   * when {@code src} is this heap buffer's own array at the same place).
   *
   * @throws IllegalStateException if the buffer is closed
   */
  void store(long to, Object src, int offset, int count) {
    requireOpen();
    if (array != null) {
      if (src != array || to != offset) {
        System.arraycopy(src, offset, array, Math.toIntExact(to), count);
      }
    } else {
      offHeap.write(to, src, offset, count);
    }
  }

  /**
   * Copies the remaining bytes of {@code src} (native order, whole elements) to the elements from
   * {@code to} on; the position of {@code src} is unchanged.
   */
  void store(long to, ByteBuffer src) {
    requireOpen();
    if (array != null) {
      ByteBuffer view = src.slice().order(java.nio.ByteOrder.nativeOrder());
      int at = Math.toIntExact(to);
      int count = view.remaining() / type().bytes();
      if (view.remaining() % type().bytes() != 0 || at < 0 || at > length() - count) {
        throw new IndexOutOfBoundsException(
            view.remaining() + " bytes do not fit " + this + " at element " + to);
      }
      NioViews.get(type(), NioViews.of(type(), view), 0, array, at, count);
    } else {
      offHeap.write(to, src);
    }
  }

  @Override
  public String toString() {
    return "cpu "
        + (array != null ? "" : "off-heap ")
        + "buffer "
        + type().id()
        + "["
        + length()
        + "]";
  }
}
