package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Device buffers: closing twice, use after close, an upload being a copy, slices and native-order
 * byte buffers, and a scan -> histogram -> reduce chain that stays on the device, each checked
 * against plain Java.
 */
public abstract class BufferConformance extends BackendConformance {
  private static final int N = 100_003;

  @Test
  void closingTwiceIsHarmlessAndUseAfterCloseIsAClearException() {
    Prims prims = prims();
    for (DType type : DType.values()) {
      DeviceBuffer buffer = prims.allocate(type, 17);
      buffer.close();
      buffer.close();
      assertTrue(buffer.isClosed(), backendId() + " " + type.id() + " buffer says it is open");
      assertThrows(IllegalStateException.class, () -> prims.reduce(buffer, ReduceOp.MAX));
      assertThrows(IllegalStateException.class, () -> prims.download(buffer, newArray(type, 17)));
      try (DeviceBuffer other = prims.allocate(type, 17)) {
        assertThrows(IllegalStateException.class, () -> prims.dot(buffer, other));
        assertThrows(
            IllegalStateException.class,
            () -> prims.scan(buffer, other, ReduceOp.SUM, ScanKind.INCLUSIVE));
      }
    }
  }

  @Test
  void anUploadIsACopyOfTheCallersArray() {
    Prims prims = prims();
    int[] values = {5, 1, 4, 2, 3};
    try (DeviceBuffer buffer = prims.upload(values);
        DeviceBuffer ones = prims.upload(new int[] {1, 1, 1, 1, 1})) {
      values[0] = 100;
      assertEquals(
          15,
          prims.reduce(buffer, ReduceOp.SUM).asInt(),
          backendId() + ": the buffer saw a change");
      prims.scan(ones, buffer, ReduceOp.SUM, ScanKind.INCLUSIVE);
      assertArrayEquals(
          new int[] {100, 1, 4, 2, 3}, values, backendId() + ": a write to the buffer reached it");
      int[] back = new int[5];
      prims.download(buffer, back);
      assertArrayEquals(new int[] {1, 2, 3, 4, 5}, back);
    }
  }

  @Test
  void slicesAndByteBuffersRoundTrip() {
    Prims prims = prims();
    long[] values = new Random(5).longs(1000).toArray();
    try (DeviceBuffer slice = prims.upload(values, 100, 300)) {
      assertEquals(300, slice.length());
      long[] back = new long[500];
      prims.download(slice, back, 50, 300);
      for (int i = 0; i < 300; i++) {
        assertEquals(values[100 + i], back[50 + i], "element " + i);
      }
    }
    ByteBuffer bytes = ByteBuffer.allocateDirect(8 * 64).order(ByteOrder.nativeOrder());
    double[] doubles = new double[64];
    for (int i = 0; i < 64; i++) {
      doubles[i] = i * 0.5 - 7;
      bytes.putDouble(doubles[i]);
    }
    bytes.flip();
    try (DeviceBuffer fromBytes = prims.upload(bytes, DType.DOUBLE)) {
      double[] back = new double[64];
      prims.download(fromBytes, back);
      assertArrayEquals(doubles, back);
    }
  }

  @Test
  void scanHistogramReduceChainStaysCorrectOnTheDevice() {
    Prims prims = prims();
    int[] keys = new Random(9).ints(N, 0, 4).toArray();
    int bins = 4096;
    int[] prefix = new int[N];
    long[] expectedCounts = new long[bins];
    long expectedOut = 0;
    int running = 0;
    for (int i = 0; i < N; i++) {
      prefix[i] = running;
      running += keys[i];
      if (prefix[i] < bins) {
        expectedCounts[prefix[i]]++;
      } else {
        expectedOut++;
      }
    }
    try (DeviceBuffer input = prims.upload(keys);
        DeviceBuffer scanned = prims.allocate(DType.INT, N);
        DeviceBuffer counts = prims.allocate(DType.LONG, bins)) {
      prims.scan(input, scanned, ReduceOp.SUM, ScanKind.EXCLUSIVE);
      long out = prims.histogram(scanned, HistogramSpec.keys(bins), counts);
      long total = prims.reduce(counts, ReduceOp.SUM).asLong();
      assertEquals(expectedOut, out, backendId() + ": out-of-range count of the chain");
      assertEquals(N - expectedOut, total, backendId() + ": sum of the chain's counts");
      long[] counted = new long[bins];
      prims.download(counts, counted);
      assertArrayEquals(expectedCounts, counted, backendId() + ": the chain's counts");
    }
  }

  private static Object newArray(DType type, int n) {
    return java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), n);
  }
}
