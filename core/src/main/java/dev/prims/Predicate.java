package dev.prims;

import dev.prims.spi.SelectProgram;
import java.util.function.DoublePredicate;
import java.util.function.IntPredicate;
import java.util.function.LongPredicate;

/**
 * A condition on one value that every backend can evaluate on its device, for {@link
 * Prims#select(int[], Predicate)} and {@link Prims#partition(int[], Predicate)}: a comparison with
 * a constant ({@code <}, {@code <=}, {@code >}, {@code >=}, {@code ==}, {@code !=}), a closed or
 * half-open range, not-NaN, and {@link #and}/{@link #or} of these.
 *
 * <p>A comparison means what Java's operator means for the value's type and the constant's: {@code
 * lessThan(5)} on floats is {@code x < 5f}, {@code lessThan(2.5)} on ints is {@code (double) x <
 * 2.5}, {@code equalTo(-0.0)} holds for both zeros, and every comparison with a NaN value is false
 * except {@code !=}. A NaN constant is refused (use {@link #notNaN()}). Immutable and thread-safe.
 */
public final class Predicate {
  /** The most instructions a predicate compiles to (each comparison, and or or is one). */
  public static final int MAX_TERMS = SelectProgram.MAX_INSTRUCTIONS;

  private enum Kind {
    LT("<"),
    LE("<="),
    GT(">"),
    GE(">="),
    EQ("=="),
    NE("!="),
    NOT_NAN("notNaN"),
    AND("and"),
    OR("or");

    final String symbol;

    Kind(String symbol) {
      this.symbol = symbol;
    }
  }

  private final Kind kind;
  private final boolean integral;
  private final long longConstant;
  private final double doubleConstant;
  private final Predicate left;
  private final Predicate right;
  private final int terms;
  private final int depth;

  private Predicate(
      Kind kind,
      boolean integral,
      long longConstant,
      double doubleConstant,
      Predicate left,
      Predicate right) {
    this.kind = kind;
    this.integral = integral;
    this.longConstant = longConstant;
    this.doubleConstant = doubleConstant;
    this.left = left;
    this.right = right;
    this.terms = left == null ? 1 : left.terms + right.terms + 1;
    this.depth = left == null ? 1 : Math.max(left.depth, right.depth + 1);
    if (terms > MAX_TERMS || depth > SelectProgram.MAX_DEPTH) {
      throw new IllegalArgumentException(
          "a predicate holds at most "
              + MAX_TERMS
              + " terms nested at most "
              + SelectProgram.MAX_DEPTH
              + " deep; this one has "
              + terms
              + " terms nested "
              + depth
              + " deep");
    }
  }

  private static Predicate compare(Kind kind, long c) {
    return new Predicate(kind, true, c, 0, null, null);
  }

  private static Predicate compare(Kind kind, double c) {
    if (Double.isNaN(c)) {
      throw new IllegalArgumentException(
          "a comparison " + kind.symbol + " NaN is never true; use Predicate.notNaN()");
    }
    return new Predicate(kind, false, 0, c, null, null);
  }

  /** {@code x < c}. */
  public static Predicate lessThan(long c) {
    return compare(Kind.LT, c);
  }

  /** {@code x < c}. */
  public static Predicate lessThan(double c) {
    return compare(Kind.LT, c);
  }

  /** {@code x <= c}. */
  public static Predicate atMost(long c) {
    return compare(Kind.LE, c);
  }

  /** {@code x <= c}. */
  public static Predicate atMost(double c) {
    return compare(Kind.LE, c);
  }

  /** {@code x > c}. */
  public static Predicate greaterThan(long c) {
    return compare(Kind.GT, c);
  }

  /** {@code x > c}. */
  public static Predicate greaterThan(double c) {
    return compare(Kind.GT, c);
  }

  /** {@code x >= c}. */
  public static Predicate atLeast(long c) {
    return compare(Kind.GE, c);
  }

  /** {@code x >= c}. */
  public static Predicate atLeast(double c) {
    return compare(Kind.GE, c);
  }

  /** {@code x == c}. */
  public static Predicate equalTo(long c) {
    return compare(Kind.EQ, c);
  }

  /** {@code x == c}. */
  public static Predicate equalTo(double c) {
    return compare(Kind.EQ, c);
  }

  /** {@code x != c}. */
  public static Predicate notEqualTo(long c) {
    return compare(Kind.NE, c);
  }

  /** {@code x != c}. */
  public static Predicate notEqualTo(double c) {
    return compare(Kind.NE, c);
  }

  /**
   * The closed range {@code lower <= x && x <= upper}.
   *
   * @throws IllegalArgumentException when {@code lower > upper} (naming both)
   */
  public static Predicate between(long lower, long upper) {
    checkRange(lower, upper);
    return atLeast(lower).and(atMost(upper));
  }

  /** {@link #between(long, long)} with floating bounds (neither NaN). */
  public static Predicate between(double lower, double upper) {
    checkRange(lower, upper);
    return atLeast(lower).and(atMost(upper));
  }

