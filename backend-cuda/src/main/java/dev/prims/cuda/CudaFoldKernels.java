package dev.prims.cuda;

import static dev.prims.cuda.CudaReducePolicy.ceilDiv;

import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import jcuda.driver.CUdeviceptr;

/**
 * Reproducible mode on the device ({@code fold.cu}): every element is split into {@link FoldPlan}'s
 * integers and those are summed exactly with 64-bit atomics (sum, dot), or scanned per block range
 * from exact per-block prefixes (scan), so the bits do not depend on the launch shape.
 */
final class CudaFoldKernels implements FoldKernels {
  private final CudaBackend backend;

  CudaFoldKernels(CudaBackend backend) {
    this.backend = backend;
  }

  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    CudaBuffer in = floating(input);
    return backend.call(
        () -> {
          String kernel = "fold_sum_" + in.type().id();
          CUdeviceptr sums = backend.scratch(8L * CudaFoldPolicy.MAX_FOLDS);
          backend.zero(sums, 2L * CudaFoldPolicy.MAX_FOLDS);
          KernelArgs args = new KernelArgs().pointer(in.pointer()).i64(in.length());
          planArgs(args, plan).pointer(sums);
          backend.launch("fold", kernel, blocks(kernel, in.length()), 0, args);
          return backend.fetchLongs(sums, plan.folds());
        });
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    CudaBuffer x = floating(a);
    CudaBuffer y = floating(b);
    if (x.type() != y.type() || x.length() != y.length()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type and length, got "
              + x.length()
              + " "
              + x.type().id()
              + " and "
              + y.length()
              + " "
              + y.type().id());
    }
    return backend.call(
        () -> {
          String kernel = "fold_dot_" + x.type().id();
          CUdeviceptr sums = backend.scratch(8L * CudaFoldPolicy.MAX_FOLDS);
          backend.zero(sums, 2L * CudaFoldPolicy.MAX_FOLDS);
          KernelArgs args =
              new KernelArgs().pointer(x.pointer()).pointer(y.pointer()).i64(x.length());
          planArgs(args, plan).pointer(sums);
          backend.launch("fold", kernel, blocks(kernel, x.length()), 0, args);
          return backend.fetchLongs(sums, plan.folds());
        });
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    CudaBuffer in = floating(input);
    CudaBuffer out = backend.own(output);
    if (out.type() != in.type() || out.length() < in.length()) {
      throw new IllegalArgumentException(
          "scan output of "
              + out.length()
              + " "
              + out.type().id()
              + " does not fit an input of "
              + in.length()
              + " "
              + in.type().id());
    }
    long n = in.length();
    if (n == 0) {
      return;
    }
    backend.call(
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
          return null;
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

  private long blocks(String kernel, long n) {
    int resident = backend.residentBlocks("fold", kernel, 0, CudaFoldPolicy.BLOCKS_PER_SM);
    return Math.max(1, Math.min(ceilDiv(n, CudaFoldPolicy.BLOCK_SIZE), resident));
  }

  /** The plan's parameters in the kernels' order: folds, down1[3], down2[3], up1[3], up2[3]. */
  private static KernelArgs planArgs(KernelArgs args, FoldPlan plan) {
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
