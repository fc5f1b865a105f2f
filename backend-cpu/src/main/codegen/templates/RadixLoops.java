<#-- RadixLoops: the loops of the LSD radix sort, per key type (transforms) and per key width (passes). -->
<#import "/@includes/loops.ftl" as l>
<#-- The radix bits' Java type of a key type: int for int and float keys, long for long and double. -->
<#function bitsOf type>
  <#return (type.java == "int" || type.java == "float")?then("int", "long")>
</#function>
<@l.javaFile name="RadixLoops" />

import java.util.Arrays;

/**
 * The loops of {@link CpuRadixSort} over {@code [from, to)}. Keys become radix bits (an {@code int}
 * for int and float keys, a {@code long} for long and double keys) whose unsigned order is the sort
 * order: integers flip the sign bit; floating keys take the bits of {@link Float#floatToIntBits}
 * (every NaN the one canonical NaN, so that NaNs are equal keys and come after +Infinity) and flip
 * the sign bit of positives and every bit of negatives; descending complements the bits. Digits are 8 bits wide. Generated from
 * backend-cpu/src/main/codegen/templates/RadixLoops.java.
 */
final class RadixLoops {
  /** Bits of one digit. */
  static final int DIGIT_BITS = 8;

  /** Values of one digit. */
  static final int RADIX = 1 << DIGIT_BITS;

  private RadixLoops() {}
<#list types as type>
<#assign T = type.java>
<#assign B = (T == "int" || T == "float")?then("int", "long")>
<#assign L = (B == "long")?then("L", "")>
<#assign SIGN = (B == "int")?then("Integer.MIN_VALUE", "Long.MIN_VALUE")>

  /** Writes the radix bits of {@code keys[from, to)} to {@code bits} (may be {@code keys}). */
  static void toBits(${T}[] keys, ${B}[] bits, boolean descending, int from, int to) {
<#if !type.floating>
    ${B} mask = descending ? ~${SIGN} : ${SIGN};
    for (int i = from; i < to; i++) {
      bits[i] = keys[i] ^ mask;
    }
<#else>
<#assign RAW = (T == "float")?then("Float.floatToIntBits", "Double.doubleToLongBits")>
    ${B} flip = descending ? -1${L} : 0${L};
    for (int i = from; i < to; i++) {
      ${B} raw = ${RAW}(keys[i]);
      ${B} k = raw < 0 ? ~raw : raw | ${SIGN};
      bits[i] = k ^ flip;
    }
</#if>
  }

  /** Writes {@code bits[from, to)} back as keys (the inverse of {@code toBits}). */
  static void fromBits(${B}[] bits, ${T}[] keys, boolean descending, int from, int to) {
<#if !type.floating>
    ${B} mask = descending ? ~${SIGN} : ${SIGN};
    for (int i = from; i < to; i++) {
      keys[i] = bits[i] ^ mask;
    }
<#else>
<#assign FROM = (T == "float")?then("Float.intBitsToFloat", "Double.longBitsToDouble")>
    ${B} flip = descending ? -1${L} : 0${L};
    for (int i = from; i < to; i++) {
      ${B} k = bits[i] ^ flip;
      keys[i] = ${FROM}(k < 0 ? k ^ ${SIGN} : ~k);
    }
</#if>
  }

  /** Reverses {@code keys} in place (a descending sort below the radix sort's size). */
  static void reverse(${T}[] keys) {
    for (int i = 0, j = keys.length - 1; i < j; i++, j--) {
      ${T} t = keys[i];
      keys[i] = keys[j];
      keys[j] = t;
    }
  }
</#list>

