<#-- Reduce kernels, one per element type: IntReduceKernel ... DoubleReduceKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="ReduceKernel"; type, T, name>

/**
 * Reduce of ${T} values: each work-item folds a grid-strided slice, or a contiguous span when {@code
 * span > 0} (CPU devices), SUM with four independent accumulators; the group folds its work-items
 * as a tree in local memory, and work-item 0 writes the group's partial.
<#if type.floating>
 * MIN/MAX follow {@link Math#min}/{@link Math#max} (NaN wins, -0.0 below 0.0); sums accumulate in
 * ${T}.
<#else>
 * Arithmetic wraps like Java's.
</#if>
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

  @Override
  public void span(int span) {
    this.span = span;
  }

  @Override
  public Object partials(int groups) {
    if (partials.length < groups) {
      partials = new ${T}[groups];
    }
    return partials;
  }

  @Override
  public void run() {
    int lid = getLocalId();
<@k.slice i="    " step="getGlobalSize()" />
    ${T} acc = identity;
    if (op == OpCode.SUM) {
      ${T} acc1 = ${type.zero};
      ${T} acc2 = ${type.zero};
      ${T} acc3 = ${type.zero};
      int rounds = count / 4;
      int step4 = 4 * step;
      for (int r = 0; r < rounds; r++) {
        int j = start + r * step4;
        acc = acc + input[j];
        acc1 = acc1 + input[j + step];
        acc2 = acc2 + input[j + 2 * step];
        acc3 = acc3 + input[j + 3 * step];
      }
      for (int r = rounds * 4; r < count; r++) {
        acc = acc + input[start + r * step];
      }
      acc = (acc + acc1) + (acc2 + acc3);
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
