<#-- MomentsLoops: one chunk's moments, one overload per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="MomentsLoops" />

import dev.prims.spi.MomentsState;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * One chunk's moments over {@code [from, to)}: floating values as sums shifted by the chunk's first
 * element (four accumulator pairs in double), integers as exact sums. Generated from
 * backend-cpu/src/main/codegen/templates/MomentsLoops.java.
 */
final class MomentsLoops {
  private MomentsLoops() {}

  /** The moments of {@code [from, to)} of an int, long, float or double array. */
  static MomentsState chunk(Object array, int from, int to, long first) {
<#list types as type>
<#if type?has_next>
    if (array instanceof ${type.java}[] a) {
      return moments(a, from, to);
    }
<#else>
    return moments((${type.java}[]) array, from, to);
</#if>
</#list>
  }
<#list types as type>
<#assign T = type.java>
<#if type.floating>

  static MomentsState moments(${T}[] a, int from, int to) {
    double shift = a[from];
<#list ["s", "q"] as v><#list 0..3 as k>
    double ${v}${k} = 0;
</#list></#list>
    int i = from;
    for (; i <= to - 4; i += 4) {
<#list 0..3 as k>
      double d${k} = a[i<#if k != 0> + ${k}</#if>] - shift;
</#list>
<#list 0..3 as k>
      s${k} += d${k};
</#list>
<#list 0..3 as k>
      q${k} += d${k} * d${k};
</#list>
    }
    for (; i < to; i++) {
      double d = a[i] - shift;
      s0 += d;
      q0 += d * d;
    }
    return MomentsState.ofShiftedSums(
        to - from, shift, (s0 + s1) + (s2 + s3), (q0 + q1) + (q2 + q3));
  }
<#elseif T == "int">

  /** Exact: the sum in a long, each square (below 2^62) split into 32-bit halves. */
  static MomentsState moments(int[] a, int from, int to) {
    long sum = 0;
    long high = 0;
    long low = 0;
    for (int i = from; i < to; i++) {
      long x = a[i];
      long square = x * x;
      sum += x;
      high += square >>> 32;
      low += square & 0xffffffffL;
    }
    BigInteger squares = BigInteger.valueOf(high).shiftLeft(32).add(BigInteger.valueOf(low));
    return MomentsState.ofExactSums(to - from, BigDecimal.valueOf(sum), new BigDecimal(squares));
  }
<#else>

  /** Exact: the eight words of {@link MomentsState#accumulate}. */
  static MomentsState moments(long[] a, int from, int to) {
    long[] words = new long[8];
    for (int i = from; i < to; i++) {
      MomentsState.accumulate(a[i], words);
    }
    return MomentsState.ofIntegerSums(to - from, words);
  }
</#if>
</#list>
}
