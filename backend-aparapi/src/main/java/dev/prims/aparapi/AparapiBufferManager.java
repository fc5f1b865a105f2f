package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import dev.prims.spi.BufferManager;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.SliceBufferManager;

/**
 * Buffers of the Aparapi backend. Each is a Java array (Aparapi moves Java arrays) whose size in
 * bytes must fit an int, as Aparapi passes byte sizes as ints: at most 2^31 - 1 bytes, so 536870911
 * ints or floats and 268435455 longs or doubles. Uploads copy the caller's array, downloads copy
 * the always current host array.
 */
final class AparapiBufferManager implements SliceBufferManager {
  /** The most bytes one Aparapi array argument may have (its size is an int). */
  static final long MAX_BYTES = Integer.MAX_VALUE;

  private final String backendId;
  private final long maxAllocBytes;
  private final MemoryLedger ledger;
  private final boolean captureSites;

  /**
   * Buffers of at most {@code maxAllocBytes} (0: no device limit), counted in {@code ledger}, with
   * allocation sites for leak warnings when {@code captureSites}.
   */
  AparapiBufferManager(
      String backendId, long maxAllocBytes, MemoryLedger ledger, boolean captureSites) {
    this.backendId = backendId;
    this.maxAllocBytes = maxAllocBytes;
    this.ledger = ledger;
    this.captureSites = captureSites;
  }

  @Override
  public DeviceBuffer allocate(DType type, long length) {
    BufferManager.requireLength(length);
    requireFits(type, length);
    try {
      return new AparapiBuffer(backendId, type, type.newArray((int) length), ledger, captureSites);
    } catch (OutOfMemoryError e) {
      throw new PrimsException(
          backendId, "no host memory for a buffer of " + size(type, length), e);
    }
  }

  /** One copy of the slice (Aparapi moves whole arrays from their first element). */
  @Override
  public DeviceBuffer upload(Object array, int offset, int length) {
    DType type = DType.ofArray(array);
    requireFits(type, length);
    Object copy = type.newArray(length);
    System.arraycopy(array, offset, copy, 0, length);
    return new AparapiBuffer(backendId, type, copy, ledger, captureSites);
  }

  /**
   * Copies the slice into the host array (made current first) and marks it written, so the next
   * kernel puts it to the device again.
   */
  @Override
  public void write(DeviceBuffer buffer, long at, Object array, int offset, int length) {
    AparapiBuffer target = own(buffer);
    System.arraycopy(array, offset, target.array(), (int) at, length);
    target.markWritten();
  }

  /** Copies the always current host array straight into the slice. */
  @Override
  public void download(DeviceBuffer buffer, Object array, int offset, int length) {
    AparapiBuffer source = own(buffer);
    BufferManager.checkDownload(source, array, offset, length);
    System.arraycopy(source.array(), 0, array, offset, length);
  }

  /**
   * {@code buffer} as a buffer of this backend.
   *
   * @throws IllegalArgumentException if it belongs to another backend or engine
   */
  AparapiBuffer own(DeviceBuffer buffer) {
    if (!owns(buffer)) {
      throw new IllegalArgumentException(
          "buffer " + buffer + " does not belong to this " + backendId + " backend");
    }
    buffer.requireOpen();
    return (AparapiBuffer) buffer;
  }

  /** Whether this manager made {@code buffer}. */
  boolean owns(DeviceBuffer buffer) {
    return buffer instanceof AparapiBuffer b && b.ledger() == ledger;
  }

  private void requireFits(DType type, long length) {
    if (length > MAX_BYTES / type.bytes()) {
      throw tooLarge(
          type,
          length,
          MAX_BYTES
              + " bytes Aparapi can move in one array ("
              + MAX_BYTES / type.bytes()
              + " elements)");
    }
    if (maxAllocBytes > 0 && length * type.bytes() > maxAllocBytes) {
      throw tooLarge(type, length, "device's largest allocation of " + maxAllocBytes + " bytes");
    }
  }

  /** The refusal of a buffer of {@code length} elements of {@code type} over {@code limit}. */
  private PrimsException tooLarge(DType type, long length, String limit) {
    return new PrimsException(
        backendId, "a buffer of " + size(type, length) + " exceeds the " + limit);
  }

  /** {@code length} elements of {@code type} and their bytes, as messages name a buffer's size. */
  private static String size(DType type, long length) {
    return length + " " + type.id() + " (" + length * type.bytes() + " bytes)";
  }
}
