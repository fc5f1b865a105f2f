<#-- Predicate: the Java source, the six comparisons written once from the table below. -->
<#-- kind: the Kind constant (in SelectProgram's order, LT first), op: Java's operator, name: the factory. -->
<#assign comparisons = [
  {"kind": "LT", "op": "<", "name": "lessThan"}, {"kind": "LE", "op": "<=", "name": "atMost"},
  {"kind": "GT", "op": ">", "name": "greaterThan"}, {"kind": "GE", "op": ">=", "name": "atLeast"},
  {"kind": "EQ", "op": "==", "name": "equalTo"}, {"kind": "NE", "op": "!=", "name": "notEqualTo"}]>
<#-- The comparison of kind as a lambda of x against the constant c, each line after indent. -->
<#macro compareSwitch indent>
${indent}return switch (kind) {
<#list comparisons as c>
${indent}  ${c?is_last?then("default", "case " + c.kind)} -> x -> x ${c.op} c;
</#list>
${indent}};
</#macro>
<#-- The AND and OR cases of a switch on kind: both sides' predicates by method, joined. -->
<#macro junctions method>
<#list ["and", "or"] as j>
      case ${j?upper_case}:
        return left.${method}(type).${j}(right.${method}(type));
</#list>
</#macro>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/Predicate.java" />
// Generated from core/src/main/codegen/templates/Predicate.java: edit the template, not this file.
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
<#list comparisons as c>
    ${c.kind}("${c.op}"),
</#list>
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

<#list comparisons as c>
<#list ["long", "double"] as T>
  /** {@code x ${c.op} c}. */
  public static Predicate ${c.name}(${T} c) {
    return compare(Kind.${c.kind}, c);
  }

</#list>
</#list>
<#list [
    {"name": "between", "upper": "atMost", "range": "closed", "op": "<="},
    {"name": "inRange", "upper": "lessThan", "range": "half-open", "op": "<"}] as r>
<#list ["long", "double"] as T>
<#if T == "long">
  /**
   * The ${r.range} range {@code lower <= x && x ${r.op} upper}.
   *
   * @throws IllegalArgumentException when {@code lower > upper} (naming both)
   */
<#else>
  /** {@link #${r.name}(long, long)} with floating bounds (neither NaN). */
</#if>
  public static Predicate ${r.name}(${T} lower, ${T} upper) {
    checkRange(lower, upper);
    return atLeast(lower).and(${r.upper}(upper));
  }

</#list>
</#list>
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
    if (type == DType.LONG) {
      long[] lowered = build(type, true);
      if (SelectProgram.fits(lowered)) {
        return lowered;
      }
    }
    return build(type, false);
  }

  private long[] build(DType type, boolean longsAsIntegers) {
    SelectProgram.Builder b = new SelectProgram.Builder();
    emit(type, longsAsIntegers, b);
    return b.build();
  }

  /**
   * Appends this predicate's instructions. With {@code longsAsIntegers} (long values only), a
   * comparison with a floating constant becomes comparisons of integers, which a device compares
   * with fewer registers than a conversion of every value to double (see {@link
   * LongDoubleComparison}).
   */
  private void emit(DType type, boolean longsAsIntegers, SelectProgram.Builder b) {
    switch (kind) {
      case AND, OR -> {
        left.emit(type, longsAsIntegers, b);
        right.emit(type, longsAsIntegers, b);
        b.add(kind == Kind.AND ? SelectProgram.AND : SelectProgram.OR, 0);
      }
      case NOT_NAN -> b.add(SelectProgram.NOT_NAN, 0);
      default -> {
        int op = SelectProgram.LT + kind.ordinal();
        if (integerCompare(type)) {
          b.add(op | SelectProgram.INTEGER_MODE, longConstant);
        } else if (longsAsIntegers) {
          LongDoubleComparison.emit(op, doubleConstant, b);
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
<@junctions method="onLongs"/>
      case NOT_NAN:
        return x -> true;
      default:
        if (integral) {
          long c = longConstant;
<@compareSwitch indent="          "/>
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
<@junctions method="onFloating"/>
      case NOT_NAN:
        return x -> !Double.isNaN(x);
      default:
        return doubleCompare(doubleConstant(type));
    }
  }

  private DoublePredicate doubleCompare(double c) {
<@compareSwitch indent="    "/>
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
