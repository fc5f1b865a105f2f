<#-- ReduceLoops: the sequential reduce loops, one overload per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="ReduceLoops" />

import dev.prims.ReduceOp;
import java.util.function.IntToLongFunction;

/**
 * Sequential reduce loops over {@code [from, to)}, one loop per type and operator with the switch
 * outside the loop. Sums, minima and maxima keep {@link CpuPolicy#ACCUMULATORS} independent
 * accumulators merged pairwise, so several operations are in flight (C2 on Java 17 does not
 * vectorise these reductions, and one accumulator runs at one add's latency per element). Integer
 * results, minima and maxima are the same in any order; floating sums follow this fixed order.
 * Integer arithmetic wraps like Java's; floating MIN/MAX follow {@link Math#min}/{@link Math#max}
 * (NaN wins, -0.0 below 0.0). Generated from backend-cpu/src/main/codegen/templates/ReduceLoops.java.
 */
final class ReduceLoops {
  private ReduceLoops() {}
<#list types as type>
<#assign T = type.java>

  static ${T} reduce(${T}[] a, int from, int to, ReduceOp op) {
    switch (op) {
<#list l.opsOf(type) as o>
      case ${o.name}:
<#if o.lanes>
        return ${o.name?lower_case}(a, from, to);
<#else>
        {
          ${T} acc = ${l.identity(o, type)};
          for (int i = from; i < to; i++) {
            ${l.update(o, "acc", "a[i]")}
          }
          return acc;
        }
</#if>
</#list>
      default:
        throw new IllegalArgumentException(op + " is not defined for ${T}");
    }
  }

  /**
   * Reduces segments {@code [first, end)} into {@code out}, segment {@code s} being {@code
   * a[offsets(s)..offsets(s + 1))}: the loops of {@link #reduce}, with the operator's switch taken
   * once for all the segments (short segments are too cheap to pay a dispatch each).
   */
  static void reduceSegments(
      ${T}[] a, IntToLongFunction offsets, int first, int end, ${T}[] out, ReduceOp op) {
    // each offset read once: a segment's end is the next one's start (offsets(end) exists)
    int from = (int) offsets.applyAsLong(first);
    switch (op) {
<#list l.opsOf(type) as o>
      case ${o.name}:
        for (int s = first; s < end; s++) {
          int to = (int) offsets.applyAsLong(s + 1);
<#if o.lanes>
          out[s] = ${o.name?lower_case}(a, from, to);
<#else>
          ${T} acc = ${l.identity(o, type)};
          for (int i = from; i < to; i++) {
            ${l.update(o, "acc", "a[i]")}
          }
          out[s] = acc;
</#if>
          from = to;
        }
        return;
</#list>
      default:
        throw new IllegalArgumentException(op + " is not defined for ${T}");
    }
  }
<#list l.opsOf(type)?filter(o -> o.lanes) as o>

  /** The ${o.name} of {@code a[from..to)}, in eight independent accumulators. */
  static ${T} ${o.name?lower_case}(${T}[] a, int from, int to) {
<@l.lanes type=type op=o element="a[@i]" />
  }
</#list>

  static ${T} apply(ReduceOp op, ${T} a, ${T} b) {
    switch (op) {
<#list l.opsOf(type) as o>
      case ${o.name}:
        return ${l.combine(o, "a", "b")};
</#list>
      default:
        throw new IllegalArgumentException(op + " is not defined for ${T}");
    }
  }

  /**
   * Combines {@code p[lo..hi)} pairwise (a balanced tree, so the chain is ceil(log2 n)<#if !type.floating>; exact
   * in any order</#if>).
   */
  static ${T} pairwise(${T}[] p, int lo, int hi, ReduceOp op) {
    if (hi - lo == 1) {
      return p[lo];
    }
    int mid = (lo + hi) >>> 1;
    return apply(op, pairwise(p, lo, mid, op), pairwise(p, mid, hi, op));
  }
</#list>
}
