package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import org.junit.jupiter.api.Test;

class CpuBufferManagerTest {
  private final CpuBufferManager buffers = new CpuBufferManager();

  @Test
  void uploadCopiesWrapSharesAndOutputIsAView() {
    int[] data = {1, 2, 3};
    DeviceBuffer in = buffers.upload(data);
    assertEquals(DType.INT, in.type());
    assertEquals(3, in.length());
    assertEquals("cpu", in.backend());
    assertTrue(CpuBuffer.arrayOf(in) != data, "upload copies the caller's array");
    assertArrayEquals(data, (int[]) CpuBuffer.arrayOf(in));
    assertTrue(CpuBuffer.arrayOf(buffers.wrap(data)) == data, "wrap shares the caller's array");
    long[] counts = new long[4];
    DeviceBuffer out = buffers.outputFor(counts);
    ((long[]) CpuBuffer.arrayOf(out))[2] = 9;
    buffers.download(out, counts);
    assertArrayEquals(new long[] {0, 0, 9, 0}, counts, "a view downloads into itself");
  }

  @Test
  void downloadCopiesIntoAnotherArray() {
    DeviceBuffer b = buffers.allocate(DType.DOUBLE, 5);
    double[] inside = (double[]) CpuBuffer.arrayOf(b);
    inside[0] = 1.5;
    inside[4] = -2;
    double[] target = new double[3];
    buffers.download(b, target);
    assertArrayEquals(new double[] {1.5, 0, 0}, target);
    assertThrows(IllegalArgumentException.class, () -> buffers.download(b, new double[6]));
    assertThrows(IllegalArgumentException.class, () -> buffers.download(b, new float[2]));
  }

  @Test
  void impossibleOrNegativeLengthsAreClearErrors() {
    PrimsException e =
        assertThrows(PrimsException.class, () -> buffers.allocate(DType.FLOAT, 1L << 42));
    assertTrue(e.getMessage().contains(Long.toString(1L << 42)), e.getMessage());
    assertTrue(e.getMessage().contains("MaxDirectMemorySize"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> buffers.allocate(DType.INT, -1));
    assertThrows(
        IllegalArgumentException.class, () -> buffers.allocate(DType.DOUBLE, Long.MAX_VALUE / 4));
  }

  @Test
  void closedBuffersAreRejected() {
    DeviceBuffer b = buffers.upload(new float[] {1});
    b.close();
    b.close();
    assertTrue(b.isClosed());
    assertThrows(IllegalStateException.class, () -> CpuBuffer.arrayOf(b));
    assertThrows(IllegalStateException.class, () -> buffers.download(b, new float[1]));
  }
}
