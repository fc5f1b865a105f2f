<#-- ArgLoops: the arg-min and arg-max loops, one overload per element type. -->
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/cpu/ArgLoops.java" />
package dev.prims.cpu;

/**
 * Arg-min and arg-max loops over {@code [from, to)} in the order of {@link dev.prims.spi.ArgOrder}:
 * one plain comparison per element, as a hand-written loop would do (a later element wins only when
 * strictly more extreme, so the first of equal values stays), with the two cases the comparison
 * cannot see handled apart: the first NaN ends the search (it wins under both operators), and when
 * the extreme is a zero the chunk is searched again for the first zero of the right sign ({@code
 * -0.0} ranks below {@code +0.0}). Generated from backend-cpu/src/main/codegen/templates/ArgLoops.java.
 */
final class ArgLoops {
  private ArgLoops() {}
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
