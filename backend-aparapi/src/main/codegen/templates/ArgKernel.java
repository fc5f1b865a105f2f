<#-- Arg-min/arg-max kernels, one per element type: IntArgKernel ... DoubleArgKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="ArgKernel"; type, T, name>

/**
 * Arg-min ({@code min == 1}) or arg-max of ${T}s: each work-item scans its slice in index order
 * and writes the first element that no later one beats, and its index, to {@code values[id]} and
 * {@code index[id]} ({@code index} -1 for an empty slice); the host picks the winner of those in
 * the order of dev.prims.spi.ArgOrder.
<#if type.floating>
 * A NaN beats everything, {@code -0.0} ranks below {@code 0.0}.
</#if>
 * Generated from backend-aparapi/src/main/codegen/templates/ArgKernel.java.
 */
final class ${name} extends Kernel implements ArgKernel {
  ${T}[] a = new ${T}[1];
  ${T}[] values = new ${T}[1];
  int[] index = new int[1];
  int n;
  int span;
  int min;

  @Override
  public void bind(Object a, int n, boolean min) {
    this.a = (${T}[]) a;
    this.n = n;
    this.min = min ? 1 : 0;
  }

<@k.span />

  @Override
  public Object values(int items) {
    if (values.length < items) {
      values = new ${T}[items];
      index = new int[items];
    }
    return values;
  }

  @Override
  public int[] index() {
    return index;
  }

  @Override
  public void run() {
<@k.slice i="    " step="getGlobalSize()" />
    int at = -1;
    ${T} best = ${type.zero};
    for (int r = 0; r < count; r++) {
      int j = start + r * step;
      ${T} x = a[j];
      if (at < 0 || beats(x, best) == 1) {
        best = x;
        at = j;
      }
    }
    values[first] = best;
    index[first] = at;
  }

<@k.beats type=type T=T />
}
</@k.perType>
