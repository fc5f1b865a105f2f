package dev.prims.app.npy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class NpyHeaderTest {
  @Test
  void parsesKeysInAnyOrderWithPythonTwoLongs() throws NpyFormatException {
    NpyHeader h = NpyHeader.parseDict("{\"shape\": (7L,), 'fortran_order': False, 'descr': '<i8'}");
    assertEquals(new NpyHeader(DType.LONG, 7), h);
  }

  @Test
  void rejectsMissingKeysAndMalformedText() {
    assertTrue(
        assertThrows(
                NpyFormatException.class,
                () -> NpyHeader.parseDict("{'descr': '<f4', 'shape': (3,)}"))
            .getMessage()
            .contains("no 'fortran_order' key"));
    assertTrue(
        assertThrows(
                NpyFormatException.class,
                () -> NpyHeader.parseDict("{'descr': '<f4', 'shape': (3,"))
            .getMessage()
            .startsWith("malformed .npy header"));
    assertThrows(
        NpyFormatException.class,
        () -> NpyHeader.parseDict("{'descr': '<f4', 'fortran_order': False, 'shape': (-3,)}"));
  }

  @Test
  void encodesLikeNumpyWithDataAlignedTo64Bytes() {
    ByteBuffer b = new NpyHeader(DType.FLOAT, 10).encode();
    assertEquals(0, b.remaining() % 64);
    byte[] bytes = new byte[b.remaining()];
    b.get(bytes);
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    assertTrue(
        text.startsWith(
            "\u0093NUMPY\u0001\u0000v\u0000{'descr': '<f4', 'fortran_order': False, 'shape':"
                + " (10,), }"),
        text);
    assertTrue(text.endsWith(" \n"));
  }
}
