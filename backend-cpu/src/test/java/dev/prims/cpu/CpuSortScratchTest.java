package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuSortScratchTest {
  @Test
  void aReturnedArrayIsLentAgainToACallThatFitsInIt() {
    CpuSortScratch scratch = new CpuSortScratch();
    int[] first = (int[]) scratch.take(int.class, 100);
    assertEquals(100, first.length);
    scratch.give(first);
    assertSame(first, scratch.take(int.class, 60));
    scratch.give(first);
    int[] larger = (int[]) scratch.take(int.class, 101);
    assertNotSame(first, larger);
    assertTrue(larger.length >= 101);
  }

  @Test
  void anArrayIsLentToOneCallAtATime() {
    CpuSortScratch scratch = new CpuSortScratch();
    scratch.give(new long[64]);
    Object a = scratch.take(long.class, 64);
    Object b = scratch.take(long.class, 64);
    assertNotSame(a, b);
    assertTrue(b instanceof long[]);
    assertTrue(scratch.take(int.class, 64) instanceof int[]);
  }

  @Test
  void onlyIntAndLongArraysAreKept() {
    CpuSortScratch scratch = new CpuSortScratch();
    scratch.give(null);
    scratch.give(new float[8]);
    assertThrows(IllegalArgumentException.class, () -> scratch.take(float.class, 8));
  }
}
