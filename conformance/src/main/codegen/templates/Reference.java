<#-- Reference: the suite's sequential Java answers, one branch or overload per element type. -->
<#import "/@includes/switch.ftl" as s>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/conformance/Reference.java" />
<#-- The wrapping dot of two ${T} arrays a and b, each line indented by ${i}. -->
<#macro integerDot T i>
${i}${T}[] x = (${T}[]) a;
${i}${T}[] y = (${T}[]) b;
${i}${T} acc = 0;
${i}for (int i = 0; i < x.length; i++) {
${i}  acc += x[i] * y[i];
${i}}
${i}return acc;
</#macro>
package dev.prims.conformance;

import dev.prims.DType;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import dev.prims.ReduceOp;

/**
 * Plain sequential Java answers for every primitive, the expectations of the suite. Generated from
 * conformance/src/main/codegen/templates/Reference.java.
 */
public final class Reference {
  private Reference() {}

  /** Expected histogram: counts per bin and the number of values outside every bin. */
  public record Histogram(long[] counts, long outOfRange) {}

  /** Folds {@code array} left to right with {@code op} in its own type (Java semantics). */
  public static Number fold(Object array, ReduceOp op) {
    DType type = DType.ofArray(array);
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@s.case type type?is_last/>:
        {
          ${T} acc = op.identity(type).${T}Value();
          for (${T} v : (${T}[]) array) {
            acc = apply(op, acc, v);
          }
          return acc;
        }
</#list>
    }
  }

  /** The sequential inclusive or exclusive scan of {@code array} in its own type. */
  public static Object scan(Object array, ReduceOp op, boolean inclusive) {
    int[] whole = {0, java.lang.reflect.Array.getLength(array)};
    return segmentedScan(array, whole, op, inclusive);
  }

  /**
   * The fold of each segment {@code [offsets[s], offsets[s + 1])} of {@code array} as {@link
   * #fold} gives it, one element per segment, in the array's type.
   */
  public static Object segmentedFold(Object array, int[] offsets, ReduceOp op) {
    DType type = DType.ofArray(array);
    int segments = offsets.length - 1;
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@s.case type type?is_last/>:
        {
          ${T}[] in = (${T}[]) array;
          ${T}[] out = new ${T}[segments];
          ${T} identity = op.identity(type).${T}Value();
          for (int s = 0; s < segments; s++) {
            ${T} acc = identity;
            for (int i = offsets[s]; i < offsets[s + 1]; i++) {
              acc = apply(op, acc, in[i]);
            }
            out[s] = acc;
          }
          return out;
        }
</#list>
    }
  }

  /**
   * The scan of each segment {@code [offsets[s], offsets[s + 1])} of {@code array} as {@link #scan}
   * gives it, each from the identity, in place of the segment's elements; {@code offsets} run from
   * 0 to the array's length.
   */
  public static Object segmentedScan(
      Object array, int[] offsets, ReduceOp op, boolean inclusive) {
    DType type = DType.ofArray(array);
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@s.case type type?is_last/>:
        {
          ${T}[] in = (${T}[]) array;
          ${T}[] out = new ${T}[in.length];
          ${T} identity = op.identity(type).${T}Value();
          for (int s = 0; s + 1 < offsets.length; s++) {
            ${T} acc = identity;
            for (int i = offsets[s]; i < offsets[s + 1]; i++) {
              ${T} next = apply(op, acc, in[i]);
              out[i] = inclusive ? next : acc;
              acc = next;
            }
          }
          return out;
        }
</#list>
    }
  }

  /** The accurate sum of a float or double array. */
  public static ExactSum sum(Object array) {
    ExactSum s = new ExactSum();
    int n = java.lang.reflect.Array.getLength(array);
    for (int i = 0; i < n; i++) {
      s.add(element(array, i));
    }
    return s;
  }

  /** The accurate dot product of two float or double arrays of equal length. */
  public static ExactSum dot(Object a, Object b) {
    ExactSum s = new ExactSum();
    int n = java.lang.reflect.Array.getLength(a);
    for (int i = 0; i < n; i++) {
      s.addProduct(element(a, i), element(b, i));
    }
    return s;
  }

  /** The integer dot product, wrapping like Java, boxed as the inputs' type. */
  public static Number integerDot(Object a, Object b) {
<#list types?filter(t -> !t.floating) as type>
<#if type?is_last>
<@integerDot type.java "    "/>
<#else>
    if (a instanceof ${type.java}[]) {
<@integerDot type.java "      "/>
    }
</#if>
</#list>
  }

  /** Element {@code i} of a float or double array, widened to double. */
  public static double element(Object array, int i) {
    return array instanceof float[] ? ((float[]) array)[i] : ((double[]) array)[i];
  }

  /** The histogram of integer keys or floating values under {@code spec}. */
  public static Histogram histogram(Object array, HistogramSpec spec) {
    long[] counts = new long[spec.bins()];
    long out = 0;
    int bins = spec.bins();
<#list types as type>
<#assign T = type.java>
<#if type?is_first>
    if (array instanceof ${T}[]) {
<#elseif type?is_last>
    } else {
<#else>
    } else if (array instanceof ${T}[]) {
</#if>
<#if type.floating>
      EvenBins even = EvenBins.of(spec, DType.${T?upper_case});
      for (${T} v : (${T}[]) array) {
        int b = even.binOf(v);
        if (b >= 0) {
          counts[b]++;
        } else {
          out++;
        }
      }
<#else>
      for (${T} k : (${T}[]) array) {
        if (k >= 0 && k < bins) {
          counts[<#if T != "int">(int) </#if>k]++;
        } else {
          out++;
        }
      }
</#if>
</#list>
    }
    return new Histogram(counts, out);
  }
<#list types as type>
<#assign T = type.java>

  /** {@code a op b} in Java arithmetic on ${T}s (integer sums and products wrap). */
  public static ${T} apply(ReduceOp op, ${T} a, ${T} b) {
    switch (op) {
      case SUM:
        return a + b;
      case PROD:
        return a * b;
      case MIN:
        return Math.min(a, b);
      case MAX:
        return Math.max(a, b);
<#if type.floating>
      default:
        throw new IllegalArgumentException(op + " on ${T}");
<#else>
      case AND:
        return a & b;
      case OR:
        return a | b;
      default:
        return a ^ b;
</#if>
    }
  }
</#list>
}
