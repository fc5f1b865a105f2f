<#--
  Histogram kernels, one per element type: IntKeyHistogramKernel and LongKeyHistogramKernel count
  integer keys, FloatBinHistogramKernel and DoubleBinHistogramKernel count floating values into
  even bins.
-->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="KeyHistogramKernel" floatingSuffix="BinHistogramKernel"; type, T, name>
<#if type.floating>
import dev.prims.DType;
import dev.prims.EvenBins;
</#if>
import dev.prims.HistogramSpec;
import java.util.concurrent.atomic.AtomicInteger;

/**
<#if type.floating>
 * Histogram of ${T} values into even bins, bit for bit as {@link EvenBins#binOf(${T})}.
<#else>
 * Histogram of ${T} keys (key k counts in bin k when 0 <= k < bins).
</#if>
 * Aparapi has only int atomics: {@code atomicAdd(int[], ...)} on global arrays, and {@code
 * atomicAdd(AtomicInteger, ...)} on the elements of an {@code AtomicInteger[]}, which becomes an
 * {@code int} array in local memory when the field is {@code @Local}. So counting is done in ints
 * (a Java array holds fewer than 2^31 values) and widened to long totals at the end. One run per
 * call, its passes chosen by the pass id ({@link HistogramKernel}): in {@link
 * HistogramKernel#MODE_SHARED_ATOMICS} each counting group counts into its own row of {@code
 * shared} (local memory) and stores it as its row of {@code rows}; in {@link
 * HistogramKernel#MODE_GROUP_ROWS} each counting group clears and counts into its own row of {@code
 * rows} in global memory; in both a second pass sums the rows into long counts, one group per bin
 * at a time. In {@link HistogramKernel#MODE_GLOBAL_ATOMICS} one shared row is cleared, counted into
 * by every group, then widened. Each counting group also writes how many of its values were out of
 * range. Generated from
 * backend-aparapi/src/main/codegen/templates/HistogramKernel.java.
 */
final class ${name} extends Kernel implements HistogramKernel {
  ${T}[] input = new ${T}[1];
  int[] rows = new int[1];
  long[] counts = new long[1];
  int[] outOfRange = new int[1];
  int n;
  int span;
  int bins;
  int mode;
  int groups;
<#if type.floating>
  ${T} lo;
  ${T} hi;
  ${T} scale;
</#if>
  @Local int[] scratch = new int[AparapiHistogramPolicy.BLOCK_SIZE];
  @Local AtomicInteger[] shared = newCounters(AparapiHistogramPolicy.LOCAL_BINS);

  private static AtomicInteger[] newCounters(int length) {
    AtomicInteger[] counters = new AtomicInteger[length];
    for (int b = 0; b < length; b++) {
      counters[b] = new AtomicInteger();
    }
    return counters;
  }

  @Override
  public void bind(Object input, int n, HistogramSpec spec, Object counts) {
    this.input = (${T}[]) input;
    this.n = n;
    this.bins = spec.bins();
    this.counts = (long[]) counts;
<#if type.floating>
  <#-- EvenBins keeps both precisions: loF()/hiF()/scaleF() for float, lo()/hi()/scale() for double -->
  <#assign f = (T == "float")?then("F", "")>
    EvenBins even = EvenBins.of(spec, DType.${T?upper_case});
    this.lo = even.lo${f}();
    this.hi = even.hi${f}();
    this.scale = even.scale${f}();
</#if>
  }

<@k.span />

  @Override
  public void shape(int mode, int groups, int rowsLength) {
    this.mode = mode;
    this.groups = groups;
    if (rows.length < rowsLength) {
      rows = new int[rowsLength];
    }
    if (outOfRange.length < groups) {
      outOfRange = new int[groups];
    }
  }

  @Override
  public int[] outOfRange() {
    return outOfRange;
  }

  @Override
  public void run() {
    int pass = getPassId();
    if (mode == HistogramKernel.MODE_SHARED_ATOMICS) {
      if (pass == 0) {
        countShared();
      } else {
        mergeRows();
      }
    } else if (mode == HistogramKernel.MODE_GROUP_ROWS) {
      if (pass == 0) {
        count(1);
      } else {
        mergeRows();
      }
    } else if (pass == 0) {
      clear();
    } else if (pass == 1) {
      count(0);
    } else {
      widen();
    }
  }

