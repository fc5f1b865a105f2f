package dev.prims;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

class BufferSliceTest {
  private static Prims create() {
    return new FakeProvider("alpha", 1, Mode.WORKS).open();
  }

  @Test
  void uploadsASliceAndDownloadsIntoASlice() {
    try (Prims prims = create();
        DeviceBuffer b = prims.upload(new int[] {9, 1, 2, 3, 9}, 1, 3)) {
      assertEquals(3, b.length());
      assertEquals(6, prims.reduce(b, ReduceOp.SUM).asInt());
      int[] target = {7, 7, 7, 7, 7};
      prims.download(b, target, 2, 2);
      assertArrayEquals(new int[] {7, 7, 1, 2, 7}, target);
    }
  }

  @Test
  void uploadsTheRemainingBytesOfANativeOrderByteBuffer() {
    ByteBuffer data = ByteBuffer.allocateDirect(5 * 4).order(ByteOrder.nativeOrder());
    for (int i = 0; i < 5; i++) {
      data.putInt(i * 10);
    }
    data.flip().position(4);
    try (Prims prims = create();
        DeviceBuffer b = prims.upload(data, DType.INT)) {
      assertEquals(4, b.length());
      assertEquals(100, prims.reduce(b, ReduceOp.SUM).asInt());
      assertEquals(4, data.position());
    }
  }

  @Test
  void downloadsIntoTheRemainingBytesOfANativeOrderByteBuffer() {
    try (Prims prims = create();
        DeviceBuffer b = prims.upload(new int[] {4, 5, 6})) {
      ByteBuffer data = ByteBuffer.allocate(6 * 4).order(ByteOrder.nativeOrder());
      data.position(8);
      prims.download(b, data);
      assertEquals(8, data.position());
      int[] all = new int[6];
      data.position(0);
      data.asIntBuffer().get(all);
      assertArrayEquals(new int[] {0, 0, 4, 5, 6, 0}, all);
    }
  }

  @Test
  void byteBuffersThatCannotTakeADownloadAreRejected() {
    try (Prims prims = create();
        DeviceBuffer b = prims.upload(new int[] {1, 2, 3})) {
      ByteBuffer small = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
      small.position(8);
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> prims.download(b, small));
      assertEquals("cannot download 3 int into a ByteBuffer of 8 remaining bytes", e.getMessage());
      ByteBuffer readOnly =
          ByteBuffer.allocateDirect(16).asReadOnlyBuffer().order(ByteOrder.nativeOrder());
      e = assertThrows(IllegalArgumentException.class, () -> prims.download(b, readOnly));
      assertTrue(e.getMessage().contains("read-only"), e.getMessage());
      if (ByteOrder.nativeOrder() != ByteOrder.BIG_ENDIAN) {
        ByteBuffer wrongOrder = ByteBuffer.allocateDirect(16).order(ByteOrder.BIG_ENDIAN);
        e = assertThrows(IllegalArgumentException.class, () -> prims.download(b, wrongOrder));
        assertTrue(e.getMessage().contains("native byte order"), e.getMessage());
      }
    }
  }

  @Test
  void badSlicesAndBuffersAreRejectedNamingTheSizes() {
    try (Prims prims = create()) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> prims.upload(new int[4], 3, 2));
      assertTrue(
          e.getMessage().contains("[3, 3 + 2)") && e.getMessage().contains("4"), e.getMessage());
      ByteBuffer wrongOrder = ByteBuffer.allocateDirect(8).order(ByteOrder.BIG_ENDIAN);
      if (ByteOrder.nativeOrder() != ByteOrder.BIG_ENDIAN) {
        e = assertThrows(IllegalArgumentException.class, () -> prims.upload(wrongOrder, DType.INT));
        assertTrue(e.getMessage().contains("native byte order"), e.getMessage());
      }
      ByteBuffer ragged = ByteBuffer.allocateDirect(6).order(ByteOrder.nativeOrder());
      e = assertThrows(IllegalArgumentException.class, () -> prims.upload(ragged, DType.INT));
      assertTrue(e.getMessage().contains("6 remaining bytes"), e.getMessage());
      try (DeviceBuffer b = prims.upload(new int[] {1, 2})) {
        e = assertThrows(IllegalArgumentException.class, () -> prims.download(b, new int[5], 0, 3));
        assertTrue(e.getMessage().contains("3 elements of a buffer of 2"), e.getMessage());
      }
    }
  }
}
