<#-- Segmented reduce and scan kernels, one per element type: IntSegmentKernel ... DoubleSegmentKernel. -->
<#import "/@includes/kernel.ftl" as k>
<#-- The exact fold sums s0..s3 of values[from, to). -->
<#macro foldSums>
    long s0 = 0L;
    long s1 = 0L;
    long s2 = 0L;
    long s3 = 0L;
    for (int i = from; i < to; i++) {
      double r = values[i];
<@k.foldDigits i="      " />
      s0 = s0 + k0;
      s1 = s1 + k1;
      s2 = s2 + k2;
      s3 = s3 + k3;
    }
</#macro>
<@k.perType suffix="SegmentKernel"; type, T, name>

/**
 * Segmented reduce and scan of ${T} values over CSR offsets, one flat pass over equal chunks of the
 * values whatever the segment lengths: work-item {@code c} walks chunk {@code c} sequentially,
 * finding its first segment by binary search. Phase {@link SegmentKernel#PHASE_REDUCE} writes every
 * segment that starts and ends in the chunk and keeps the chunk's head (the part of a segment begun
 * in an earlier chunk) and tail (from its last start on, when that segment goes on); the host joins
 * those. Phase {@link SegmentKernel#PHASE_TOTALS} keeps heads and tails only; the host turns them
 * into each chunk's carry, and {@link SegmentKernel#PHASE_SCAN} scans every chunk from it,
 * restarting at each segment start.
<#if type.floating>
 * The {@code FOLD_} phases do the same on exact fold sums ({@link dev.prims.spi.FoldPlan}'s recipe,
 * four longs per partial), writing FoldPlan.combine of each segment or prefix.
</#if>
<@k.arithmetic type=type />
 * Generated from backend-aparapi/src/main/codegen/templates/SegmentKernel.java.
 */
final class ${name} extends Kernel implements SegmentKernel {
  ${T}[] values = new ${T}[1];
  ${T}[] out = new ${T}[1];
  long[] offsets = new long[1];
  ${T}[] heads = new ${T}[1];
  ${T}[] tails = new ${T}[1];
  ${T}[] carries = new ${T}[1];
  long[] foldHeads = new long[SegmentKernel.FOLDS];
  long[] foldTails = new long[SegmentKernel.FOLDS];
  long[] foldCarries = new long[SegmentKernel.FOLDS];
  int[] headSeg = new int[1];
  int[] tailSeg = new int[1];
  double[] scale = new double[4 * SegmentKernel.FOLDS];
  int folds;
  int n;
  int segments;
  int chunk;
  int chunks;
  int op;
  ${T} identity;
  int phase;
  int exclusive;

  @Override
  public void bind(
      Object values, Object out, long[] offsets, int n, int segments, int op, Number identity) {
    this.values = (${T}[]) values;
    this.out = (${T}[]) out;
    this.offsets = offsets;
    this.n = n;
    this.segments = segments;
    this.op = op;
    this.identity = identity.${T}Value();
  }

  @Override
  public void shape(int chunk, int chunks) {
    this.chunk = chunk;
    this.chunks = chunks;
    if (headSeg.length < chunks) {
      heads = new ${T}[chunks];
      tails = new ${T}[chunks];
      carries = new ${T}[chunks];
      headSeg = new int[chunks];
      tailSeg = new int[chunks];
      foldHeads = new long[SegmentKernel.FOLDS * chunks];
      foldTails = new long[SegmentKernel.FOLDS * chunks];
      foldCarries = new long[SegmentKernel.FOLDS * chunks];
    }
  }

  @Override
  public void phase(int phase, boolean exclusive) {
    this.phase = phase;
    this.exclusive = exclusive ? 1 : 0;
  }

  @Override
  public void plan(int folds, double[] scale) {
    this.folds = folds;
    System.arraycopy(scale, 0, this.scale, 0, scale.length);
  }
<#list [
  ["Object", "heads", "heads"],
  ["Object", "tails", "tails"],
  ["Object", "carries", "carries"],
  ["long[]", "foldHeads", "foldHeads"],
  ["long[]", "foldTails", "foldTails"],
  ["long[]", "foldCarries", "foldCarries"],
  ["int[]", "headSegments", "headSeg"],
  ["int[]", "tailSegments", "tailSeg"],
  ["double[]", "scale", "scale"]
] as getter>

  @Override
  public ${getter[0]} ${getter[1]}() {
    return ${getter[2]};
  }
