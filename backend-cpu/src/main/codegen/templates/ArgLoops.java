<#-- ArgLoops: the arg-min and arg-max loops, one overload per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="ArgLoops" />

/**
 * Arg-min and arg-max loops over {@code [from, to)} in the order of {@link dev.prims.spi.ArgOrder}:
 * a plain comparison per element, as a hand-written loop would do (a later element wins only when
 * strictly more extreme, so the first of equal values stays), with the two cases the comparison
 * cannot see handled apart: the first NaN ends the search (it wins under both operators), and when
 * the extreme is a zero the chunk is searched again for the first zero of the right sign ({@code
 * -0.0} ranks below {@code +0.0}). Integer loops first test each block of {@link #BLOCK} elements
 * for any element beyond the best so far with branch-free arithmetic that C2 vectorises (the sign
 * bit of an OR over the block), and run the comparison loop only over the blocks that pass; on
 * random data almost none do. Generated from backend-cpu/src/main/codegen/templates/ArgLoops.java.
 */
final class ArgLoops {
  /** Elements of an integer loop's block (see the class comment). */
  static final int BLOCK = 512;

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
<#list [{"name": "argMin", "cmp": "<", "beyond": "below"}, {"name": "argMax", "cmp": ">", "beyond": "above"}] as m>

  static int ${m.name}(${T}[] a, int from, int to) {
    ${T} best = a[from];
    int at = from;
    int i = from + 1;
    for (; i <= to - BLOCK; i += BLOCK) {
      if (${m.beyond}(a, i, best) < 0) {
        for (int j = i; j < i + BLOCK; j++) {
          if (a[j] ${m.cmp} best) {
            best = a[j];
            at = j;
          }
        }
      }
    }
    for (; i < to; i++) {
      if (a[i] ${m.cmp} best) {
        best = a[i];
        at = i;
      }
    }
    return at;
  }
</#list>

<#list [{"name": "above", "flag": "(signs & best) | (~signs & (best - x))"}, {"name": "below", "flag": "(signs & x) | (~signs & (x - best))"}] as f>

  /**
   * Negative when some element of {@code a[from, from + BLOCK)} is ${f.name} {@code best}: where an
   * element x and best differ in sign, x is ${f.name} best exactly when <#if f.name == "above">best<#else>x</#if> is negative; else the
   * difference cannot overflow and its sign says it.
   */
  private static ${T} ${f.name}(${T}[] a, int from, ${T} best) {
    ${T} flags = 0;
    for (int j = from; j < from + BLOCK; j++) {
      ${T} x = a[j];
      ${T} signs = best ^ x;
      flags |= ${f.flag};
    }
    return flags;
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
