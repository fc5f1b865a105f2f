package dev.prims.app.npy;

import dev.prims.DType;
import dev.prims.spi.ElementBytes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Reads a one-dimensional NumPy {@code .npy} array of int32, int64, float32 or float64 into an
 * {@code int[]}, {@code long[]}, {@code float[]} or {@code double[]}.
 */
public final class NpyReader {
  private static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;
  private static final int CHUNK_BYTES = 1 << 20;

  private NpyReader() {}

  /**
   * The array stored in {@code path}.
   *
   * @throws NpyFormatException when the file is malformed, truncated, has trailing bytes, or holds
   *     an array prims cannot read
   * @throws java.nio.file.NoSuchFileException when the file does not exist
   */
  public static Object read(Path path) throws IOException {
    try (FileChannel in = FileChannel.open(path, StandardOpenOption.READ)) {
      return read(in);
    }
  }

  /**
   * The array stored in {@code in} from its position to its end.
   *
   * @throws NpyFormatException when the bytes are malformed, truncated, followed by more bytes, or
   *     hold an array prims cannot read
   */
  public static Object read(SeekableByteChannel in) throws IOException {
    NpyHeader header = NpyHeader.read(in);
    if (header.length() > MAX_ARRAY_LENGTH) {
      throw new NpyFormatException(
          header.length()
              + " elements do not fit in one Java array (at most "
              + MAX_ARRAY_LENGTH
              + ")");
    }
    long available = in.size() - in.position();
    if (available < header.dataBytes()) {
      throw new NpyFormatException(
          "truncated .npy file: shape ("
              + header.length()
              + ",) of "
              + NpyHeader.descr(header.type())
              + " needs "
              + header.dataBytes()
              + " data bytes, the file has "
              + available);
    }
    if (available > header.dataBytes()) {
      throw new NpyFormatException(
          "malformed .npy file: "
              + (available - header.dataBytes())
              + " bytes after the "
              + header.dataBytes()
              + " data bytes of shape ("
              + header.length()
              + ",)");
    }
    return readData(in, header.type(), (int) header.length());
  }

  private static Object readData(SeekableByteChannel in, DType type, int length)
      throws IOException {
    Object array =
        java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), length);
    int chunkBytes = (int) Math.min(CHUNK_BYTES, Math.max(1L, (long) length) * type.bytes());
    ByteBuffer chunk = ByteBuffer.allocateDirect(chunkBytes).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = chunkBytes / type.bytes();
    for (int done = 0; done < length; ) {
      int count = Math.min(perChunk, length - done);
      chunk.clear().limit(count * type.bytes());
      while (chunk.hasRemaining()) {
        if (in.read(chunk) < 0) {
          throw new NpyFormatException("truncated .npy file: it ended while reading the data");
        }
      }
      chunk.flip();
      ElementBytes.get(chunk, array, done, count);
      done += count;
    }
    return array;
  }
}
