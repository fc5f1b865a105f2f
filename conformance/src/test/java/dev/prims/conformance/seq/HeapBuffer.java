package dev.prims.conformance.seq;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.AbstractBuffer;

/** A buffer of the sequential test backend: a heap array of its own. */
final class HeapBuffer extends AbstractBuffer {
  final Object array;

  HeapBuffer(DType type, Object array) {
    super(
        SequentialProvider.ID,
        type,
        java.lang.reflect.Array.getLength(array),
        null,
        null,
        null,
        false);
    this.array = array;
  }

  static Object array(DeviceBuffer b) {
    b.requireOpen();
    return ((HeapBuffer) b).array;
  }
}
