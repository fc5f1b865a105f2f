package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SizeListTest {
  @Test
  void readsCountsPowersSuffixesAndRanges() {
    assertEquals(
        List.of(1000L, 1L << 16, 1L << 17, 1L << 18, 1L << 20, 3L << 20),
        SizeList.parse("2^16..2^18, 1000,2^20 ,3M, 2^17"));
    assertEquals(List.of(64L << 10), SizeList.parse("64k"));
  }

  @Test
  void describesPowersOfTwo() {
    assertEquals("2^22", SizeList.describe(1 << 22));
    assertEquals("1000", SizeList.describe(1000));
  }

  @Test
  void rejectsWhatItCannotRead() {
    for (String bad : List.of("", "x", "-5", "0", "2^20..2^16", "2^99", "16..28")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> SizeList.parse(bad), bad);
      assertTrue(e.getMessage().contains("size"), e.getMessage());
    }
  }
}
