<#-- Reproducible-mode fold kernels, one per floating type: FloatFoldKernel and DoubleFoldKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="FoldKernel" floatingOnly=true; type, T, name>
<#-- folds compute in double: a float value is widened first, a double one is used as it is -->
<#assign wide = (T == "float")?then("(double) ", "")>

/**
 * Reproducible-mode folds of ${T} values, operation for operation as {@link
 * dev.prims.spi.FoldPlan} defines them (in double, round-to-nearest; each product in the recipe is
 * exact, so a fused multiply-add could not change it). Every element is split into {@code folds}
 * (at most {@link FoldKernel#MAX_FOLDS}) integers that are summed exactly in 64 bits: per work-item
 * in local memory, then per group as a tree (Aparapi has no 64-bit atomics); the host adds the
 * groups' sums. Modes: {@link FoldKernel#MODE_SUM}, {@link FoldKernel#MODE_DOT}, {@link
 * FoldKernel#MODE_SQUARES}, and for scans {@link FoldKernel#MODE_SCAN_REDUCE} (chunk sums) then
 * {@link FoldKernel#MODE_SCAN} (Hillis-Steele on the fold sums of each tile, from the chunk's
 * offset, each element's sums carried into canonical form, combined<#if T == "float"> and rounded
 * to float<#else> into a double</#if>).
 * Generated from backend-aparapi/src/main/codegen/templates/FoldKernel.java.
 */
final class ${name} extends Kernel implements FoldKernel {
  ${T}[] input = new ${T}[1];
  ${T}[] other = new ${T}[1];
  ${T}[] output = new ${T}[1];
  double[] scale = new double[4 * FoldKernel.MAX_FOLDS];
  long[] partials = new long[FoldKernel.MAX_FOLDS];
  long[] offsets = new long[FoldKernel.MAX_FOLDS];
  int n;
  int span;
  int folds;
  int mode;
  int exclusive;
  int chunk;
  @Local long[] sum0 = new long[AparapiReducePolicy.BLOCK_SIZE];
  @Local long[] sum1 = new long[AparapiReducePolicy.BLOCK_SIZE];
  @Local long[] sum2 = new long[AparapiReducePolicy.BLOCK_SIZE];
  @Local long[] sum3 = new long[AparapiReducePolicy.BLOCK_SIZE];

  /** Stands in for an array a mode does not use, so that no device copy of real data is made. */
  private final ${T}[] unused = new ${T}[1];

  @Override
  public void bind(Object input, Object other, Object output, int n, int folds, double[] scale) {
    this.input = (${T}[]) input;
    this.other = other == null ? unused : (${T}[]) other;
    this.output = output == null ? unused : (${T}[]) output;
    this.n = n;
    this.folds = folds;
    System.arraycopy(scale, 0, this.scale, 0, scale.length);
  }

  @Override
  public double[] scale() {
    return scale;
  }

  @Override
  public void mode(int mode, int span, int chunk, boolean exclusive) {
    this.mode = mode;
    this.span = span;
    this.chunk = chunk;
    this.exclusive = exclusive ? 1 : 0;
  }

  @Override
  public long[] partials(int groups) {
    if (partials.length < FoldKernel.MAX_FOLDS * groups) {
      partials = new long[FoldKernel.MAX_FOLDS * groups];
      offsets = new long[FoldKernel.MAX_FOLDS * groups];
    }
    return partials;
  }

  @Override
  public long[] offsets() {
    return offsets;
  }

  @Override
  public void run() {
    if (mode == FoldKernel.MODE_SCAN_REDUCE) {
      scanReduce();
    } else if (mode == FoldKernel.MODE_SCAN) {
      scan();
    } else {
      sumOrDot();
    }
  }

  private void sumOrDot() {
<@k.slice i="    " step="getGlobalSize()" />
    int lid = getLocalId();
    clearSums(lid);
    for (int r = 0; r < count; r++) {
      int i = start + r * step;
      double x = ${wide}input[i];
      if (mode == FoldKernel.MODE_DOT) {
        x = ${wide}input[i] * ${wide}other[i];
      } else if (mode == FoldKernel.MODE_SQUARES) {
        x = ${wide}input[i] * ${wide}input[i];
      }
      accumulate(lid, x);
    }
    localBarrier();
    treeToPartials(lid);
  }

