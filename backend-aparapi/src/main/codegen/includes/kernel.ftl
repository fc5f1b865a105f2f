<#--
  Pieces of kernel code that several families share, written once. Each macro writes Java lines
  indented by ${i}; the code must stay plain Java that Aparapi translates to OpenCL (no lambdas,
  no generics, no calls outside the kernel class but Kernel's own).
-->
<#-- The boxed-style name of a type: Int, Long, Float, Double. -->
<#function cap type>
  <#return type.java?cap_first>
</#function>
<#--
  One kernel class per element type of config.fmpp (the floating ones alone when floatingOnly),
  named cap(type) + suffix (floatingSuffix for floating types, when given): writes its package and
  import lines and hands the nested body the type, its Java name and the class name.
-->
<#macro perType suffix floatingSuffix="" floatingOnly=false>
<@pp.dropOutputFile />
<#list types as type>
<#if type.floating || !floatingOnly>
<#local name = cap(type) + (type.floating && floatingSuffix != "")?then(floatingSuffix, suffix)>
<@pp.changeOutputFile name="/dev/prims/aparapi/${name}.java" />
package dev.prims.aparapi;

import com.aparapi.Kernel;
<#nested type, type.java, name>
</#if>
</#list>
</#macro>
<#--
  The slice of the input one work-item reads: grid-strided from its global id by ${step}, or, when
  span > 0 (CPU devices), the contiguous span starting at first * span. Declares first, step, start
  and count.
-->
<#macro slice i step>
${i}int first = getGlobalId();
${i}int step = ${step};
${i}int start = first;
${i}int count = 0;
${i}if (span > 0) {
${i}  step = 1;
${i}  long from = (long) first * span;
${i}  start = n;
${i}  if (from < n) {
${i}    start = (int) from;
${i}    count = n - start;
${i}    if (count > span) {
${i}      count = span;
${i}    }
${i}  }
${i}} else if (first < n) {
${i}  count = (n - 1 - first) / step + 1;
${i}}
</#macro>
<#--
  Adds ${term} over the slice (see slice) to acc, which the caller declares, with three more
  independent accumulators over four-element rounds, added pairwise at the end. ${term} is the
  summand of element J (J stands for its index expression).
-->
<#macro sum4 i T zero term>
${i}${T} acc1 = ${zero};
${i}${T} acc2 = ${zero};
${i}${T} acc3 = ${zero};
${i}int rounds = count / 4;
${i}int step4 = 4 * step;
${i}for (int r = 0; r < rounds; r++) {
${i}  int j = start + r * step4;
${i}  acc = acc + ${term?replace("J", "j")};
${i}  acc1 = acc1 + ${term?replace("J", "j + step")};
${i}  acc2 = acc2 + ${term?replace("J", "j + 2 * step")};
${i}  acc3 = acc3 + ${term?replace("J", "j + 3 * step")};
${i}}
${i}for (int r = rounds * 4; r < count; r++) {
${i}  acc = acc + ${term?replace("J", "start + r * step")};
${i}}
${i}acc = (acc + acc1) + (acc2 + acc3);
</#macro>
<#--
  The Javadoc lines on the arithmetic of a kernel in ${type}: floating MIN/MAX as Math.min and
  Math.max, sums in the type itself; integer arithmetic wrapping.
-->
<#macro arithmetic type>
<#if type.floating>
 * MIN/MAX follow {@link Math#min}/{@link Math#max} (NaN wins, -0.0 below 0.0); sums accumulate in
 * ${type.java}.
<#else>
 * Arithmetic wraps like Java's.
</#if>
</#macro>
<#--
  The kernel methods chunkStart(group) and chunkLength(start): group's chunk of the fields chunk
  and n, its first element (n when past the end) and its length (the last chunk may be shorter).
-->
<#macro chunkBounds>
  private int chunkStart(int group) {
    long from = (long) group * chunk;
    int start = n;
    if (from < n) {
      start = (int) from;
    }
    return start;
  }

  private int chunkLength(int start) {
    int len = n - start;
    if (len > chunk) {
      len = chunk;
    }
    return len;
  }
</#macro>
<#-- The host side's span(int): sets the field span (see slice). -->
<#macro span>
  @Override
  public void span(int span) {
    this.span = span;
  }
</#macro>
<#--
  The host side of a kernel that writes one ${T} partial per work-group: span(int) (see span), and
  partials(groups) grows the field partials to at least that many.
-->
<#macro spanAndPartials T>
<@span />

  @Override
  public Object partials(int groups) {
    if (partials.length < groups) {
      partials = new ${T}[groups];
    }
    return partials;
  }
</#macro>
<#--
  The group's tree in local memory over scratch[0..BLOCK_SIZE) of ${policy}, combining with
  combine() or with +, then work-item 0 writes scratch[0] to ${target}.
-->
<#macro tree i policy target useCombine>
${i}localBarrier();
${i}for (int s = ${policy}.BLOCK_SIZE / 2; s > 0; s = s / 2) {
${i}  if (lid < s) {
<#if useCombine>
${i}    scratch[lid] = combine(scratch[lid], scratch[lid + s]);
<#else>
${i}    scratch[lid] = scratch[lid] + scratch[lid + s];
</#if>
${i}  }
${i}  localBarrier();
${i}}
${i}if (lid == 0) {
${i}  ${target} = scratch[0];
${i}}
</#macro>
<#--
  combine(a, b) of the operator in the field op. Integers: SUM, PROD, MIN, MAX, AND, OR, XOR with
  Java's wrapping arithmetic. Floating types: SUM, PROD, and MIN/MAX as Math.min/Math.max (NaN wins,
  -0.0 below 0.0) in minOf/maxOf, written with comparisons and arithmetic only.
-->
<#macro combine type>
  private ${type.java} combine(${type.java} a, ${type.java} b) {
    ${type.java} r = a + b;
    if (op == OpCode.PROD) {
      r = a * b;
    } else if (op == OpCode.MIN) {
<#if type.floating>
      r = minOf(a, b);
    } else if (op == OpCode.MAX) {
      r = maxOf(a, b);
    }
<#else>
      r = a < b ? a : b;
    } else if (op == OpCode.MAX) {
      r = a > b ? a : b;
    } else if (op == OpCode.AND) {
      r = a & b;
    } else if (op == OpCode.OR) {
      r = a | b;
    } else if (op == OpCode.XOR) {
      r = a ^ b;
    }
</#if>
    return r;
  }
