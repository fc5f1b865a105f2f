package dev.prims.cuda;

import static dev.prims.cuda.CudaReducePolicy.ceilDiv;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.nio.ByteBuffer;
import java.util.Optional;
import jcuda.driver.CUdeviceptr;

/**
 * Reproducible mode on the device ({@code fold.cu}): every element is split into {@link FoldPlan}'s
 * integers and those are summed exactly with 64-bit atomics (sum, dot), or scanned per block range
 * from exact per-block prefixes (scan), so the bits do not depend on the launch shape. Float sums
 * take one pass: each warp folds its range at the top grid of its first non-zero tile into one
 * exact 128-bit total, the last block merges the warps at the highest top grid, and only ranges
 * folded at a lower top (rare: their first tile's magnitude was 2^30 or more below the largest) are
 * read a second time.
 */
record CudaFoldKernels(CudaBackend backend) implements FoldKernels {
  @Override
  public Optional<FoldSums> foldSumOnePass(DeviceBuffer input) {
    CudaBuffer in = floating(input);
    if (in.type() != DType.FLOAT || in.length() == 0) {
      return Optional.empty();
    }
    return Optional.of(backend.call(() -> onePassFloat(in)));
  }

  private FoldSums onePassFloat(CudaBuffer in) {
    long n = in.length();
    int resident = backend.residentBlocks("fold", "fold_onepass_sum_float", 0, 8);
    long perWarp =
        CudaFoldPolicy.onePassPerWarp(n, (long) resident * CudaFoldPolicy.WARPS_PER_BLOCK);
    long warps = ceilDiv(n, perWarp);
    long blocks = ceilDiv(warps, CudaFoldPolicy.WARPS_PER_BLOCK);
    long slots = blocks * CudaFoldPolicy.WARPS_PER_BLOCK;
    CUdeviceptr totals = backend.scratch(32L * slots);
    CUdeviceptr tops = totals.withByteOffset(16L * slots);
    CUdeviceptr maxTops = totals.withByteOffset(20L * slots);
    CUdeviceptr flags = totals.withByteOffset(24L * slots);
    CUdeviceptr invalid = totals.withByteOffset(28L * slots);
    backend.launch(
        "fold",
        "fold_onepass_sum_float",
        blocks,
        0,
        new KernelArgs()
            .pointer(in.pointer())
            .i64(n)
            .i64(perWarp)
            .pointer(totals)
            .pointer(tops)
            .pointer(maxTops)
            .pointer(flags)
            .pointer(invalid)
            .pointer(backend.counter(0))
            .pointer(backend.resultSlot()));
    backend.synchronize();
    ByteBuffer result = backend.readResultBytes(32);
    int top = result.getInt(0);
    if (result.getInt(4) != 0) {
      return FoldSums.nonFinite(DType.FLOAT);
    }
    if (top == Integer.MIN_VALUE) {
      return FoldSums.zero(DType.FLOAT);
    }
    int again = result.getInt(8);
    if (again > 0) {
      backend.launch(
          "fold",
          "fold_fixed_sum_float",
          ceilDiv(again, CudaFoldPolicy.WARPS_PER_BLOCK),
          0,
          new KernelArgs()
              .pointer(in.pointer())
              .i64(n)
              .i64(perWarp)
              .i32(top)
              .pointer(invalid)
              .i32(again)
              .pointer(totals));
      backend.launch(
          "fold",
          "fold_add_totals",
          1,
          0,
          new KernelArgs()
              .pointer(totals)
              .i32(again)
              .pointer(backend.resultSlot().withByteOffset(16)));
      backend.synchronize();
      result = backend.readResultBytes(32);
    }
    return FoldSums.ofTotal(DType.FLOAT, top, result.getLong(16), result.getLong(24));
  }

  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    CudaBuffer in = floating(input);
    return foldSums("fold_sum_" + in.type().id(), plan, in);
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    CudaBuffer x = floating(a);
    CudaBuffer y = floating(b);
    if (x.type() != y.type() || x.length() != y.length()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type and length, got " + elements(x) + " and " + elements(y));
    }
    return foldSums("fold_dot_" + x.type().id(), plan, x, y);
  }

  /**
   * The plan's fold sums of {@code kernel}, which reads the elements of {@code inputs} (all of one
   * length) and adds into zeroed sums.
   */
  private long[] foldSums(String kernel, FoldPlan plan, CudaBuffer... inputs) {
    long n = inputs[0].length();
    return backend.call(
        () -> {
          CUdeviceptr sums = backend.scratch(8L * CudaFoldPolicy.MAX_FOLDS);
          backend.zero(sums, 2L * CudaFoldPolicy.MAX_FOLDS);
          KernelArgs args = new KernelArgs();
          for (CudaBuffer input : inputs) {
            args.pointer(input.pointer());
          }
          planArgs(args.i64(n), plan).pointer(sums);
          backend.launch("fold", kernel, blocks(kernel, n), 0, args);
          return backend.fetchLongs(sums, plan.folds());
        });
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    CudaBuffer in = floating(input);
    CudaBuffer out = backend.own(output);
    if (out.type() != in.type() || out.length() < in.length()) {
      throw new IllegalArgumentException(
          "scan output of " + elements(out) + " does not fit an input of " + elements(in));
    }
    long n = in.length();
    if (n == 0) {
      return;
    }
    backend.run(
        () -> {
          String type = in.type().id();
          String apply = "fold_scan_apply_" + type;
          long blocks = blocks(apply, n);
          long perBlock =
              ceilDiv(ceilDiv(n, blocks), CudaFoldPolicy.BLOCK_SIZE) * CudaFoldPolicy.BLOCK_SIZE;
          blocks = ceilDiv(n, perBlock);
          CUdeviceptr totals = backend.scratch(8L * CudaFoldPolicy.MAX_FOLDS * blocks);
          KernelArgs totalsArgs = new KernelArgs().pointer(in.pointer()).i64(n).i64(perBlock);
          planArgs(totalsArgs, plan).pointer(totals);
          backend.launch("fold", "fold_scan_totals_" + type, blocks, 0, totalsArgs);
          backend.launch(
              "fold", "fold_scan_spine", 1, 0, new KernelArgs().pointer(totals).i64(blocks));
          KernelArgs applyArgs =
              new KernelArgs().pointer(in.pointer()).pointer(out.pointer()).i64(n).i64(perBlock);
          planArgs(applyArgs, plan).pointer(totals).i32(kind == ScanKind.EXCLUSIVE ? 1 : 0);
          backend.launch("fold", apply, blocks, 0, applyArgs);
          backend.synchronize();
        });
  }

  private CudaBuffer floating(DeviceBuffer buffer) {
    CudaBuffer b = backend.own(buffer);
    if (!b.type().isFloating()) {
      throw new IllegalArgumentException(
          "reproducible folds are for float and double, not " + b.type().id());
    }
    return b;
  }

  /** The length and type of {@code buffer} as the messages name them: {@code "100 float"}. */
  private static String elements(CudaBuffer buffer) {
    return buffer.length() + " " + buffer.type().id();
  }

  private long blocks(String kernel, long n) {
    int resident = backend.residentBlocks("fold", kernel, 0, CudaFoldPolicy.BLOCKS_PER_SM);
    return Math.max(1, Math.min(ceilDiv(n, CudaFoldPolicy.BLOCK_SIZE), resident));
  }

  /** The plan's parameters in the kernels' order: folds, down1[4], down2[4], up1[4], up2[4]. */
  static KernelArgs planArgs(KernelArgs args, FoldPlan plan) {
    int folds = plan.folds();
    args.i32(folds);
    for (int f = 0; f < CudaFoldPolicy.MAX_FOLDS; f++) {
      args.f64(f < folds ? plan.down1(f) : 0);
    }
    for (int f = 0; f < CudaFoldPolicy.MAX_FOLDS; f++) {
      args.f64(f < folds ? plan.down2(f) : 0);
    }
    for (int f = 0; f < CudaFoldPolicy.MAX_FOLDS; f++) {
      args.f64(f < folds ? plan.up1(f) : 0);
    }
    for (int f = 0; f < CudaFoldPolicy.MAX_FOLDS; f++) {
      args.f64(f < folds ? plan.up2(f) : 0);
    }
    return args;
  }
}