  /**
   * The half-open range {@code lower <= x && x < upper}.
   *
   * @throws IllegalArgumentException when {@code lower > upper} (naming both)
   */
  public static Predicate inRange(long lower, long upper) {
    checkRange(lower, upper);
    return atLeast(lower).and(lessThan(upper));
  }

  /** {@link #inRange(long, long)} with floating bounds (neither NaN). */
  public static Predicate inRange(double lower, double upper) {
    checkRange(lower, upper);
    return atLeast(lower).and(lessThan(upper));
  }

  private static void checkRange(double lower, double upper) {
    if (!(lower <= upper)) {
      throw new IllegalArgumentException(
          "a range needs lower <= upper, got lower " + lower + " and upper " + upper);
    }
  }

  /** The value is not NaN (always true for int and long values). */
  public static Predicate notNaN() {
    return new Predicate(Kind.NOT_NAN, false, 0, 0, null, null);
  }

  /** Both this and {@code other} hold. */
  public Predicate and(Predicate other) {
    return new Predicate(Kind.AND, false, 0, 0, this, operand(other, "and"));
  }

  /** This or {@code other} holds. */
  public Predicate or(Predicate other) {
    return new Predicate(Kind.OR, false, 0, 0, this, operand(other, "or"));
  }

  private static Predicate operand(Predicate other, String op) {
    if (other == null) {
      throw new IllegalArgumentException("the operand of " + op + " must not be null");
    }
    return other;
  }

  /**
   * This predicate as a program for values of {@code type} (see {@link SelectProgram}): comparisons
   * already resolved to Java's promotion for the type (integer compare or double compare, the
   * constant converted as Java converts it).
   */
  public long[] program(DType type) {
    SelectProgram.Builder b = new SelectProgram.Builder();
    emit(type, b);
    return b.build();
  }

  private void emit(DType type, SelectProgram.Builder b) {
    switch (kind) {
      case AND, OR -> {
        left.emit(type, b);
        right.emit(type, b);
        b.add(kind == Kind.AND ? SelectProgram.AND : SelectProgram.OR, 0);
      }
      case NOT_NAN -> b.add(SelectProgram.NOT_NAN, 0);
      default -> {
        int op = SelectProgram.LT + kind.ordinal();
        if (integerCompare(type)) {
          b.add(op | SelectProgram.INTEGER_MODE, longConstant);
        } else {
          b.add(op, Double.doubleToRawLongBits(doubleConstant(type)));
        }
      }
    }
  }

  private boolean integerCompare(DType type) {
    return integral && !type.isFloating();
  }

  /** The constant as Java promotes it against a value of {@code type}, in double. */
  private double doubleConstant(DType type) {
    if (!integral) {
      return doubleConstant;
    }
    return type == DType.FLOAT ? (double) (float) longConstant : (double) longConstant;
  }

  /** This predicate on int values, as Java evaluates it. */
  public IntPredicate onInts() {
    LongPredicate p = onLongs(DType.INT);
    return x -> p.test(x);
  }

  /** This predicate on long values, as Java evaluates it. */
  public LongPredicate onLongs() {
    return onLongs(DType.LONG);
  }

  private LongPredicate onLongs(DType type) {
    switch (kind) {
      case AND:
        return left.onLongs(type).and(right.onLongs(type));
      case OR:
        return left.onLongs(type).or(right.onLongs(type));
      case NOT_NAN:
        return x -> true;
      default:
        if (integral) {
          long c = longConstant;
          return switch (kind) {
            case LT -> x -> x < c;
            case LE -> x -> x <= c;
            case GT -> x -> x > c;
            case GE -> x -> x >= c;
            case EQ -> x -> x == c;
            default -> x -> x != c;
          };
        }
        DoublePredicate d = doubleCompare(doubleConstant);
        return x -> d.test((double) x);
    }
  }

  /** This predicate on float values (each widened exactly to double), as Java evaluates it. */
  public DoublePredicate onFloats() {
    return onFloating(DType.FLOAT);
  }

  /** This predicate on double values, as Java evaluates it. */
  public DoublePredicate onDoubles() {
    return onFloating(DType.DOUBLE);
  }

  private DoublePredicate onFloating(DType type) {
    switch (kind) {
      case AND:
        return left.onFloating(type).and(right.onFloating(type));
      case OR:
        return left.onFloating(type).or(right.onFloating(type));
      case NOT_NAN:
        return x -> !Double.isNaN(x);
      default:
        return doubleCompare(doubleConstant(type));
    }
  }

  private DoublePredicate doubleCompare(double c) {
    return switch (kind) {
      case LT -> x -> x < c;
      case LE -> x -> x <= c;
      case GT -> x -> x > c;
      case GE -> x -> x >= c;
      case EQ -> x -> x == c;
      default -> x -> x != c;
    };
  }

  @Override
  public String toString() {
    switch (kind) {
      case AND, OR:
        return "(" + left + " " + kind.symbol + " " + right + ")";
      case NOT_NAN:
        return "x notNaN";
      default:
        return "x " + kind.symbol + " " + (integral ? Long.toString(longConstant) : doubleConstant);
    }
  }
}
