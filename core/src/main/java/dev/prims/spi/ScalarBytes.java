package dev.prims.spi;

import dev.prims.DType;
import java.nio.ByteBuffer;

/** Reads one scalar answer that a device wrote into host memory, for backends. */
public final class ScalarBytes {
  private ScalarBytes() {}

  /** The value of {@code type} at the start of {@code bytes}, in the buffer's byte order. */
  public static Number read(ByteBuffer bytes, DType type) {
    switch (type) {
      case INT:
        return bytes.getInt(0);
      case LONG:
        return bytes.getLong(0);
      case FLOAT:
        return bytes.getFloat(0);
      default:
        return bytes.getDouble(0);
    }
  }
}
