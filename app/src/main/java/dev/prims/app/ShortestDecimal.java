package dev.prims.app;

import dev.prims.DType;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.function.Predicate;

/**
 * The shortest decimal (of at least two significant digits, the closest one when several are as
 * short) that reads back as the same {@code float} or {@code double}, written like {@link
 * Float#toString} (plain from 10^-3 to 10^7, else {@code d.dddE±x}): valid JSON numbers for finite
 * values. Java 17's own {@code toString} sometimes gives more digits than needed.
 */
final class ShortestDecimal {
  private ShortestDecimal() {}

  /**
   * {@code value} of {@code type} as text: integers in full, floating values as their shortest
   * decimal, non-finite ones as {@code NaN}, {@code Infinity}, {@code -Infinity}.
   */
  static String text(DType type, Number value) {
    switch (type) {
      case INT:
      case LONG:
        return Long.toString(value.longValue());
      case FLOAT:
        float f = value.floatValue();
        return Float.isFinite(f) ? of(f) : Float.toString(f);
      default:
        double d = value.doubleValue();
        return Double.isFinite(d) ? of(d) : Double.toString(d);
    }
  }

  /** The shortest round-tripping decimal of finite {@code v} in float precision. */
  static String of(float v) {
    return shortest(v, s -> Float.parseFloat(s) == v);
  }

  /** The shortest round-tripping decimal of finite {@code v} in double precision. */
  static String of(double v) {
    return shortest(v, s -> Double.parseDouble(s) == v);
  }

  /** The shortest decimal of finite {@code v} that {@code readsBack} as {@code v}. */
  private static String shortest(double v, Predicate<String> readsBack) {
    requireFinite(v);
    if (v == 0) {
      return Double.doubleToRawLongBits(v) < 0 ? "-0.0" : "0.0";
    }
    BigDecimal exact = new BigDecimal(v);
    for (int digits = 2; ; digits++) {
      BigDecimal d = roundTrip(exact, digits, readsBack);
      if (d != null) {
        return format(d, Math.abs(v));
      }
    }
  }

  private static BigDecimal roundTrip(BigDecimal exact, int digits, Predicate<String> readsBack) {
    BigDecimal nearest = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
    if (readsBack.test(nearest.toString())) {
      return nearest;
    }
    for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
      BigDecimal d = exact.round(new MathContext(digits, mode));
      if (readsBack.test(d.toString())) {
        return d;
      }
    }
    return null;
  }

  private static String format(BigDecimal d, double magnitude) {
    d = d.stripTrailingZeros();
    if (magnitude >= 1e-3 && magnitude < 1e7) {
      String plain = d.toPlainString();
      return plain.indexOf('.') >= 0 ? plain : plain + ".0";
    }
    String digits = d.unscaledValue().abs().toString();
    int exponent = d.precision() - d.scale() - 1;
    return (d.signum() < 0 ? "-" : "")
        + digits.charAt(0)
        + "."
        + (digits.length() > 1 ? digits.substring(1) : "0")
        + "E"
        + exponent;
  }

  private static void requireFinite(double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException("not a finite value: " + v);
    }
  }
}
