<#-- Segmented arg-min/arg-max kernels, one per element type: IntSegmentArgKernel ... DoubleSegmentArgKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="SegmentArgKernel"; type, T, name>

/**
 * Segmented arg-min ({@code min == 1}) or arg-max of ${T}s over pieces: work-item {@code p} scans
 * the non-empty piece {@code [starts[p], starts[p + 1])} (a segment, or a part of a long one) in
 * index order and writes the index of its first extreme element to {@code index[p]}; the host joins
 * the pieces of each segment in the order of dev.prims.spi.ArgOrder.
<#if type.floating>
 * A NaN beats everything, {@code -0.0} ranks below {@code 0.0}.
</#if>
 * Generated from backend-aparapi/src/main/codegen/templates/SegmentArgKernel.java.
 */
final class ${name} extends Kernel implements SegmentArgKernel {
  ${T}[] a = new ${T}[1];
  int[] starts = new int[1];
  int[] index = new int[1];
  int pieces;
  int min;

  @Override
  public void bind(Object a, int[] starts, int pieces, boolean min) {
    this.a = (${T}[]) a;
    this.starts = starts;
    this.pieces = pieces;
    this.min = min ? 1 : 0;
    if (index.length < pieces) {
      index = new int[pieces];
    }
  }

  @Override
  public int[] index() {
    return index;
  }

  @Override
  public void run() {
    int p = getGlobalId();
    if (p < pieces) {
      int from = starts[p];
      int to = starts[p + 1];
      ${T} best = a[from];
      int at = from;
      for (int j = from + 1; j < to; j++) {
        ${T} x = a[j];
        if (beats(x, best) == 1) {
          best = x;
          at = j;
        }
      }
      index[p] = at;
    }
  }

<@k.beats type=type T=T />
}
</@k.perType>
