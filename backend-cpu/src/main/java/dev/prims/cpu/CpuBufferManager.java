package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import dev.prims.spi.BufferManager;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.SliceBufferManager;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;

/**
 * Buffers of the CPU backend. Up to {@code offHeapThreshold} elements a buffer is a Java heap
 * array: an upload copies the caller's array (as on every backend), while calls on host arrays
 * {@link #wrap} it without a copy, {@link #outputFor} is a view of the given array, and downloading
 * a view into its own array copies nothing. Longer buffers (by default: longer than any Java array)
 * are {@link OffHeapArray}s of direct memory in chunks of {@code chunk} elements, filled and read
 * by copies; they need {@code -XX:MaxDirectMemorySize} at least as large as they are, and free
 * their memory on close.
 */
final class CpuBufferManager implements SliceBufferManager {
  private final long offHeapThreshold;
  private final int chunkElements;
  private final boolean captureSites;
  private final CpuParallel parallel;
  private final MemoryLedger ledger;

  /**
   * @param offHeapThreshold buffers longer than this many elements live off the heap (at most
   *     {@link CpuPolicy#MAX_ELEMENTS})
   * @param chunkElements elements per off-heap chunk, or 0 for {@link
   *     CpuPolicy#OFF_HEAP_CHUNK_BYTES} worth of each type
   * @param captureSites whether leak warnings name where the buffer was allocated
   */
  CpuBufferManager(long offHeapThreshold, int chunkElements, boolean captureSites) {
    this(offHeapThreshold, chunkElements, captureSites, null, new MemoryLedger(CpuBuffer.BACKEND));
  }

  private CpuBufferManager(
      long offHeapThreshold,
      int chunkElements,
      boolean captureSites,
      CpuParallel parallel,
      MemoryLedger ledger) {
    if (offHeapThreshold < 0 || offHeapThreshold > CpuPolicy.MAX_ELEMENTS) {
      throw new IllegalArgumentException(
          "off-heap threshold must lie in [0, "
              + CpuPolicy.MAX_ELEMENTS
              + "]: "
              + offHeapThreshold);
    }
    if (chunkElements < 0 || chunkElements > CpuPolicy.MAX_OFF_HEAP_CHUNK) {
      throw new IllegalArgumentException(
          "off-heap chunk must lie in [1, " + CpuPolicy.MAX_OFF_HEAP_CHUNK + "]: " + chunkElements);
    }
    this.offHeapThreshold = offHeapThreshold;
    this.chunkElements = chunkElements;
    this.captureSites = captureSites;
    this.parallel = parallel;
    this.ledger = ledger;
  }

  /**
   * This manager's settings, allocating off-heap chunks in parallel on {@code parallel} and
   * counting buffers in {@code ledger}.
   */
  CpuBufferManager allocatingOn(CpuParallel parallel, MemoryLedger ledger) {
    return new CpuBufferManager(offHeapThreshold, chunkElements, captureSites, parallel, ledger);
  }

  /** The ledger this manager counts its buffers in. */
  MemoryLedger ledger() {
    return ledger;
  }

  /** Heap arrays up to the longest Java array, default chunks, no allocation sites. */
  CpuBufferManager() {
    this(CpuPolicy.MAX_ELEMENTS, 0, false);
  }

  /** Elements per off-heap chunk of {@code type}. */
  int chunk(DType type) {
    return chunkElements > 0 ? chunkElements : CpuPolicy.OFF_HEAP_CHUNK_BYTES / type.bytes();
  }

  private boolean offHeap(long length) {
    return length > offHeapThreshold;
  }

  @Override
  public DeviceBuffer allocate(DType type, long length) {
    BufferManager.requireLength(length);
    if (offHeap(length)) {
      return allocateOffHeap(type, length);
    }
    try {
      return counted(type, type.newArray((int) length));
    } catch (OutOfMemoryError e) {
      throw new PrimsException(
          CpuBuffer.BACKEND,
          "Java heap exhausted allocating "
              + length
              + " "
              + type.id()
              + " ("
              + length * type.bytes()
              + " bytes; max heap "
              + Runtime.getRuntime().maxMemory()
              + " bytes)",
          e);
    }
  }

  private CpuBuffer allocateOffHeap(DType type, long length) {
    if (length > Long.MAX_VALUE / type.bytes()) {
      throw new IllegalArgumentException(
          "a buffer of " + length + " " + type.id() + " has more than 2^63 - 1 bytes");
    }
    long bytes = length * type.bytes();
    long limit = DirectMemory.limit();
    long physical = PhysicalMemory.available();
    if (bytes > limit || bytes > physical) {
      throw new PrimsException(
          CpuBuffer.BACKEND,
          "cannot allocate "
              + length
              + " "
              + type.id()
              + " off-heap ("
              + bytes
              + " bytes): the direct memory limit is "
              + limit
              + " bytes (-XX:MaxDirectMemorySize) and "
              + physical
              + " bytes of physical memory are available");
    }
    return new CpuBuffer(
        ledger, OffHeapArray.allocate(type, length, chunk(type), parallel), captureSites);
  }

