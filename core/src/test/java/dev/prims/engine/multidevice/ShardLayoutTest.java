package dev.prims.engine.multidevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShardLayoutTest {
  @Test
  void sharesAreEvenAlignedAndCoverTheBuffer() {
    for (long n : new long[] {0, 1, 255, 256, 257, 1000, 65_536 * 3 + 5, 1L << 31}) {
      for (int devices = 1; devices <= 5; devices++) {
        ShardLayout layout = ShardLayout.of(n, devices, 256);
        assertTrue(layout.shards() >= 1 && layout.shards() <= devices);
        long covered = 0;
        for (int i = 0; i < layout.shards(); i++) {
          assertEquals(covered, layout.start(i), "shards are contiguous");
          if (i + 1 < layout.shards()) {
            assertEquals(0, layout.length(i) % 256, "inner shards are whole tiles");
          }
          assertTrue(layout.length(i) > 0 || n == 0, "no empty shard");
          covered += layout.length(i);
        }
        assertEquals(n, covered);
      }
    }
  }

  @Test
  void largeBuffersSpreadOverEveryDevice() {
    ShardLayout layout = ShardLayout.of(1L << 31, 2, ShardLayout.ALIGN);
    assertEquals(2, layout.shards());
    assertEquals(1L << 30, layout.length(0));
    assertEquals(1L << 30, layout.length(1));
  }

  @Test
  void smallBuffersStayOnTheFirstDevice() {
    assertEquals(1, ShardLayout.of(1000, 8, ShardLayout.ALIGN).shards());
    assertEquals(1, ShardLayout.of(0, 8, 1).shards());
  }

  @Test
  void theAlignmentMustBeAPowerOfTwo() {
    assertEquals(ShardLayout.ALIGN, ShardLayout.align(null));
    assertEquals(64, ShardLayout.align(" 64 "));
    for (String bad : new String[] {"0", "-4", "96", "x", String.valueOf(1L << 31)}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> ShardLayout.align(bad));
      assertTrue(e.getMessage().contains(ShardLayout.ALIGN_KEY), e.getMessage());
    }
  }
}
