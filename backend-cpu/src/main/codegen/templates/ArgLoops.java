<#-- ArgLoops: the arg-min and arg-max loops, one overload per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="ArgLoops" />

/**
 * Arg-min and arg-max loops over {@code [from, to)} in the order of {@link dev.prims.spi.ArgOrder}:
 * a plain comparison per element, as a hand-written loop would do (a later element wins only when
 * strictly more extreme, so the first of equal values stays), with the two cases the comparison
 * cannot see handled apart: the first NaN ends the search (it wins under both operators), and when
 * the extreme is a zero the chunk is searched again for the first zero of the right sign ({@code
 * -0.0} ranks below {@code +0.0}). Integer loops are the plain loop too: a vectorised test of each
 * block for an element beyond the best (tried until 2026-11-27) ran 1.3x faster on an AMD EPYC's
 * two cores but 15-25 % slower on the 16-core Xeon of the GPU host, where each core's loop is
 * bound by the memory it can draw (docs/results/h100-cpu16-argmax-loops-2026-11-27.txt). Generated
 * from backend-cpu/src/main/codegen/templates/ArgLoops.java.
 */
final class ArgLoops {
  private ArgLoops() {}

  /**
   * The index of the first extreme element of the non-empty {@code values[from, to)} ({@code
   * values} an array of an element type): its first minimum when {@code min}, else its first
   * maximum.
   */
  static int arg(Object values, int from, int to, boolean min) {
<#list types as type>
<@l.arrayBranch on="values" java=type.java name="a" first=type?is_first last=type?is_last />
<#if type.floating>
      return arg(a, from, to, min);
<#else>
      return min ? argMin(a, from, to) : argMax(a, from, to);
</#if>
</#list>
    }
  }
<#list types as type>
<#assign T = type.java>
<#if !type.floating>
<#list [{"name": "argMin", "cmp": "<"}, {"name": "argMax", "cmp": ">"}] as m>

  static int ${m.name}(${T}[] a, int from, int to) {
    ${T} best = a[from];
    int at = from;
    for (int i = from + 1; i < to; i++) {
      if (a[i] ${m.cmp} best) {
        best = a[i];
        at = i;
      }
    }
    return at;
  }
</#list>
<#else>

  static int arg(${T}[] a, int from, int to, boolean min) {
    ${T} best = a[from];
    int at = from;
    if (best != best) {
      return at;
    }
<#list [{"test": "min", "cmp": ">="}, {"test": "else", "cmp": "<="}] as m>
<#if m.test == "min">
    if (min) {
<#else>
    } else {
</#if>
      for (int i = from + 1; i < to; i++) {
        ${T} x = a[i];
        if (!(x ${m.cmp} best)) {
          if (x != x) {
            return i;
          }
          best = x;
          at = i;
        }
      }
</#list>
    }
    if (best == 0) {
      ${type.bitsJava} want = min ? ${type.negativeZeroBits} : ${type.zeroBits};
      for (int i = at; i < to; i++) {
        if (${type.bits}(a[i]) == want) {
          return i;
        }
      }
    }
    return at;
  }
</#if>
</#list>
}
