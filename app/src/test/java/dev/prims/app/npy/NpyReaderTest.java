package dev.prims.app.npy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.app.Fixtures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NpyReaderTest {
  @Test
  void readsEveryDtype() throws IOException {
    assertArrayEquals(
        new int[] {2147483647, 1, 2147483647, 5},
        (int[]) NpyReader.read(Fixtures.npy("int32_wrap.npy")));
    assertArrayEquals(
        new long[] {1L << 62, 1L << 62, 1L << 62, 5},
        (long[]) NpyReader.read(Fixtures.npy("int64_wrap.npy")));
    assertArrayEquals(
        new float[] {0.5f, 0.25f, 1.5f, -2f, 4f},
        (float[]) NpyReader.read(Fixtures.npy("float32_exact.npy")));
    assertArrayEquals(
        new double[] {0.1, 1e300, -3.5},
        (double[]) NpyReader.read(Fixtures.npy("float64_values.npy")));
  }

  @Test
  void readsNanAndSignedZeroBitForBit() throws IOException {
    float[] edges = (float[]) NpyReader.read(Fixtures.npy("edges_f4.npy"));
    assertEquals(9, edges.length);
    assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(edges[1]));
    assertEquals(Math.nextDown(1.0f), edges[4]);
    assertTrue(Float.isNaN(edges[6]));
    assertEquals(Float.POSITIVE_INFINITY, edges[8]);
  }

  @Test
  void readsEmptyArrays() throws IOException {
    assertEquals(0, ((float[]) NpyReader.read(Fixtures.npy("empty_f4.npy"))).length);
    assertEquals(0, ((int[]) NpyReader.read(Fixtures.npy("empty_i4.npy"))).length);
  }

  @ParameterizedTest
  @CsvSource({"v2_i4.npy", "v3_i4.npy", "pipe_i4.npy"})
  void readsOtherVersionsAndByteOrderMarks(String name) throws IOException {
    assertArrayEquals(new int[] {1, 2, 3}, (int[]) NpyReader.read(Fixtures.npy(name)));
  }

  @Test
  void readsNativeByteOrderMark() throws IOException {
    assertArrayEquals(
        new double[] {1.5, 2.5}, (double[]) NpyReader.read(Fixtures.npy("equals_f8.npy")));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "bigendian_f4.npy|big-endian dtype '>f4'",
        "fortran_2d_f4.npy|Fortran-order",
        "c_2d_f4.npy|only 1-D arrays are supported, got 2-D shape (2, 3)",
        "scalar_f8.npy|only 1-D arrays are supported, got 0-D",
        "uint32.npy|unsupported dtype '<u4'",
        "float16.npy|unsupported dtype '<f2'",
        "bool.npy|unsupported dtype '|b1'",
        "structured.npy|structured dtype",
        "truncated_f8.npy|truncated .npy file: shape (10,) of <f8 needs 80 data bytes, the file has 68",
        "trailing_i4.npy|4 bytes after the 8 data bytes",
        "not_npy.npy|not a NumPy .npy file",
        "empty_file.npy|empty file"
      })
  void rejectsWithAClearMessage(String name, String message) {
    NpyFormatException e =
        assertThrows(NpyFormatException.class, () -> NpyReader.read(Fixtures.npy(name)));
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }

  @Test
  void rejectsArraysLongerThanAJavaArray(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("huge.npy");
    ByteBuffer header = new NpyHeader(DType.FLOAT, 3_000_000_000L).encode();
    byte[] bytes = new byte[header.remaining()];
    header.get(bytes);
    Files.write(file, bytes);
    NpyFormatException e = assertThrows(NpyFormatException.class, () -> NpyReader.read(file));
    assertTrue(e.getMessage().startsWith("3000000000 elements do not fit"), e.getMessage());
  }

  @Test
  void missingFileIsNoSuchFile(@TempDir Path dir) {
    assertThrows(NoSuchFileException.class, () -> NpyReader.read(dir.resolve("absent.npy")));
  }
}
