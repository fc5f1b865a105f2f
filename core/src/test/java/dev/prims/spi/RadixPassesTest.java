package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The pass schedule of the device radix sorts: no pass writes what it reads, and where it ends. */
class RadixPassesTest {
  private static final String INPUT = "input";
  private static final String OUTPUT = "output";
  private static final String SCRATCH = "scratch";

  @Test
  void passesCoverTheBitsInDigits() {
    assertEquals(4, RadixPasses.of(0, 32, 8, false).passes());
    assertEquals(8, RadixPasses.of(0, 64, 8, true).passes());
    assertEquals(1, RadixPasses.of(3, 4, 8, false).passes());
    assertEquals(2, RadixPasses.of(3, 17, 8, false).passes());
    assertEquals(3, RadixPasses.of(5, 22, 8, false).passes());
  }

  @Test
  void everyPassWritesElsewhereThanItReadsAndTheLastWhereSaid() {
    for (int bits = 1; bits <= 64; bits++) {
      for (boolean inPlace : new boolean[] {false, true}) {
        RadixPasses schedule = RadixPasses.of(0, bits, 8, inPlace);
        String read = INPUT;
        String written = null;
        for (int p = 0; p < schedule.passes(); p++) {
          written = schedule.writesOutput(p) ? OUTPUT : SCRATCH;
          String readBuffer = inPlace && read.equals(INPUT) ? OUTPUT : read;
          assertNotEquals(
              readBuffer, written, "pass " + p + " of " + schedule + " in place " + inPlace);
          read = written;
        }
        assertEquals(schedule.endsInOutput(), written.equals(OUTPUT), schedule.toString());
        if (!inPlace) {
          assertTrue(schedule.endsInOutput(), schedule.toString());
        } else {
          assertEquals(schedule.passes() % 2 == 0, schedule.endsInOutput(), schedule.toString());
        }
      }
    }
    assertFalse(RadixPasses.of(0, 8, 8, true).endsInOutput());
  }

  @Test
  void sharedDigitsAreThoseWhereTheAndAndTheOrOfTheKeysAgree() {
    // keys 0..999 (radix bits with the sign bit set): digits 0 and 1 vary, 2 and 3 do not
    long and = 0x8000_0000L;
    long or = 0x8000_03FFL;
    assertEquals(0b1100, RadixPasses.sharedDigits(and, or, 0, 32, 8));
    // every key equal: every pass shared
    assertEquals(0b1111, RadixPasses.sharedDigits(0x1234_5678L, 0x1234_5678L, 0, 32, 8));
    // a narrow last digit [24, 29): only bits 24-28 count
    assertEquals(0b100, RadixPasses.sharedDigits(0x0000_0000L, 0xE0FF_FFFFL, 8, 29, 8));
    // 64-bit keys, bits [0, 64): the top pass sees bit 63
    assertEquals(0x7F, RadixPasses.sharedDigits(0L, 1L << 63, 0, 64, 8));
    assertEquals(0, RadixPasses.sharedDigits(0L, -1L, 0, 64, 8));
  }

  @Test
  void aScheduleOfRunningPassesIsOneOfThatManyPasses() {
    assertEquals(RadixPasses.of(0, 16, 8, true), RadixPasses.running(2, true));
    assertEquals(RadixPasses.of(0, 24, 8, true), RadixPasses.running(3, true));
    assertFalse(RadixPasses.running(1, true).endsInOutput());
    assertTrue(RadixPasses.running(1, false).endsInOutput());
  }
}
