package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.util.Optional;

/**
 * Reproducible mode for every CPU buffer. Heap buffers go to the array kernels ({@link
 * CpuFoldKernels}) as they are. Off-heap buffers are copied window by window into heap arrays that
 * the same kernels then fold: fold sums are exact integers, so the windows' sums add up to the bits
 * of one pass over the whole (the one-pass sum merges windows of one top grid only, else answers
 * empty and the engine takes the two-pass form). A scan needs the fold sums of everything before a
 * window, which the kernels cannot take yet, so an off-heap scan is copied whole into heap arrays
 * when it fits in one, and is unsupported beyond.
 */
record CpuFoldDispatch(FoldKernels arrays) implements FoldKernels {
  /** Elements per window: a multiple of every chunk size of the array kernels. */
  static final int WINDOW = CpuPolicy.REDUCE_CHUNK * 64;

  @Override
  public Optional<FoldSums> foldSumOnePass(DeviceBuffer input) {
    if (CpuBuffer.allOnHeap(input)) {
      return arrays.foldSumOnePass(input);
    }
    CpuBuffer in = CpuBuffer.of(input);
    FoldSums total = FoldSums.zero(in.type());
    for (long from = 0; from < in.length(); from += WINDOW) {
      Optional<FoldSums> part = arrays.foldSumOnePass(window(in, from));
      if (part.isEmpty() || !sameGrid(total, part.get())) {
        return Optional.empty();
      }
      total = total.plus(part.get());
    }
    return Optional.of(total);
  }

  /**
   * Whether {@code a} and {@code b} merge exactly: on one top grid, or one of them zero or
   * non-finite. Sums on different grids may hold a total in carried form whose lowest digit is not
   * the sum of the elements' lowest folds, so windows on different grids take the two-pass form.
   */
  private static boolean sameGrid(FoldSums a, FoldSums b) {
    return a.isZero()
        || b.isZero()
        || a.isNonFinite()
        || b.isNonFinite()
        || a.topGrid() == b.topGrid();
  }

  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    if (CpuBuffer.allOnHeap(input)) {
      return arrays.foldSum(input, plan);
    }
    CpuBuffer in = CpuBuffer.of(input);
    long[] sums = new long[plan.folds()];
    for (long from = 0; from < in.length(); from += WINDOW) {
      CpuFoldKernels.addSums(sums, arrays.foldSum(window(in, from), plan));
    }
    return sums;
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    if (CpuBuffer.allOnHeap(a, b)) {
      return arrays.foldDot(a, b, plan);
    }
    CpuBuffer x = CpuBuffer.of(a);
    CpuBuffer y = CpuBuffer.of(b);
    long n = Math.min(x.length(), y.length());
    long[] sums = new long[plan.folds()];
    for (long from = 0; from < n; from += WINDOW) {
      int len = (int) Math.min(WINDOW, n - from);
      CpuFoldKernels.addSums(
          sums, arrays.foldDot(window(x, from, len), window(y, from, len), plan));
    }
    return sums;
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    if (CpuBuffer.allOnHeap(input, output)) {
      arrays.foldScan(input, output, kind, plan);
      return;
    }
    CpuBuffer in = CpuBuffer.of(input);
    CpuBuffer out = CpuBuffer.of(output);
    if (in.length() > CpuPolicy.MAX_ELEMENTS) {
      throw new UnsupportedOperationException(
          "reproducible scan of "
              + in
              + " (longer than a Java array) is not supported yet on the cpu backend; fast mode"
              + " scans it");
    }
    int n = (int) in.length();
    CpuBuffer heapIn = window(in, 0, n);
    CpuBuffer heapOut = new CpuBuffer(in.type(), in.type().newArray(n));
    arrays.foldScan(heapIn, heapOut, kind, plan);
    out.store(0, CpuBuffer.arrayOf(heapOut), 0, n);
  }

  /** A heap copy of the window of {@code in} starting at {@code from}. */
  private static CpuBuffer window(CpuBuffer in, long from) {
    return window(in, from, (int) Math.min(WINDOW, in.length() - from));
  }

  private static CpuBuffer window(CpuBuffer in, long from, int length) {
    Object array = in.type().newArray(length);
    in.load(from, array, 0, length);
    return new CpuBuffer(in.type(), array);
  }
}
