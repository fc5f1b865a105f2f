<#-- FoldLoops: the reproducible-mode loops, one overload per floating type (3 or 4 folds). -->
<#import "/@includes/loops.ftl" as l>
<#assign floating = types?filter(t -> t.floating)>
<#-- The plan's scaling factors of ${folds} folds as locals (the last fold's up factors only if ${lastUp}). -->
<#macro scales folds lastUp>
<#list 0..<folds as f>
    double d1${f} = p.down1(${f});
    double d2${f} = p.down2(${f});
<#if f?has_next || lastUp>
    double u1${f} = p.up1(${f});
    double u2${f} = p.up2(${f});
</#if>
</#list>
</#macro>
<#-- The running fold sums s0.. loaded from ${from}[], or stored back into ${to}[]. -->
<#macro load folds from>
<#list 0..<folds as f>
    long s${f} = ${from}[${f}];
</#list>
</#macro>
<#macro store folds to>
<#list 0..<folds as f>
    ${to}[${f}] = s${f};
</#list>
</#macro>
<#-- FoldPlan's per-element recipe: r split into the folds, each fold's integer added to its sum. -->
<#macro fold folds>
<#list 0..<folds as f>
<#if f?has_next>
      long k${f} = (long) ((r * d1${f}) * d2${f});
      s${f} += k${f};
      r = r - ((double) k${f} * u1${f}) * u2${f};
<#else>
      s${f} += (long) ((r * d1${f}) * d2${f});
</#if>
</#list>
</#macro>
<#-- The fold sums s0.. and up factors u1f, u2f, in the order of combine's parameters. -->
<#function combineArgs folds>
  <#return (0..<folds)?map(f -> "s${f}")?join(", ") + ", " + (0..<folds)?map(f -> "u1${f}, u2${f}")?join(", ")>
</#function>
<@l.javaFile name="FoldLoops" />

import dev.prims.DType;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;

/**
 * Sequential loops of reproducible mode over {@code [from, to)}, following {@link FoldPlan}'s
 * per-element recipe operation for operation: each element split into the plan's folds (3 for
 * float, 4 for double), whose integers are added to {@code sums}. Integer sums are exact, so the
 * chunking does not change the result. Generated from
 * backend-cpu/src/main/codegen/templates/FoldLoops.java.
 */
final class FoldLoops {
  private static final long MASK = (1L << FoldPlan.WIDTH) - 1;

  private FoldLoops() {}

  /**
   * The fold sums of {@code a[from..to)} at the top grid of its own largest magnitude (one pass
   * over memory: the range is read twice while it is in cache).
   */
  static FoldSums sumAtOwnTop(double[] a, int from, int to) {
    double max = 0;
    for (int i = from; i < to; i++) {
      max = Math.max(max, Math.abs(a[i]));
    }
    if (!Double.isFinite(max)) {
      return FoldSums.nonFinite(DType.DOUBLE);
    }
    if (max == 0) {
      return FoldSums.zero(DType.DOUBLE);
    }
    FoldPlan plan = FoldPlan.forMaxAbs(DType.DOUBLE, max);
    long[] sums = new long[plan.folds()];
    sum(a, from, to, plan, sums);
    return FoldSums.of(DType.DOUBLE, plan.topGrid(), sums);
  }

  /** {@link #sum} of a float or double array. */
  static void sum(Object a, int from, int to, FoldPlan p, long[] sums) {
<#list floating as type>
    if (a instanceof ${type.java}[]) {
      sum((${type.java}[]) a, from, to, p, sums);
      return;
    }
</#list>
    throw new IllegalArgumentException("no fold sum of " + a.getClass().getSimpleName());
  }

  /** {@link #dot} of two float or two double arrays. */
  static void dot(Object a, Object b, int from, int to, FoldPlan p, long[] sums) {
<#list floating as type>
    if (a instanceof ${type.java}[]) {
      dot((${type.java}[]) a, (${type.java}[]) b, from, to, p, sums);
      return;
    }
</#list>
    throw new IllegalArgumentException("no fold dot of " + a.getClass().getSimpleName());
  }

  /** {@link #scan} of a float or double array into one of the same type. */
  static void scan(
      Object in, Object out, int from, int to, FoldPlan p, long[] start, boolean inclusive) {
<#list floating as type>
    if (in instanceof ${type.java}[]) {
      scan((${type.java}[]) in, (${type.java}[]) out, from, to, p, start, inclusive);
      return;
    }
</#list>
    throw new IllegalArgumentException("no fold scan of " + in.getClass().getSimpleName());
  }
<#list floating as type>
<#assign T = type.java>
<#assign F = type.folds>

  /** Adds the folds of {@code a[from..to)} to {@code sums}. */
  static void sum(${T}[] a, int from, int to, FoldPlan p, long[] sums) {
<@scales folds=F lastUp=false />
<@load folds=F from="sums" />
    for (int i = from; i < to; i++) {
      double r = a[i];
<@fold folds=F />
    }
<@store folds=F to="sums" />
  }

  /** Adds the folds of the products {@code (double) a[i] * (double) b[i]} to {@code sums}. */
  static void dot(${T}[] a, ${T}[] b, int from, int to, FoldPlan p, long[] sums) {
<@scales folds=F lastUp=false />
<@load folds=F from="sums" />
    for (int i = from; i < to; i++) {
      double r = (double) a[i] * (double) b[i];
<@fold folds=F />
    }
<@store folds=F to="sums" />
  }

  /**
   * Scans {@code in[from..to)} into {@code out} starting from the fold sums {@code start}: each
   * output is {@link FoldPlan#combine} of the running sums (after the element when inclusive,
   * before it when exclusive), rounded to ${T}. In place is allowed.
   */
  static void scan(
      ${T}[] in, ${T}[] out, int from, int to, FoldPlan p, long[] start, boolean inclusive) {
<@scales folds=F lastUp=true />
<@load folds=F from="start" />
    for (int i = from; i < to; i++) {
      double r = in[i];
      if (!inclusive) {
        out[i] = (${T}) combine(${combineArgs(F)});
      }
<@fold folds=F />
      if (inclusive) {
        out[i] = (${T}) combine(${combineArgs(F)});
      }
    }
  }

  /** {@link FoldPlan#combine} of ${F} fold sums: normalized, then scaled and added in order. */
  private static double combine(
      ${(0..<F)?map(f -> "long s${f}")?join(", ")},
      ${(0..<F)?map(f -> "double u1${f}, double u2${f}")?join(", ")}) {
    long n${F - 1} = s${F - 1} & MASK;
<#list (F - 2)..1 as f>
    long t${f} = s${f} + (${(f == F - 2)?then("s" + (f + 1), "t" + (f + 1))} >> FoldPlan.WIDTH);
    long n${f} = t${f} & MASK;
</#list>
    long n0 = s0 + (t1 >> FoldPlan.WIDTH);
    return ${(0..<F)?map(f -> "((double) n${f} * u1${f}) * u2${f}")?join(" + ")};
  }
</#list>
}
