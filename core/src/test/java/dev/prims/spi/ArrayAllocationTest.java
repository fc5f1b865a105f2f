package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ArrayAllocationTest {
  @Test
  void aSmallArrayIsAllocatedAtOnceALargeOneOnAThreadOfItsOwn() {
    ArrayAllocation small = ArrayAllocation.start(new float[1], 1000);
    float[] f = (float[]) small.join();
    assertEquals(1000, f.length);
    assertSame(f, small.join(), "the same array every time");

    int large = (int) (ArrayAllocation.ASYNC_MIN_BYTES / Long.BYTES) + 3;
    ArrayAllocation pending = ArrayAllocation.start(new long[0], large);
    long[] l = (long[]) pending.join();
    assertEquals(large, l.length);
    assertTrue(Arrays.stream(l).allMatch(v -> v == 0), "a new array is zeroed");
    assertSame(l, pending.join(), "the same array every time");
    assertEquals(int[].class, ArrayAllocation.start(new int[0], large * 2).join().getClass());
    assertEquals(double[].class, ArrayAllocation.start(new double[0], 7).join().getClass());
  }
}