  private void clear() {
    int j = getGlobalId();
    if (j < bins) {
      rows[j] = 0;
    }
  }

  private void widen() {
    int j = getGlobalId();
    if (j < bins) {
      counts[j] = rows[j];
    }
  }

  /**
   * Sums the counting groups' rows into the long counts: each group takes bins in turn, its
   * work-items adding strided rows, then a tree (a bin's total is at most n, so ints hold it).
   */
  private void mergeRows() {
    int lid = getLocalId();
    for (int b = getGroupId(); b < bins; b = b + getNumGroups()) {
      int sum = 0;
      for (int g = lid; g < groups; g = g + AparapiHistogramPolicy.BLOCK_SIZE) {
        sum = sum + rows[g * bins + b];
      }
      scratch[lid] = sum;
<@k.tree i="      " policy="AparapiHistogramPolicy" target="counts[b]" useCombine=false />
    }
  }

  private void count(int ownRow) {
    int group = getGroupId();
    if (group < groups) {
      int lid = getLocalId();
      int row = 0;
      if (ownRow == 1) {
        row = group * bins;
        for (int b = lid; b < bins; b = b + AparapiHistogramPolicy.BLOCK_SIZE) {
          rows[row + b] = 0;
        }
        localGlobalBarrier();
      }
<@k.slice i="      " step="groups * AparapiHistogramPolicy.BLOCK_SIZE" />
      int out = 0;
      for (int r = 0; r < count; r++) {
        int b = binOf(start + r * step);
        if (b < 0) {
          out = out + 1;
        } else {
          atomicAdd(rows, row + b, 1);
        }
      }
      scratch[lid] = out;
<@k.tree i="      " policy="AparapiHistogramPolicy" target="outOfRange[group]" useCombine=false />
    }
  }

  /**
   * Counts the group's slice into its row of {@code shared} in local memory, four elements per step
   * (their loads issued before their counts), then stores that row as the group's row of {@code
   * rows}.
   */
  private void countShared() {
    int group = getGroupId();
    if (group < groups) {
      int lid = getLocalId();
      for (int b = lid; b < bins; b = b + AparapiHistogramPolicy.BLOCK_SIZE) {
        atomicSet(shared[b], 0);
      }
      localBarrier();
<@k.slice i="      " step="groups * AparapiHistogramPolicy.BLOCK_SIZE" />
      int out = 0;
      int r = 0;
      for (; r + 4 <= count; r = r + 4) {
        int i = start + r * step;
        int b0 = binOf(i);
        int b1 = binOf(i + step);
        int b2 = binOf(i + 2 * step);
        int b3 = binOf(i + 3 * step);
        out = out + tally(b0) + tally(b1) + tally(b2) + tally(b3);
      }
      for (; r < count; r++) {
        out = out + tally(binOf(start + r * step));
      }
      scratch[lid] = out;
      localBarrier();
      int row = group * bins;
      for (int b = lid; b < bins; b = b + AparapiHistogramPolicy.BLOCK_SIZE) {
        rows[row + b] = atomicGet(shared[b]);
      }
<@k.tree i="      " policy="AparapiHistogramPolicy" target="outOfRange[group]" useCombine=false />
    }
  }

  /** Counts bin {@code b} in the group's local row; returns 1 for a value out of range (b < 0). */
  private int tally(int b) {
    int out = 1;
    if (b >= 0) {
      atomicAdd(shared[b], 1);
      out = 0;
    }
    return out;
  }

  private int binOf(int i) {
<#if type.floating>
    ${T} v = input[i];
    int b = -1;
    if (v >= lo && v < hi) {
      ${T} offset = v - lo;
      ${T} t = offset * scale;
      // (int) becomes OpenCL C's conversion, undefined outside int's range: convert only [0, bins)
      if (t >= 0) {
        if (t < bins) {
          b = (int) t;
        } else {
          b = bins - 1;
        }
      }
    }
<#else>
    ${T} key = input[i];
    int b = -1;
    if (key >= 0 && key < bins) {
      b = <#if T != "int">(int) </#if>key;
    }
</#if>
    return b;
  }
}
</@k.perType>
