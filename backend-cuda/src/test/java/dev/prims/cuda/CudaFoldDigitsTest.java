package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.prims.spi.FoldPlan;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The one-pass sum's 128-bit total becomes the canonical folds that FoldPlan.normalize gives. */
class CudaFoldDigitsTest {
  @Test
  void totalsSplitIntoCanonicalFolds() {
    Random random = new Random(17);
    for (int i = 0; i < 10_000; i++) {
      BigInteger total = new BigInteger(1 + random.nextInt(122), random);
      if (random.nextBoolean()) {
        total = total.negate();
      }
      long lo = total.longValue();
      long hi = total.shiftRight(64).longValue();
      long[] expected = {
        total.shiftRight(60).longValueExact(),
        total.shiftRight(30).longValue() & ((1L << 30) - 1),
        total.longValue() & ((1L << 30) - 1)
      };
      long[] folds = CudaFoldKernels.digits(lo, hi);
      assertArrayEquals(expected, folds, total.toString());
      long[] normalized = folds.clone();
      FoldPlan.normalize(normalized);
      assertArrayEquals(folds, normalized);
    }
  }
}
