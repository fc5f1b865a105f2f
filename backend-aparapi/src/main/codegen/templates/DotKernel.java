<#-- Dot kernels, one per element type: IntDotKernel ... DoubleDotKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="DotKernel"; type, T, name>

/**
 * Dot product of two ${T} arrays: each work-item sums the products of a grid-strided slice, or a
 * contiguous span when {@code span > 0} (CPU devices), with four independent accumulators; the
 * group sums its work-items as a tree in local memory, and work-item 0 writes the group's partial.
<#if type.floating>
 * Products and sums are rounded in ${T}.
<#else>
 * Arithmetic wraps like Java's.
</#if>
 * Generated from backend-aparapi/src/main/codegen/templates/DotKernel.java.
 */
final class ${name} extends Kernel implements DotKernel {
  ${T}[] a = new ${T}[1];
  ${T}[] b = new ${T}[1];
  ${T}[] partials = new ${T}[1];
  int n;
  int span;
  int squares;
  @Local ${T}[] scratch = new ${T}[AparapiReducePolicy.BLOCK_SIZE];

  /** Stands in for {@code b} in a dot of {@code a} with itself. */
  private final ${T}[] unused = new ${T}[1];

  @Override
  public void bind(Object a, Object b, int n) {
    this.a = (${T}[]) a;
    this.squares = b == null ? 1 : 0;
    this.b = b == null ? unused : (${T}[]) b;
    this.n = n;
  }

<@k.spanAndPartials T=T />

  @Override
  public void run() {
    int lid = getLocalId();
<@k.slice i="    " step="getGlobalSize()" />
    ${T} acc = ${type.zero};
<@k.sum4 i="    " T=T zero=type.zero term="a[J] * second(J)" />
    scratch[lid] = acc;
<@k.tree i="    " policy="AparapiReducePolicy" target="partials[getGroupId()]" useCombine=false />
  }

  /** The second factor at {@code j}: {@code b[j]}, or {@code a[j]} for a dot of a with itself. */
  private ${T} second(int j) {
    return squares == 1 ? a[j] : b[j];
  }
}
</@k.perType>
