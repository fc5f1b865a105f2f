package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.spi.CallContext;
import dev.prims.spi.Histogrammer;

/**
 * Histogram. {@code shared-atomics} (default): each group counts with int atomics into its own row
 * of bins in local memory (a {@code @Local AtomicInteger[]}, the only local atomics Aparapi 3.0.2
 * can emit) and stores it as its row in global memory; a second pass sums the rows into long
 * counts, one group per bin. {@code group-rows}: the rows are counted into with atomics in global
 * memory, then merged the same way. {@code global-atomics}: all groups add to one shared int row,
 * which the merge widens to long. When the bins exceed the local row the call runs {@code
 * group-rows}, and when even one row of {@code group-rows} exceeds its memory budget it runs {@code
 * global-atomics}; the result says so. Each call is a single Aparapi run of several passes, so no
 * count has to survive on the device from one run to the next ({@link HistogramKernel}).
 */
record AparapiHistogrammer(DriverContext context) implements Histogrammer {
  /** Per-group rows in local memory, added to one global row. */
  static final String SHARED_ATOMICS = "shared-atomics";

  /** Per-group rows in global memory merged in a last pass. */
  static final String GROUP_ROWS = "group-rows";

  /** One shared row of int atomics. */
  static final String GLOBAL_ATOMICS = "global-atomics";

  @Override
  public long histogram(
      DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
    AparapiBuffer in = context.buffers().own(input);
    AparapiBuffer out = context.buffers().own(counts);
    DType type = in.type();
    spec.requireCompatible(type);
    int bins = spec.bins();
    Histogrammer.requireCounts(out, bins);
    int n = in.size();
    int mode = mode(call.variant(), bins, call);
    int computeUnits = context.shape().computeUnits();
    int groups =
        switch (mode) {
          case HistogramKernel.MODE_SHARED_ATOMICS ->
              AparapiHistogramPolicy.sharedGroups(n, computeUnits, bins);
          case HistogramKernel.MODE_GROUP_ROWS ->
              AparapiHistogramPolicy.rowGroups(n, computeUnits, bins);
          default -> AparapiHistogramPolicy.groups(n, computeUnits);
        };
    int block = AparapiHistogramPolicy.BLOCK_SIZE;
    int items = groups * block;
    int global = Math.max(items, AparapiHistogramPolicy.cover(bins));
    KernelHandle<?> handle = context.kernels().histogram(type);
    return handle.locked(
        k -> {
          HistogramKernel kernel = (HistogramKernel) k;
          kernel.bind(in.array(), n, spec, out.array());
          kernel.shape(
              mode, groups, mode == HistogramKernel.MODE_GLOBAL_ATOMICS ? bins : groups * bins);
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

  /**
   * The kernel mode for the requested variant ({@code null} for the default), stepping down from
   * {@code shared-atomics} to {@code group-rows} to {@code global-atomics} where the bins do not
   * fit, and saying so in the call.
   */
  private static int mode(String requested, int bins, CallContext call) {
    if (GLOBAL_ATOMICS.equals(requested)) {
      return HistogramKernel.MODE_GLOBAL_ATOMICS;
    }
    if (!GROUP_ROWS.equals(requested)) {
      if (AparapiHistogramPolicy.sharedFits(bins)) {
        return HistogramKernel.MODE_SHARED_ATOMICS;
      }
      call.note(
          bins
              + " bins are too many for a row in local memory (at most "
              + AparapiHistogramPolicy.LOCAL_BINS
              + ")");
    }
    if (AparapiHistogramPolicy.rowsFit(bins)) {
      if (!GROUP_ROWS.equals(requested)) {
        call.usedVariant(GROUP_ROWS);
      }
      return HistogramKernel.MODE_GROUP_ROWS;
    }
    call.usedVariant(GLOBAL_ATOMICS);
    call.note(bins + " bins are too many for one row per group");
    return HistogramKernel.MODE_GLOBAL_ATOMICS;
  }
}
