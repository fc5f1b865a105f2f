package dev.prims.aparapi;

import static dev.prims.aparapi.AparapiTestDevice.call;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.device.OpenCLDevice;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.FoldPlan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Buffers: copies in and out, limits, and inputs copied to the device only when changed. */
class AparapiBuffersTest {
  private static AparapiBackend backend;
  private static OpenCLDevice device;

  @BeforeAll
  static void open() {
    device = AparapiTestDevice.firstOrAbort();
    backend = AparapiTestDevice.backendOn(device, false);
  }

  @AfterAll
  static void close() {
    AparapiTestDevice.close(backend);
  }

  @Test
  void theDeviceKeepsItsOwnCopyOfEveryArray() {
    assertFalse(
        device.isSharedMemory(),
        "buffers must be CL_MEM_COPY_HOST_PTR: Aparapi unpins arrays between runs");
  }

  @Test
  void uploadCopiesAndDownloadReturnsTheContents() {
    int[] values = {5, 6, 7};
    try (DeviceBuffer buffer = backend.buffers().upload(values)) {
      values[0] = 99;
      int[] back = new int[3];
      backend.buffers().download(buffer, back);
      assertArrayEquals(new int[] {5, 6, 7}, back);
      assertThrows(
          IllegalArgumentException.class, () -> backend.buffers().download(buffer, new int[4]));
      assertThrows(
          IllegalArgumentException.class, () -> backend.buffers().download(buffer, new long[3]));
    }
  }

  @Test
  void tooLargeOrNegativeBuffersAreRefusedWithTheirSizes() {
    PrimsException e =
        assertThrows(
            PrimsException.class, () -> backend.buffers().allocate(DType.DOUBLE, 300_000_000L));
    assertTrue(e.getMessage().contains("300000000"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> backend.buffers().allocate(DType.INT, -1));
  }

  @Test
  void closedBuffersAreRefused() {
    DeviceBuffer buffer = backend.buffers().upload(new float[] {1f});
    buffer.close();
    assertThrows(
        IllegalStateException.class, () -> backend.reducer().reduce(buffer, ReduceOp.SUM, call()));
  }

  @Test
  void anUnchangedInputIsCopiedToTheDeviceOnce() {
    long[] values = new long[5000];
    for (int i = 0; i < values.length; i++) {
      values[i] = i;
    }
    KernelHandle<?> reduce = backend.kernels().reduce(DType.LONG);
    try (DeviceBuffer buffer = backend.buffers().upload(values);
        DeviceBuffer prefix = backend.buffers().allocate(DType.LONG, values.length)) {
      long before = reduce.uploads();
      for (int i = 0; i < 5; i++) {
        assertEquals(12_497_500L, backend.reducer().reduce(buffer, ReduceOp.SUM, call()));
      }
      assertEquals(before + 1, reduce.uploads(), "five reduces of one buffer, one upload");

      backend.scanner().scan(buffer, prefix, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
      long afterFirst = reduce.uploads();
      assertEquals(12_497_500L, backend.reducer().reduce(prefix, ReduceOp.MAX, call()));
      assertEquals(afterFirst + 1, reduce.uploads(), "a new buffer is uploaded");
      backend.scanner().scan(buffer, prefix, ReduceOp.MIN, ScanKind.INCLUSIVE, call());
      assertEquals(0L, backend.reducer().reduce(prefix, ReduceOp.MAX, call()));
      assertEquals(afterFirst + 2, reduce.uploads(), "a rewritten buffer is uploaded again");
    }
  }

  @Test
  void inPlaceScanOverwritesItsInput() {
    try (DeviceBuffer buffer = backend.buffers().upload(new int[] {1, 2, 3, 4})) {
      backend.scanner().scan(buffer, buffer, ReduceOp.SUM, ScanKind.EXCLUSIVE, call());
      int[] back = new int[4];
      backend.buffers().download(buffer, back);
      assertArrayEquals(new int[] {0, 1, 3, 6}, back);
      assertEquals(6, backend.reducer().reduce(buffer, ReduceOp.MAX, call()));
    }
  }

  @Test
  void aScanIntoALongerOutputKeepsTheRestCurrent() {
    float[] ones = new float[50];
    float[] twos = new float[100];
    java.util.Arrays.fill(ones, 1f);
    java.util.Arrays.fill(twos, 2f);
    try (DeviceBuffer short50 = backend.buffers().upload(ones);
        DeviceBuffer long100 = backend.buffers().upload(twos);
        DeviceBuffer out = backend.buffers().allocate(DType.FLOAT, 100)) {
      backend.scanner().scan(short50, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
      backend
          .foldKernels()
          .foldScan(long100, out, ScanKind.INCLUSIVE, FoldPlan.forMaxAbs(DType.FLOAT, 2.0));
      backend.scanner().scan(short50, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
      float[] back = new float[100];
      backend.buffers().download(out, back);
      assertEquals(50f, back[49], "the scanned part");
      assertEquals(102f, back[50], "the part written by the other kernel stays");
      assertEquals(200f, back[99], "the part written by the other kernel stays");
    }
  }

  @Test
  void aScanResultStaysOnTheDeviceUntilItIsUsed() {
    int[] values = new int[3000];
    int[] expected = new int[values.length];
    int running = 0;
    for (int i = 0; i < values.length; i++) {
      values[i] = i % 7 - 3;
      running += values[i];
      expected[i] = running;
    }
    KernelHandle<?> scan = backend.kernels().scan(DType.INT);
    try (AparapiBuffer in = (AparapiBuffer) backend.buffers().upload(values);
        AparapiBuffer out = (AparapiBuffer) backend.buffers().allocate(DType.INT, values.length)) {
      backend.scanner().scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
      assertEquals(scan, out.holder(), "the result is held by the scan kernel");
      assertTrue(
          java.util.Arrays.stream((int[]) out.arrayToOverwrite()).allMatch(v -> v == 0),
          "nothing was copied back to the host yet");
      backend.scanner().scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
      int sumOfPrefixes = java.util.Arrays.stream(expected).sum();
      assertEquals(
          (long) sumOfPrefixes,
          backend.reducer().reduce(out, ReduceOp.SUM, call()).longValue(),
          "a reduce reads the held result");
      assertEquals(null, out.holder(), "a reduce of the result copied it back first");
      int[] back = new int[values.length];
      backend.buffers().download(out, back);
      assertArrayEquals(expected, back);
    }
  }
}
