<#-- Reduce kernels, one per element type: IntReduceKernel ... DoubleReduceKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="ReduceKernel"; type, T, name>

/**
 * Reduce of ${T} values: each work-item folds a grid-strided slice, or a contiguous span when {@code
 * span > 0} (CPU devices), SUM with four independent accumulators; the group folds its work-items
 * as a tree in local memory, and work-item 0 writes the group's partial.
<@k.arithmetic type=type />
 * Generated from backend-aparapi/src/main/codegen/templates/ReduceKernel.java.
 */
final class ${name} extends Kernel implements ReduceKernel {
  ${T}[] input = new ${T}[1];
  ${T}[] partials = new ${T}[1];
  int n;
  int span;
  int op;
  ${T} identity;
  @Local ${T}[] scratch = new ${T}[AparapiReducePolicy.BLOCK_SIZE];

  @Override
  public void bind(Object input, int n, int op, Number identity) {
    this.input = (${T}[]) input;
    this.n = n;
    this.op = op;
    this.identity = identity.${T}Value();
  }

<@k.spanAndPartials T=T />

  @Override
  public void run() {
    int lid = getLocalId();
<@k.slice i="    " step="getGlobalSize()" />
    ${T} acc = identity;
    if (op == OpCode.SUM) {
<@k.sum4 i="      " T=T zero=type.zero term="input[J]" />
    } else {
      for (int r = 0; r < count; r++) {
        acc = combine(acc, input[start + r * step]);
      }
    }
    scratch[lid] = acc;
<@k.tree i="    " policy="AparapiReducePolicy" target="partials[getGroupId()]" useCombine=true />
  }

<@k.combine type=type />
}
</@k.perType>
