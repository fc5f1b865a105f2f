package dev.prims.aparapi;

import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import java.util.Arrays;

/**
 * Reproducible mode on Aparapi: {@link FloatFoldKernel} and {@link DoubleFoldKernel} compute the
 * exact 64-bit fold sums of {@link FoldPlan} per group, and the host adds the groups' sums (integer
 * addition, so the order does not matter). Scans run reduce-then-scan on the fold sums. A dot of a
 * buffer with itself runs as a sum of squares, so that one array is never bound to two kernel
 * fields.
 */
record AparapiFoldKernels(DriverContext context) implements FoldKernels {
  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    AparapiBuffer in = typed(input, plan);
    return sums(in, in, FoldKernel.MODE_SUM, plan);
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    AparapiBuffer left = typed(a, plan);
    AparapiBuffer right = typed(b, plan);
    if (left.size() != right.size()) {
      throw new IllegalArgumentException(
          "dot needs inputs of equal length, got " + left.size() + " and " + right.size());
    }
    return sums(left, right, FoldKernel.MODE_DOT, plan);
  }

  private long[] sums(AparapiBuffer in, AparapiBuffer other, int mode, FoldPlan plan) {
    int n = in.size();
    long[] total = new long[plan.folds()];
    if (n == 0) {
      return total;
    }
    int groups = context.reduceGroups(n);
    boolean squares = mode == FoldKernel.MODE_DOT && in.array() == other.array();
    int run = squares ? FoldKernel.MODE_SQUARES : mode;
    KernelHandle<?> handle = context.kernels().fold(plan.type());
    return handle.locked(
        k -> {
          FoldKernel kernel = (FoldKernel) k;
          boolean dot = run == FoldKernel.MODE_DOT;
          kernel.bind(in.array(), dot ? other.array() : null, null, n, plan.folds(), factors(plan));
          handle.bind("input", in);
          if (dot) {
            handle.bind("other", other);
          }
          handle.put(kernel.scale());
          long[] partials = kernel.partials(groups);
          context.launchReduce(
              handle,
              span -> kernel.mode(run, span, 0, false),
              n,
              groups,
              new CallContext(null, Determinism.REPRODUCIBLE),
              partials);
          for (int g = 0; g < groups; g++) {
            for (int f = 0; f < total.length; f++) {
              total[f] += partials[FoldKernel.MAX_FOLDS * g + f];
            }
          }
          return total;
        });
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    AparapiBuffer in = typed(input, plan);
    AparapiBuffer out = typed(output, plan);
    int n = in.size();
    if (out.size() < n) {
      throw new IllegalArgumentException(
          "scan output must hold " + n + " " + in.type().id() + ", got " + out.size());
    }
    if (n == 0) {
      return;
    }
    int groups = AparapiScanPolicy.groups(n, context.shape().computeUnits());
    int chunk = AparapiScanPolicy.chunk(n, groups);
    boolean inPlace = in.array() == out.array();
    KernelHandle<?> handle = context.kernels().fold(plan.type());
    CallContext call = new CallContext(null, Determinism.REPRODUCIBLE);
    handle.locked(
        k -> {
          FoldKernel kernel = (FoldKernel) k;
          Object target = inPlace ? in.type().newArray(n) : out.array();
          kernel.bind(in.array(), null, target, n, plan.folds(), factors(plan));
          handle.bind("input", in);
          if (!inPlace && out.size() > n) {
            handle.bind("output", out);
          }
          handle.put(kernel.scale());
          long[] partials = kernel.partials(groups);
          kernel.mode(FoldKernel.MODE_SCAN_REDUCE, 0, chunk, kind == ScanKind.EXCLUSIVE);
          context.launchGroups(handle, groups, AparapiReducePolicy.BLOCK_SIZE, call);
          handle.get(partials);
          long[] offsets = kernel.offsets();
          long[] running = new long[FoldKernel.MAX_FOLDS];
          for (int g = 0; g < groups; g++) {
            for (int f = 0; f < FoldKernel.MAX_FOLDS; f++) {
              offsets[FoldKernel.MAX_FOLDS * g + f] = running[f];
              running[f] += partials[FoldKernel.MAX_FOLDS * g + f];
            }
          }
          handle.put(offsets);
          kernel.mode(FoldKernel.MODE_SCAN, 0, chunk, kind == ScanKind.EXCLUSIVE);
          context.launchGroups(handle, groups, AparapiReducePolicy.BLOCK_SIZE, call);
          if (inPlace) {
            handle.get(target);
            System.arraycopy(target, 0, out.array(), 0, n);
            out.markWritten();
          } else {
            handle.fetch("output", out);
          }
          return null;
        });
  }

  private AparapiBuffer typed(DeviceBuffer buffer, FoldPlan plan) {
    AparapiBuffer own = context.buffers().own(buffer);
    if (own.type() != plan.type()) {
      throw new IllegalArgumentException(
          "a " + plan.type().id() + " fold plan cannot fold " + own.type().id() + " values");
    }
    return own;
  }

  /** The plan's factors as the kernels read them: {@code scale[MAX_FOLDS * j + f]}. */
  static double[] factors(FoldPlan plan) {
    int m = FoldKernel.MAX_FOLDS;
    double[] scale = new double[4 * m];
    Arrays.fill(scale, 1.0);
    for (int f = 0; f < plan.folds(); f++) {
      scale[f] = plan.down1(f);
      scale[m + f] = plan.down2(f);
      scale[2 * m + f] = plan.up1(f);
      scale[3 * m + f] = plan.up2(f);
    }
    return scale;
  }
}