</#list>

  @Override
  public void run() {
    int c = getGlobalId();
    if (c < chunks) {
      int lo = c * chunk;
      int hi = n;
      if (n - lo > chunk) {
        hi = lo + chunk;
      }
      int s = firstAtOrAfter(lo);
      int fold = phase >= SegmentKernel.PHASE_FOLD_REDUCE ? 1 : 0;
      int step = phase - SegmentKernel.PHASE_FOLD_REDUCE * fold;
      if (step == SegmentKernel.PHASE_SCAN) {
        scanChunk(c, lo, hi, s, fold);
      } else {
        headSeg[c] = -1;
        tailSeg[c] = -1;
        if (lo > 0 && (s == segments || offsets[s] > lo)) {
          int end = hi;
          if (s < segments && offsets[s] < hi) {
            end = (int) offsets[s];
          }
          headSeg[c] = s - 1;
          partial(c, lo, end, fold, 1);
        }
        if (step == SegmentKernel.PHASE_REDUCE) {
          reduceChunk(c, hi, s, fold);
        } else {
          int last = firstAtOrAfter(hi) - 1;
          if (last >= 0 && offsets[last] >= lo) {
            tailSeg[c] = last;
            partial(c, (int) offsets[last], hi, fold, 0);
          }
        }
      }
    }
  }

  private void reduceChunk(int c, int hi, int first, int fold) {
    int s = first;
    while (s < segments && offsets[s] < hi) {
      int from = (int) offsets[s];
      int to = (int) offsets[s + 1];
      if (to <= hi) {
        if (fold == 1) {
<#if type.floating>
          foldWhole(s, from, to);
</#if>
        } else {
          out[s] = reduceRange(from, to);
        }
      } else {
        tailSeg[c] = s;
        partial(c, from, hi, fold, 0);
      }
      s = s + 1;
    }
  }

  /** The head (head == 1) or tail partial of chunk c over [from, to). */
  private void partial(int c, int from, int to, int fold, int head) {
    if (fold == 1) {
<#if type.floating>
      foldRange(from, to, c, head);
</#if>
    } else if (head == 1) {
      heads[c] = reduceRange(from, to);
    } else {
      tails[c] = reduceRange(from, to);
    }
  }

  private ${T} reduceRange(int from, int to) {
    ${T} acc = identity;
    for (int i = from; i < to; i++) {
      acc = combine(acc, values[i]);
    }
    return acc;
  }

  private void scanChunk(int c, int lo, int hi, int first, int fold) {
    int s = first;
    if (headSeg[c] >= 0) {
      int end = hi;
      if (s < segments && offsets[s] < hi) {
        end = (int) offsets[s];
      }
      if (fold == 1) {
<#if type.floating>
        foldScan(lo, end, c, 1);
</#if>
      } else {
        scanRange(lo, end, carries[c]);
      }
    }
    while (s < segments && offsets[s] < hi) {
      int from = (int) offsets[s];
      int to = hi;
      if (offsets[s + 1] < hi) {
        to = (int) offsets[s + 1];
      }
      if (fold == 1) {
<#if type.floating>
        foldScan(from, to, c, 0);
</#if>
      } else {
        scanRange(from, to, identity);
      }
      s = s + 1;
    }
  }

  private void scanRange(int from, int to, ${T} carry) {
    ${T} acc = carry;
    for (int i = from; i < to; i++) {
      ${T} x = values[i];
      if (exclusive == 1) {
        out[i] = acc;
        acc = combine(acc, x);
      } else {
        acc = combine(acc, x);
        out[i] = acc;
      }
    }
  }

  /** The first segment index in [0, segments] whose offset is at least pos. */
  private int firstAtOrAfter(int pos) {
    int lo = 0;
    int hi = segments;
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (offsets[mid] < pos) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }
<#if type.floating>

  /** out[s] = FoldPlan.combine of the fold sums of [from, to), rounded to ${T}. */
  private void foldWhole(int s, int from, int to) {
<@foldSums />
    out[s] = (${T}) combineFolds(s0, s1, s2, s3);
  }

  /** Adds the fold sums of [from, to) to chunk c's head (head == 1) or tail sums. */
  private void foldRange(int from, int to, int c, int head) {
<@foldSums />
    int at = SegmentKernel.FOLDS * c;
    if (head == 1) {
      foldHeads[at] = s0;
      foldHeads[at + 1] = s1;
      foldHeads[at + 2] = s2;
      foldHeads[at + 3] = s3;
    } else {
      foldTails[at] = s0;
      foldTails[at + 1] = s1;
      foldTails[at + 2] = s2;
      foldTails[at + 3] = s3;
    }
  }

  /** Scans [from, to) on fold sums from chunk c's carry (fromCarry == 1) or from zero. */
  private void foldScan(int from, int to, int c, int fromCarry) {
    long s0 = 0L;
    long s1 = 0L;
    long s2 = 0L;
    long s3 = 0L;
    if (fromCarry == 1) {
      int at = SegmentKernel.FOLDS * c;
      s0 = foldCarries[at];
      s1 = foldCarries[at + 1];
      s2 = foldCarries[at + 2];
      s3 = foldCarries[at + 3];
    }
    for (int i = from; i < to; i++) {
      double r = values[i];
      if (exclusive == 1) {
        out[i] = (${T}) combineFolds(s0, s1, s2, s3);
      }
<@k.foldDigits i="      " />
      s0 = s0 + k0;
      s1 = s1 + k1;
      s2 = s2 + k2;
      s3 = s3 + k3;
      if (exclusive == 0) {
        out[i] = (${T}) combineFolds(s0, s1, s2, s3);
      }
    }
  }

<@k.foldCombine name="combineFolds" owner="FoldKernel" />
</#if>

<@k.combine type=type />
}
</@k.perType>
