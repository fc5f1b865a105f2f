package dev.prims.app.npy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.prims.DType;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;

/**
 * Fuzz targets for the {@code .npy} reader and writer: any bytes parse or are an {@link
 * NpyFormatException} with a message; any array written reads back bit for bit.
 */
class NpyFuzzTest {
  /** Bytes as a read-only channel, so that no file is written per input. */
  static final class BytesChannel implements SeekableByteChannel {
    private final byte[] bytes;
    private int position;

    BytesChannel(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public int read(ByteBuffer dst) {
      if (position >= bytes.length) {
        return -1;
      }
      int n = Math.min(dst.remaining(), bytes.length - position);
      dst.put(bytes, position, n);
      position += n;
      return n;
    }

    @Override
    public int write(ByteBuffer src) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long position() {
      return position;
    }

    @Override
    public SeekableByteChannel position(long newPosition) {
      position = (int) Math.min(newPosition, bytes.length);
      return this;
    }

    @Override
    public long size() {
      return bytes.length;
    }

    @Override
    public SeekableByteChannel truncate(long size) {
      throw new UnsupportedOperationException();
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }

  /** Collects what is written. */
  static final class Sink implements java.nio.channels.WritableByteChannel {
    final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

    @Override
    public int write(ByteBuffer src) {
      int n = src.remaining();
      byte[] b = new byte[n];
      src.get(b);
      bytes.write(b, 0, n);
      return n;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }

  @FuzzTest
  void anyBytesParseOrAreAFormatError(byte[] input) throws IOException {
    try {
      Object array = NpyReader.read(new BytesChannel(input));
      DType type = DType.ofArray(array);
      assertTrue(input.length >= (long) Array.getLength(array) * type.bytes());
    } catch (NpyFormatException e) {
      assertNotNull(e.getMessage());
      assertTrue(!e.getMessage().isBlank());
    }
  }

  @FuzzTest
  void writtenArraysReadBackBitForBit(FuzzedDataProvider data) throws IOException {
    DType type = data.pickValue(DType.values());
    int n = data.consumeInt(0, 300);
    Object array;
    switch (type) {
      case INT:
        array = data.consumeInts(n);
        break;
      case LONG:
        array = data.consumeLongs(n);
        break;
      case FLOAT:
        float[] f = new float[Math.min(n, data.remainingBytes() / 4)];
        for (int i = 0; i < f.length; i++) {
          f[i] = Float.intBitsToFloat(data.consumeInt());
        }
        array = f;
        break;
      default:
        double[] d = new double[Math.min(n, data.remainingBytes() / 8)];
        for (int i = 0; i < d.length; i++) {
          d[i] = Double.longBitsToDouble(data.consumeLong());
        }
        array = d;
    }
    Sink sink = new Sink();
    NpyWriter.write(sink, array);
    byte[] bytes = sink.bytes.toByteArray();
    assertEquals(0, (bytes.length - Array.getLength(array) * type.bytes()) % 64, "header aligned");
    Object back = NpyReader.read(new BytesChannel(bytes));
    assertEquals(array.getClass(), back.getClass());
    switch (type) {
      case INT:
        assertArrayEquals((int[]) array, (int[]) back);
        break;
      case LONG:
        assertArrayEquals((long[]) array, (long[]) back);
        break;
      case FLOAT:
        for (int i = 0; i < Array.getLength(array); i++) {
          assertEquals(
              Float.floatToRawIntBits(((float[]) array)[i]),
              Float.floatToRawIntBits(((float[]) back)[i]));
        }
        break;
      default:
        for (int i = 0; i < Array.getLength(array); i++) {
          assertEquals(
              Double.doubleToRawLongBits(((double[]) array)[i]),
              Double.doubleToRawLongBits(((double[]) back)[i]));
        }
    }
  }
}
