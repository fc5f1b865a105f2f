package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Chunked off-heap memory: ranges across chunk boundaries, byte buffers, bounds and release. */
class OffHeapArrayTest {
  @Test
  void rangesAcrossChunkBoundariesRoundTripForEveryType() {
    Random random = new Random(3);
    for (DType type : DType.values()) {
      OffHeapArray memory = OffHeapArray.allocate(type, 2500, 1000);
      Object data = TestArrays.random(type, 2500, random);
      memory.write(0, data, 0, 2500);
      Object back = TestArrays.newArray(type, 2500);
      memory.read(0, back, 0, 2500);
      TestArrays.assertSameBits(data, back, type + " whole");
      Object part = TestArrays.random(type, 1200, random);
      memory.write(990, part, 100, 1100);
      Object slice = TestArrays.newArray(type, 1300);
      memory.read(980, slice, 50, 1120);
      for (int i = 0; i < 1120; i++) {
        long at = 980 + i;
        Object expected =
            at >= 990 && at < 2090
                ? java.lang.reflect.Array.get(part, (int) (at - 990 + 100))
                : java.lang.reflect.Array.get(data, (int) at);
        assertEquals(expected, java.lang.reflect.Array.get(slice, 50 + i), type + " at " + at);
      }
      memory.release();
    }
  }

  @Test
  void byteBuffersAreCopiedAcrossChunksWithoutMovingTheirPosition() {
    OffHeapArray memory = OffHeapArray.allocate(DType.LONG, 25, 7);
    ByteBuffer bytes = ByteBuffer.allocate(8 * 12 + 3).order(ByteOrder.nativeOrder());
    bytes.put((byte) 1).put((byte) 2).put((byte) 3);
    for (long i = 0; i < 12; i++) {
      bytes.putLong(100 + i);
    }
    bytes.position(3);
    memory.write(5, bytes);
    assertEquals(3, bytes.position());
    long[] back = new long[25];
    memory.read(0, back, 0, 25);
    for (int i = 0; i < 25; i++) {
      assertEquals(i >= 5 && i < 17 ? 100 + i - 5 : 0, back[i], "element " + i);
    }
    ByteBuffer ragged = ByteBuffer.allocate(9).order(ByteOrder.nativeOrder());
    assertThrows(IllegalArgumentException.class, () -> memory.write(0, ragged));
    memory.release();
  }

  @Test
  void rangesOutsideTheArrayAndBadChunksAreRejected() {
    OffHeapArray memory = OffHeapArray.allocate(DType.INT, 10, 4);
    IndexOutOfBoundsException e =
        assertThrows(IndexOutOfBoundsException.class, () -> memory.read(8, new int[3], 0, 3));
    assertTrue(e.getMessage().contains("[8, 11)"), e.getMessage());
    assertThrows(IndexOutOfBoundsException.class, () -> memory.write(-1, new int[1], 0, 1));
    assertThrows(
        IllegalArgumentException.class, () -> OffHeapArray.allocate(DType.DOUBLE, 10, 1 << 29));
    assertThrows(IllegalArgumentException.class, () -> OffHeapArray.allocate(DType.INT, 10, 0));
    memory.release();
  }

  @Test
  void afterReleaseEveryAccessIsAClearExceptionAndReleaseIsIdempotent() {
    OffHeapArray memory = OffHeapArray.allocate(DType.FLOAT, 10, 3);
    memory.write(0, new float[] {1, 2, 3}, 0, 3);
    float[] back = new float[3];
    memory.read(0, back, 0, 3);
    assertArrayEquals(new float[] {1, 2, 3}, back);
    memory.release();
    memory.release();
    assertTrue(memory.isReleased());
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> memory.read(0, back, 0, 3));
    assertTrue(e.getMessage().contains("10 float"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> memory.write(0, back, 0, 3));
  }
}