  /** A user's heap buffer that is {@code array}, counted in the ledger. */
  private CpuBuffer counted(DType type, Object array) {
    return new CpuBuffer(ledger, type, array, true, captureSites);
  }

  /** The caller's array itself, for one call on a host array (no copy), below the threshold. */
  @Override
  public DeviceBuffer wrap(Object array) {
    int n = Array.getLength(array);
    return offHeap(n) ? upload(array) : view(array);
  }

  /** A heap buffer holding a copy of the slice, or an off-heap one above the threshold. */
  @Override
  public DeviceBuffer upload(Object array, int offset, int length) {
    if (!offHeap(length)) {
      Object slice = Array.newInstance(array.getClass().getComponentType(), length);
      System.arraycopy(array, offset, slice, 0, length);
      return counted(DType.ofArray(array), slice);
    }
    CpuBuffer buffer = allocateOffHeap(DType.ofArray(array), length);
    buffer.store(0, array, offset, length);
    return buffer;
  }

  @Override
  public DeviceBuffer upload(ByteBuffer data, DType type) {
    CpuBuffer buffer = (CpuBuffer) allocate(type, data.remaining() / type.bytes());
    buffer.store(0, data);
    return buffer;
  }

  @Override
  public DeviceBuffer outputFor(Object array) {
    int n = Array.getLength(array);
    return offHeap(n) ? allocateOffHeap(DType.ofArray(array), n) : view(array);
  }

  /** A buffer of this backend over a caller's array for one call (not counted: not ours). */
  private CpuBuffer view(Object array) {
    return new CpuBuffer(ledger, DType.ofArray(array), array, false, false);
  }

  @Override
  public void download(DeviceBuffer buffer, Object array, int offset, int length) {
    CpuBuffer source = CpuBuffer.of(buffer);
    BufferManager.checkDownload(source, array, offset, length);
    source.load(0, array, offset, length);
  }

  /**
   * Copies {@code array[from, from + length)} into {@code target} at element {@code at} (any
   * offset, 64-bit, on or off the heap).
   *
   * @throws IllegalArgumentException if the types differ or a range is outside its array or buffer
   */
  @Override
  public void write(DeviceBuffer target, long at, Object array, int from, int length) {
    CpuBuffer buffer = CpuBuffer.of(target);
    checkRange("write", buffer, at, array, from, length);
    buffer.store(at, array, from, length);
  }

  /**
   * Copies the remaining bytes of {@code data} (native order, whole elements) into {@code target}
   * at element {@code at}; the position of {@code data} is unchanged.
   *
   * @throws IllegalArgumentException if the bytes do not fit there
   */
  void write(DeviceBuffer target, long at, ByteBuffer data) {
    CpuBuffer buffer = CpuBuffer.of(target);
    int size = buffer.type().bytes();
    long count = data.remaining() / size;
    if (data.remaining() % size != 0 || at < 0 || at > buffer.length() - count) {
      throw new IllegalArgumentException(
          "cannot write "
              + data.remaining()
              + " bytes ("
              + buffer.type().id()
              + " of "
              + size
              + " bytes) into "
              + buffer
              + " at element "
              + at);
    }
    buffer.store(at, data);
  }

  /**
   * Copies {@code length} elements of {@code source} from element {@code at} into {@code
   * array[from, from + length)}.
   *
   * @throws IllegalArgumentException if the types differ or a range is outside its array or buffer
   */
  void read(DeviceBuffer source, long at, Object array, int from, int length) {
    CpuBuffer buffer = CpuBuffer.of(source);
    checkRange("read", buffer, at, array, from, length);
    buffer.load(at, array, from, length);
  }

  private static void checkRange(
      String what, CpuBuffer buffer, long at, Object array, int from, int length) {
    DType type = DType.ofArray(array);
    int n = Array.getLength(array);
    if (type != buffer.type()
        || length < 0
        || from < 0
        || from > n - length
        || at < 0
        || at > buffer.length() - length) {
      throw new IllegalArgumentException(
          "cannot "
              + what
              + " "
              + length
              + " elements between "
              + type.id()
              + "["
              + n
              + "] at "
              + from
              + " and "
              + buffer
              + " at "
              + at);
    }
  }
}
