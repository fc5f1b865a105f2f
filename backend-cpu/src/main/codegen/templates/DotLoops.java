<#-- DotLoops: the sequential fused dot loops, one overload per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="DotLoops" />

/**
 * Sequential fused dot loops over {@code [from, to)}: products summed as they are formed, no
 * temporary array. Floating loops keep {@link CpuPolicy#ACCUMULATORS} independent accumulators;
 * integer loops keep one and wrap like Java's arithmetic. Generated
 * from backend-cpu/src/main/codegen/templates/DotLoops.java.
 */
final class DotLoops {
  private DotLoops() {}
<#list types as type>
<#assign T = type.java>

  static ${T} dot(${T}[] a, ${T}[] b, int from, int to) {
<#if type.floating>
<@l.lanes type=type op=l.op("SUM") element="a[@i] * b[@i]" />
<#else>
    ${T} acc = 0;
    for (int i = from; i < to; i++) {
      acc += a[i] * b[i];
    }
    return acc;
</#if>
  }
</#list>
}
