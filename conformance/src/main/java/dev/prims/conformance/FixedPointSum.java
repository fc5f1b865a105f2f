package dev.prims.conformance;

import java.math.BigInteger;

/**
 * An exact sum of signed 128-bit magnitudes scaled by powers of two, {@code ±m * 2^shift}, kept as
 * 32-bit limbs in {@code long}s that absorb the carries until the end: each term costs a few
 * additions, not a {@link java.math.BigDecimal} of hundreds of digits. The sum of every double, or
 * of every exact square of a double, fits one with the range of shifts it is made for.
 */
final class FixedPointSum {
  private static final int LIMB_BITS = 32;
  private static final long LIMB_MASK = 0xffff_ffffL;

  /** Terms between two carry propagations: each adds less than 2^32 to a limb. */
  private static final long TERMS_BEFORE_CARRY = 1L << 30;

  private final int lowestBit;
  private final long[] limbs;
  private long termsSinceCarry;

  /**
   * A zero sum for terms whose bits lie from {@code 2^lowestBit} up to below {@code 2^highestBit}
   * (room for the carries of 2^40 terms is added).
   */
  FixedPointSum(int lowestBit, int highestBit) {
    this.lowestBit = lowestBit;
    this.limbs = new long[(highestBit - lowestBit + 40) / LIMB_BITS + 6];
  }

  /** Adds {@code ±(high * 2^64 + low) * 2^shift}, the magnitude an unsigned 128-bit integer. */
  void add(boolean negative, long high, long low, int shift) {
    if (++termsSinceCarry == TERMS_BEFORE_CARRY) {
      carry();
    }
    int position = shift - lowestBit;
    for (int chunk = 0; chunk < 4; chunk++) {
      long bits = (chunk < 2 ? low >>> (LIMB_BITS * chunk) : high >>> (LIMB_BITS * (chunk - 2)));
      bits &= LIMB_MASK;
      if (bits == 0) {
        continue;
      }
      int bit = position + LIMB_BITS * chunk;
      long placed = bits << (bit % LIMB_BITS);
      int limb = bit / LIMB_BITS;
      long lower = placed & LIMB_MASK;
      long upper = placed >>> LIMB_BITS;
      if (negative) {
        limbs[limb] -= lower;
        limbs[limb + 1] -= upper;
      } else {
        limbs[limb] += lower;
        limbs[limb + 1] += upper;
      }
    }
  }

  /** Adds a signed long at {@code 2^shift}. */
  void add(long value, int shift) {
    long magnitude = value < 0 ? -value : value; // Long.MIN_VALUE stays 2^63 read unsigned
    add(value < 0, 0, magnitude, shift);
  }

  /** Adds the exact square of a signed long at {@code 2^(2 * shift)}. */
  void addSquare(long value, int shift) {
    long magnitude = value < 0 ? -value : value;
    long high = Math.multiplyHigh(magnitude, magnitude);
    if (magnitude < 0) { // 2^63 read unsigned: the unsigned high product (as Java 18's
      high += 2 * magnitude; // Math.unsignedMultiplyHigh) adds the magnitude twice
    }
    add(false, high, magnitude * magnitude, 2 * shift);
  }

  /** The exact sum divided by {@code 2^lowestBit}: an integer. */
  BigInteger scaled() {
    carry();
    BigInteger sum = BigInteger.ZERO;
    for (int i = limbs.length - 1; i >= 0; i--) {
      sum = sum.shiftLeft(LIMB_BITS).add(BigInteger.valueOf(limbs[i]));
    }
    return sum;
  }

  /** Moves every limb's bits above 32 into the next limb (the sum stays the same). */
  private void carry() {
    for (int i = 0; i < limbs.length - 1; i++) {
      long over = limbs[i] >> LIMB_BITS;
      limbs[i] -= over << LIMB_BITS;
      limbs[i + 1] += over;
    }
    termsSinceCarry = 0;
  }
}
