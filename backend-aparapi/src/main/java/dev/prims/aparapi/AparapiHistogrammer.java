package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;

/**
 * Histogram. {@code group-rows} (default): each group counts with int atomics into its own row of
 * bins, privatised like a shared-memory histogram but in global memory, because Aparapi 3.0.2 can
 * only emit atomics on global arrays; a merge run sums the rows into long counts. {@code
 * global-atomics}: all groups add to one shared int row, which the merge widens to long. When even
 * one row of {@code group-rows} exceeds its memory budget the call runs {@code global-atomics} and
 * says so in the result. Each call is a single Aparapi run of several passes, so the rows never
 * have to survive on the device from one run to the next ({@link HistogramKernel}).
 */
final class AparapiHistogrammer implements Histogrammer {
  /** Per-group rows merged in a second run. */
  static final String GROUP_ROWS = "group-rows";

  /** One shared row of int atomics. */
  static final String GLOBAL_ATOMICS = "global-atomics";

  private final DriverContext context;

  AparapiHistogrammer(DriverContext context) {
    this.context = context;
  }

  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    AparapiBuffer in = context.buffers().own(input);
    AparapiBuffer out = context.buffers().own(counts);
    DType type = in.type();
    spec.requireCompatible(type);
    int bins = spec.bins();
    if (out.type() != DType.LONG || out.size() < bins) {
      throw new IllegalArgumentException(
          "histogram counts must be a long buffer of "
              + bins
              + " elements, got "
              + out.type().id()
              + " with "
              + out.size());
    }
    int n = in.size();
    boolean globalRequested = GLOBAL_ATOMICS.equals(call.variant());
    boolean ownRows = !globalRequested && AparapiHistogramPolicy.rowsFit(bins);
    if (!ownRows && !globalRequested) {
      call.usedVariant(GLOBAL_ATOMICS);
      call.note(bins + " bins are too many for one row per group");
    }
    int groups =
        ownRows
            ? AparapiHistogramPolicy.rowGroups(n, context.shape().computeUnits(), bins)
            : AparapiHistogramPolicy.groups(n, context.shape().computeUnits());
    int block = AparapiHistogramPolicy.BLOCK_SIZE;
    int items = groups * block;
    int global = Math.max(items, AparapiHistogramPolicy.cover(bins));
    int mode = ownRows ? HistogramKernel.MODE_GROUP_ROWS : HistogramKernel.MODE_GLOBAL_ATOMICS;
    KernelHandle<?> handle = context.kernels().histogram(type);
    return handle.locked(
        k -> {
          HistogramKernel kernel = (HistogramKernel) k;
          kernel.bind(in.array(), n, spec, out.array());
          kernel.shape(mode, groups, ownRows ? groups * bins : bins);
          kernel.span(context.shape().span(n, items));
          handle.bind("input", in);
          if (out.size() > bins) {
            handle.bind("counts", out);
          }
          context.launcher().launch(handle, global, block, HistogramKernel.passes(mode), call);
          handle.fetch("counts", out);
          int[] outOfRange = kernel.outOfRange();
          handle.get(outOfRange);
          long total = 0;
          for (int g = 0; g < groups; g++) {
            total += outOfRange[g];
          }
          return total;
        });
  }
}
