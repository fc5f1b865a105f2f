<#-- HistogramLoops: the sequential histogram loops, one overload per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="HistogramLoops" />

import dev.prims.DType;
import dev.prims.EvenBins;

/**
 * Sequential histogram loops over {@code [from, to)} into private int counts (a worker never sees
 * more than 2^31 - 1 values). Values out of range are not counted here; the caller derives their
 * number from the total. Integer values are keys (key k counts in bin k when 0 <= k < bins);
 * floating values fall in even bins following {@link EvenBins#binOf} bit for bit. Generated from
 * backend-cpu/src/main/codegen/templates/HistogramLoops.java.
 */
final class HistogramLoops {
  private HistogramLoops() {}

  /**
   * Counts {@code values[from..to)}, an array of {@code type}, into {@code counts}; {@code even} is
   * the bin layout of floating types (unused for keys).
   */
  static void count(DType type, Object values, int from, int to, EvenBins even, int[] counts) {
    switch (type) {
<#list types as type>
      <@l.case type=type last=type?is_last />:
<#if type.floating>
        even((${type.java}[]) values, from, to, even, counts);
<#else>
        keys((${type.java}[]) values, from, to, counts);
</#if>
<#if !type?is_last>
        break;
</#if>
</#list>
    }
  }
<#list types as type>
<#assign T = type.java>
<#if type.floating>
<#assign F = (T == "float")?then("F", "")>

  static void even(${T}[] a, int from, int to, EvenBins spec, int[] counts) {
    ${T} lo = spec.lo${F}();
    ${T} hi = spec.hi${F}();
    ${T} scale = spec.scale${F}();
    int bins = counts.length;
    int last = bins - 1;
    for (int i = from; i < to; i++) {
      ${T} v = a[i];
      if (v >= lo && v < hi) {
        ${T} t = (v - lo) * scale;
        if (t >= 0) {
          counts[t < bins ? (int) t : last]++;
        }
      }
    }
  }
<#else>

  static void keys(${T}[] a, int from, int to, int[] counts) {
    int bins = counts.length;
    for (int i = from; i < to; i++) {
      ${T} k = a[i];
      if (k >= 0 && k < bins) {
        counts[(int) k]++;
      }
    }
  }
</#if>
</#list>
}