  private void scanReduce() {
    int lid = getLocalId();
    int group = getGroupId();
    int start = chunkStart(group);
    int len = chunkLength(start);
    clearSums(lid);
    for (int k = lid; k < len; k = k + AparapiReducePolicy.BLOCK_SIZE) {
      accumulate(lid, ${wide}input[start + k]);
    }
    localBarrier();
    treeToPartials(lid);
  }

  private void scan() {
    int lid = getLocalId();
    int group = getGroupId();
    int start = chunkStart(group);
    int len = chunkLength(start);
    int at = FoldKernel.MAX_FOLDS * group;
    long carry0 = offsets[at];
    long carry1 = offsets[at + 1];
    long carry2 = offsets[at + 2];
    long carry3 = offsets[at + 3];
    for (int base = 0; base < len; base = base + AparapiReducePolicy.BLOCK_SIZE) {
      int k = base + lid;
      clearSums(lid);
      if (k < len) {
        accumulate(lid, ${wide}input[start + k]);
      }
      localBarrier();
      for (int offset = 1; offset < AparapiReducePolicy.BLOCK_SIZE; offset = offset * 2) {
        long v0 = sum0[lid];
        long v1 = sum1[lid];
        long v2 = sum2[lid];
        long v3 = sum3[lid];
        if (lid >= offset) {
          v0 = v0 + sum0[lid - offset];
          v1 = v1 + sum1[lid - offset];
          v2 = v2 + sum2[lid - offset];
          v3 = v3 + sum3[lid - offset];
        }
        localBarrier();
        sum0[lid] = v0;
        sum1[lid] = v1;
        sum2[lid] = v2;
        sum3[lid] = v3;
        localBarrier();
      }
      if (k < len) {
        long s0 = carry0 + sum0[lid];
        long s1 = carry1 + sum1[lid];
        long s2 = carry2 + sum2[lid];
        long s3 = carry3 + sum3[lid];
        if (exclusive == 1) {
          s0 = carry0;
          s1 = carry1;
          s2 = carry2;
          s3 = carry3;
          if (lid > 0) {
            s0 = carry0 + sum0[lid - 1];
            s1 = carry1 + sum1[lid - 1];
            s2 = carry2 + sum2[lid - 1];
            s3 = carry3 + sum3[lid - 1];
          }
        }
        output[start + k] = <#if T == "float">(float) </#if>combine(s0, s1, s2, s3);
      }
      carry0 = carry0 + sum0[AparapiReducePolicy.BLOCK_SIZE - 1];
      carry1 = carry1 + sum1[AparapiReducePolicy.BLOCK_SIZE - 1];
      carry2 = carry2 + sum2[AparapiReducePolicy.BLOCK_SIZE - 1];
      carry3 = carry3 + sum3[AparapiReducePolicy.BLOCK_SIZE - 1];
      localBarrier();
    }
  }

<@k.chunkBounds />

  private void clearSums(int lid) {
    sum0[lid] = 0L;
    sum1[lid] = 0L;
    sum2[lid] = 0L;
    sum3[lid] = 0L;
  }

  /**
   * Adds the folds of {@code x} to this work-item's sums, as FoldPlan.accumulate does. The factors
   * are {@code scale[4 * j + f]} for down1, down2, up1, up2 ({@code j} = 0..3) of fold {@code f}.
   */
  private void accumulate(int lid, double x) {
    double r = x;
<@k.foldDigits i="    " />
    sum0[lid] = sum0[lid] + k0;
    sum1[lid] = sum1[lid] + k1;
    sum2[lid] = sum2[lid] + k2;
    sum3[lid] = sum3[lid] + k3;
  }

<@k.foldCombine name="combine" owner="FoldKernel" />

  private void treeToPartials(int lid) {
    for (int s = AparapiReducePolicy.BLOCK_SIZE / 2; s > 0; s = s / 2) {
      if (lid < s) {
        sum0[lid] = sum0[lid] + sum0[lid + s];
        sum1[lid] = sum1[lid] + sum1[lid + s];
        sum2[lid] = sum2[lid] + sum2[lid + s];
        sum3[lid] = sum3[lid] + sum3[lid + s];
      }
      localBarrier();
    }
    if (lid == 0) {
      int at = FoldKernel.MAX_FOLDS * getGroupId();
      partials[at] = sum0[0];
      partials[at + 1] = sum1[0];
      partials[at + 2] = sum2[0];
      partials[at + 3] = sum3[0];
    }
  }
}
</@k.perType>
