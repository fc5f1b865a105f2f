package dev.prims.engine;

import dev.prims.DeviceBuffer;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import dev.prims.spi.MomentsState;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Reproducible moments of a floating buffer: the exact fold sums of {@code x} ({@link
 * ReproducibleMode#foldSums}) and of the products {@code x * x} ({@link ReproducibleMode#foldDot}
 * on the plan of {@code max|x|^2}) become exact sums, from which {@link MomentsState} rounds the
 * mean and {@code m2} once: the same bits on every backend with {@link dev.prims.spi.FoldKernels}.
 */
public final class ReproducibleMoments {
  private ReproducibleMoments() {}

  /**
   * The moments of a non-empty floating buffer; NaN mean and {@code m2} when it holds a NaN or an
   * infinity.
   *
   * @throws ArithmeticException when {@code max|x|^2} exceeds the double range
   */
  public static MomentsState of(Backend backend, DeviceBuffer input, CallContext call) {
    long n = input.length();
    FoldSums sums = ReproducibleMode.foldSums(backend, input, call);
    if (sums.isNonFinite()) {
      call.note("non-finite input: NaN moments");
      return MomentsState.ofDeviations(n, Double.NaN, Double.NaN);
    }
    if (sums.isZero()) {
      call.usedVariant("reproducible-folds");
      return MomentsState.ofExactSums(n, BigDecimal.ZERO, BigDecimal.ZERO);
    }
    double maxAbs = ReproducibleMode.maxAbs(backend, input);
    double bound = maxAbs * maxAbs;
    if (Double.isInfinite(bound)) {
      throw new ArithmeticException(
          "reproducible moments overflow: max|x|^2 exceeds the double range (max|x| = "
              + maxAbs
              + ")");
    }
    FoldPlan plan = FoldPlan.forMaxAbs(input.type(), bound);
    FoldSums squares = ReproducibleMode.foldDot(backend, input, input, plan, call);
    call.usedVariant("reproducible-folds");
    return MomentsState.ofExactSums(n, exact(sums), exact(squares));
  }

  /** The exact value of fold sums: {@code sum of sums[f] * 2^(topGrid - WIDTH * f)}. */
  static BigDecimal exact(FoldSums sums) {
    if (sums.isZero()) {
      return BigDecimal.ZERO;
    }
    long[] folds = sums.sums();
    BigDecimal total = BigDecimal.ZERO;
    for (int f = 0; f < folds.length; f++) {
      int grid = sums.topGrid() - FoldPlan.WIDTH * f;
      total = total.add(new BigDecimal(folds[f]).multiply(powerOfTwo(grid)));
    }
    return total;
  }

  private static BigDecimal powerOfTwo(int exponent) {
    return exponent >= 0
        ? new BigDecimal(BigInteger.ONE.shiftLeft(exponent))
        : new BigDecimal(BigInteger.valueOf(5).pow(-exponent), -exponent);
  }
}
