package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The estimates in auto's provenance note read as {@code %.4f}/{@code %.2f} would print them. */
class CostModelNoteTest {
  @Test
  void millisReadAsTheFormatterWouldPrintThem() {
    SplittableRandom random = new SplittableRandom(7);
    double[] fixed = {0, 0.00004, 0.00005, 0.0197, 0.09999, 0.1, 0.23, 1.2, 99.995, 12345.678};
    for (double ms : fixed) {
      assertSame(ms);
    }
    for (int i = 0; i < 100_000; i++) {
      assertSame(Math.pow(10, random.nextDouble(-6, 6)));
    }
  }

  @Test
  void nonFiniteEstimatesAreSpelledOut() {
    StringBuilder out = new StringBuilder();
    CostModel.appendMillis(out, Double.POSITIVE_INFINITY);
    assertEquals("Infinity ms", out.toString());
  }

  private static void assertSame(double ms) {
    StringBuilder out = new StringBuilder();
    CostModel.appendMillis(out, ms);
    String expected = String.format(Locale.ROOT, ms < 0.1 ? "%.4f ms" : "%.2f ms", ms);
    // The formatter rounds the exact decimal value half up; the fast path rounds ms * 10^d, which
    // can differ only where the product lands on a tie by binary rounding: accept either there.
    if (!expected.equals(out.toString())) {
      double scaled = ms * (ms < 0.1 ? 1e4 : 1e2);
      assertEquals(0.5, Math.abs(scaled - Math.floor(scaled)), 1e-6, expected + " vs " + out);
    }
  }
}