<#if type.floating>

  private ${type.java} minOf(${type.java} a, ${type.java} b) {
    ${type.java} r = a < b ? a : b;
    if (a == ${type.zero} && b == ${type.zero}) {
      r = -((-a) + (-b));
    }
    if (b != b) {
      r = b;
    }
    if (a != a) {
      r = a;
    }
    return r;
  }

  private ${type.java} maxOf(${type.java} a, ${type.java} b) {
    ${type.java} r = a > b ? a : b;
    if (a == ${type.zero} && b == ${type.zero}) {
      r = a + b;
    }
    if (b != b) {
      r = b;
    }
    if (a != a) {
      r = a;
    }
    return r;
  }
</#if>
</#macro>
<#--
  The method ${name}(s0, s1, s2, s3): FoldPlan.combine of four fold sums, carried into canonical
  form (each fold keeps its low WIDTH bits of ${owner} and passes the rest up, from the last fold),
  then scaled back by scale[8..15] and added in order. Needs the fields folds and scale.
-->
<#macro foldCombine name owner>
  /**
   * FoldPlan.combine of the fold sums: carried into canonical form (each fold keeps its low {@code
   * WIDTH} bits and passes the rest up, from the last fold), then scaled back and added in order.
   */
  private double ${name}(long s0, long s1, long s2, long s3) {
    long t3 = s3;
    long t2 = s2;
    if (folds == 4) {
      t2 = t2 + (t3 >> ${owner}.WIDTH);
      t3 = t3 & ${owner}.DIGIT_MASK;
    }
    long t1 = s1 + (t2 >> ${owner}.WIDTH);
    t2 = t2 & ${owner}.DIGIT_MASK;
    long t0 = s0 + (t1 >> ${owner}.WIDTH);
    t1 = t1 & ${owner}.DIGIT_MASK;
    double v = ((double) t0 * scale[8]) * scale[12];
    v = v + ((double) t1 * scale[9]) * scale[13];
    v = v + ((double) t2 * scale[10]) * scale[14];
    if (folds == 4) {
      v = v + ((double) t3 * scale[11]) * scale[15];
    }
    return v;
  }
</#macro>
<#--
  FoldPlan.accumulate's split of the double r into its fold integers k0..k3 (k3 is 0 unless four
  folds): the factors are scale[4 * j + f] for down1, down2, up1, up2 (j = 0..3) of fold f. Needs
  the fields folds and scale; declares k0..k3 and changes r.
-->
<#macro foldDigits i>
${i}long k0 = (long) ((r * scale[0]) * scale[4]);
${i}r = r - ((double) k0 * scale[8]) * scale[12];
${i}long k1 = (long) ((r * scale[1]) * scale[5]);
${i}r = r - ((double) k1 * scale[9]) * scale[13];
${i}long k2 = (long) ((r * scale[2]) * scale[6]);
${i}long k3 = 0L;
${i}if (folds == 4) {
${i}  r = r - ((double) k2 * scale[10]) * scale[14];
${i}  k3 = (long) ((r * scale[3]) * scale[7]);
${i}}
</#macro>
<#--
  The arg-min (field min == 1) / arg-max comparison of ${T}s, as a kernel method beats(x, best): 1
  when x is strictly more extreme than best (a NaN beats everything, -0.0 ranks below 0.0).
-->
<#macro beats type T>
  /** 1 when {@code x} is strictly more extreme than {@code best}. */
  private int beats(${T} x, ${T} best) {
    int r = 0;
<#if type.floating>
    if (best == best) {
      if (x != x) {
        r = 1;
      } else if (min == 1) {
        if (x < best || (x == ${type.zero} && best == ${type.zero} && 1 / x < 0 && 1 / best > 0)) {
          r = 1;
        }
      } else if (x > best || (x == ${type.zero} && best == ${type.zero} && 1 / x > 0 && 1 / best < 0)) {
        r = 1;
      }
    }
<#else>
    if (min == 1) {
      if (x < best) {
        r = 1;
      }
    } else if (x > best) {
      r = 1;
    }
</#if>
    return r;
  }
</#macro>
