package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The four words of radix-bit ANDs and ORs: merges from several parts read back as one. */
class RadixBitWordsTest {
  @Test
  void mergedPartsReadBackAsTheirAndAndOr() {
    long[] values = {0x8000_0001_0000_00F0L, 0x8000_0003_0000_00F8L, 0x8000_0001_0000_00F1L};
    int[] words = new int[2 + RadixBitWords.WORDS];
    RadixBitWords.start(words, 2);
    long and = -1L;
    long or = 0;
    for (long v : values) {
      RadixBitWords.merge(words, 2, v, v, Long.SIZE);
      and &= v;
      or |= v;
    }
    assertEquals(and, RadixBitWords.and(words, 2, Long.SIZE));
    assertEquals(or, RadixBitWords.or(words, 2, Long.SIZE));
    assertEquals(0, words[0], "words before at are left alone");
  }

  @Test
  void thirtyTwoBitsLeaveTheHighWordsAndReadBackUnsigned() {
    int[] words = new int[RadixBitWords.WORDS];
    RadixBitWords.start(words, 0);
    RadixBitWords.merge(words, 0, 0x8000_00F0L, 0x8000_00F0L, Integer.SIZE);
    RadixBitWords.merge(words, 0, 0x8000_03E7L, 0x8000_03E7L, Integer.SIZE);
    assertEquals(-1, words[2], "the high AND word of 32-bit bits stays all ones");
    assertEquals(0, words[3], "the high OR word of 32-bit bits stays zero");
    assertEquals(0x8000_00E0L, RadixBitWords.and(words, 0, Integer.SIZE));
    assertEquals(0x8000_03F7L, RadixBitWords.or(words, 0, Integer.SIZE));
  }
}
