package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Sizes beyond a Java array, the heap or the device are clear errors before any allocation. */
class SizeLimitsTest {
  private static Prims create() {
    FakeProvider alpha = new FakeProvider("alpha", 1, Mode.WORKS);
    return Prims.create(PrimsConfig.builder().backend("alpha").build(), List.of(alpha));
  }

  @Test
  void binsBeyondTheLongestJavaArrayNameTheLimit() {
    for (int bins : new int[] {Integer.MAX_VALUE, Integer.MAX_VALUE - 7}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> HistogramSpec.keys(bins));
      assertEquals(
          "bins must be at most 2147483639 (the longest Java array of counts), got " + bins,
          e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> HistogramSpec.even(bins, 0, 1));
    }
    try (Prims prims = create()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> prims.histogram(new int[] {1}, Integer.MAX_VALUE));
      assertTrue(e.getMessage().contains("2147483639"), e.getMessage());
    }
  }

  @Test
  void countsBeyondTheHeapAreRejectedBeforeAllocating() {
    long heap = Runtime.getRuntime().maxMemory();
    // the longest array of counts is 16 GiB; a test JVM with a larger heap checks the device
    // instead
    try (Prims prims = create()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> prims.histogram(new long[] {1}, Integer.MAX_VALUE - 8));
      String expected =
          8L * (Integer.MAX_VALUE - 8) > heap
              ? "more than the Java heap's maximum of " + heap
              : "more than the " + FakeProvider.MEMORY_BYTES + " bytes of alpha's device";
      assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
  }

  @Test
  void countsBeyondTheDeviceNameItsMemory() {
    int bins = (int) (FakeProvider.MEMORY_BYTES / 8) + 1;
    try (Prims prims = create()) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> prims.histogram(new int[] {1}, bins));
      assertEquals(
          "a histogram of "
              + bins
              + " bins needs "
              + 8L * bins
              + " bytes, more than the 67108864 bytes of alpha's device alpha-device",
          e.getMessage());
    }
  }

  @Test
  void buffersBeyondTheDeviceOrAByteCountAreRejectedBeforeAllocating() {
    try (Prims prims = create()) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> prims.allocate(DType.INT, FakeProvider.MEMORY_BYTES));
      assertTrue(e.getMessage().contains("more than the 67108864 bytes"), e.getMessage());
      e =
          assertThrows(
              IllegalArgumentException.class, () -> prims.allocate(DType.LONG, Long.MAX_VALUE));
      assertTrue(e.getMessage().contains("overflow a 64-bit byte count"), e.getMessage());
      assertEquals(16, prims.allocate(DType.INT, 16).length());
    }
  }
}
