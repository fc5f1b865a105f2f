package dev.prims.app.npy;

import dev.prims.DType;
import dev.prims.spi.AtomicReplace;
import dev.prims.spi.ElementBytes;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes an {@code int[]}, {@code long[]}, {@code float[]} or {@code double[]} as a NumPy {@code
 * .npy} file (format 1.0, little-endian, 1-D). The file appears whole or not at all: the data goes
 * to a temporary file in the same directory ({@link PartialFiles}: removed if the JVM exits
 * meanwhile, and by a later write if it is killed), which is then moved over the target.
 */
public final class NpyWriter {
  private static final int CHUNK_BYTES = 1 << 20;

  private NpyWriter() {}

  /** Writes {@code array} to {@code path}, replacing any existing file. */
  public static void write(Path path, Object array) throws IOException {
    DType.ofArray(array);
    Path target = path.toAbsolutePath();
    Path temp = PartialFiles.create(target);
    boolean moved = false;
    try {
      try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        write(out, array);
        out.force(false);
      }
      AtomicReplace.move(temp, target);
      moved = true;
    } finally {
      if (!moved) {
        Files.deleteIfExists(temp);
      }
      PartialFiles.finished(temp);
    }
  }

  /** Writes {@code array} as {@code .npy} bytes (header, then data) to {@code out}. */
  public static void write(WritableByteChannel out, Object array) throws IOException {
    DType type = DType.ofArray(array);
    writeFully(out, new NpyHeader(type, Array.getLength(array)).encode());
    writeData(out, type, array);
  }

  private static void writeData(WritableByteChannel out, DType type, Object array)
      throws IOException {
    int length = Array.getLength(array);
    ByteBuffer chunk = ByteBuffer.allocateDirect(CHUNK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    int perChunk = CHUNK_BYTES / type.bytes();
    for (int done = 0; done < length; ) {
      int count = Math.min(perChunk, length - done);
      chunk.clear();
      ElementBytes.put(chunk, array, done, count);
      chunk.limit(count * type.bytes());
      writeFully(out, chunk);
      done += count;
    }
  }

  private static void writeFully(WritableByteChannel out, ByteBuffer buffer) throws IOException {
    while (buffer.hasRemaining()) {
      out.write(buffer);
    }
  }
}