  /** Sorts {@code keys} (an array of an element type) in place, reversed when descending. */
  static void comparisonSort(Object keys, boolean descending) {
<#list types as type>
<@l.arrayBranch on="keys" java=type.java name="a" first=type?is_first last=type?is_last />
      Arrays.sort(a);
      if (descending) {
        reverse(a);
      }
</#list>
    }
  }

  /** {@code toBits} of {@code keys} (an array of an element type) into its radix bits' array. */
  static void toBits(Object keys, Object bits, boolean descending, int from, int to) {
<#list types as type>
<@l.arrayBranch on="keys" java=type.java name="a" first=type?is_first last=type?is_last />
      toBits(a, (${bitsOf(type)}[]) bits, descending, from, to);
</#list>
    }
  }

  /** {@code fromBits} of radix bits into {@code keys} (an array of an element type). */
  static void fromBits(Object bits, Object keys, boolean descending, int from, int to) {
<#list types as type>
<@l.arrayBranch on="keys" java=type.java name="a" first=type?is_first last=type?is_last />
      fromBits((${bitsOf(type)}[]) bits, a, descending, from, to);
</#list>
    }
  }

  /** {@code countAll} of radix bits in an int[] or long[]. */
  static void countAll(Object bits, int from, int to, int[] counts) {
<#list ["int", "long"] as B>
<@l.arrayBranch on="bits" java=B name="a" first=B?is_first last=B?is_last />
      countAll(a, from, to, counts);
</#list>
    }
  }

  /** {@code count} of radix bits in an int[] or long[]. */
  static void count(Object bits, int from, int to, int shift, int mask, int[] counts) {
<#list ["int", "long"] as B>
<@l.arrayBranch on="bits" java=B name="a" first=B?is_first last=B?is_last />
      count(a, from, to, shift, mask, counts);
</#list>
    }
  }

  /** {@code scatter} of radix bits in an int[] or long[] ({@code dst} of the same type). */
  static void scatter(
      Object src, Object dst, Object values, Object valuesDst, int from, int to, int shift, int mask,
      int[] next) {
<#list ["int", "long"] as B>
<@l.arrayBranch on="src" java=B name="a" first=B?is_first last=B?is_last />
      scatter(a, (${B}[]) dst, values, valuesDst, from, to, shift, mask, next);
</#list>
    }
  }
<#list ["int", "long"] as B>
<#assign PASSES = (B == "int")?then(4, 8)>

  /** Counts every digit of {@code bits[from, to)}: pass {@code p}'s counts at {@code p * RADIX}. */
  static void countAll(${B}[] bits, int from, int to, int[] counts) {
    for (int i = from; i < to; i++) {
      ${B} x = bits[i];
<#list 0..<PASSES as p>
      counts[${p * 256} + (int) ((x >>> ${p * 8}) & 0xFF)]++;
</#list>
    }
  }

  /** Counts the digit at {@code shift} (of the bits in {@code mask}) of {@code bits[from, to)}. */
  static void count(${B}[] bits, int from, int to, int shift, int mask, int[] counts) {
    for (int i = from; i < to; i++) {
      counts[(int) (bits[i] >>> shift) & mask]++;
    }
  }

  /**
   * Moves {@code src[from, to)} (and {@code values[from, to)} beside them when not null, an int[] or
   * long[]) to the next slot of their digit at {@code shift} (of the bits in {@code mask}),
   * advancing {@code next}; the scatter keeps the input order of equal digits.
   */
  static void scatter(
      ${B}[] src, ${B}[] dst, Object values, Object valuesDst, int from, int to, int shift, int mask,
      int[] next) {
    if (values == null) {
      for (int i = from; i < to; i++) {
        ${B} x = src[i];
        dst[next[(int) (x >>> shift) & mask]++] = x;
      }
<#list ["int", "long"] as V>
    } else if (values instanceof ${V}[] v) {
      ${V}[] vd = (${V}[]) valuesDst;
      for (int i = from; i < to; i++) {
        ${B} x = src[i];
        int at = next[(int) (x >>> shift) & mask]++;
        dst[at] = x;
        vd[at] = v[i];
      }
</#list>
    } else {
      throw new IllegalArgumentException("values must be an int[] or long[]");
    }
  }
</#list>
}
