package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * Reproducible mode on OpenCL (fold.cl): each element's {@link FoldPlan} integers are summed
 * exactly in 64 bits per work-group and the few partials on the host; scans fold every element,
 * scan each fold with the exact long SUM scan, and combine per element. Needs fp64.
 */
final class OpenClFoldKernels implements FoldKernels {
  private static final String FILE = "fold.cl";

  /** Most folds a plan has (double: 4); fold.cl's scan kernels take this many buffers. */
  static final int MAX_FOLDS = 4;

  private final OpenClBackend backend;

  OpenClFoldKernels(OpenClBackend backend) {
    this.backend = backend;
  }

  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    OpenClBuffer in = backend.own(input);
    return foldTotals("reproducible sum", "fold_sum", in, plan, in.mem());
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    OpenClBuffer x = backend.own(a);
    return foldTotals("reproducible dot", "fold_dot", x, plan, x.mem(), backend.own(b).mem());
  }

  /**
   * Launches {@code kernel} of fold.cl over {@code inputs} (of {@code first}'s type and length),
   * one partial per fold and work-group, and returns the folds' totals.
   */
  private long[] foldTotals(
      String what, String kernel, OpenClBuffer first, FoldPlan plan, cl_mem... inputs) {
    return backend.locked(
        what,
        () -> {
          long groups = groups(first.length());
          cl_mem partials = backend.scratch("fold.partials", groups * plan.folds() * 8);
          Object[] args = new Object[inputs.length + 3];
          System.arraycopy(inputs, 0, args, 0, inputs.length);
          args[inputs.length] = first.length();
          args[inputs.length + 1] = planMemory(plan);
          args[inputs.length + 2] = partials;
          backend.launch(
              kernel(first.type(), plan, kernel), groups, OpenClReducePolicy.BLOCK_SIZE, args);
          return total(partials, groups, plan.folds());
        });
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    if (plan.folds() > MAX_FOLDS) {
      throw new IllegalArgumentException(
          "fold.cl scans at most " + MAX_FOLDS + " folds, the plan has " + plan.folds());
    }
    OpenClBuffer in = backend.own(input);
    OpenClBuffer out = backend.own(output);
    long n = in.length();
    int block = OpenClReducePolicy.BLOCK_SIZE;
    long groups = OpenClReducePolicy.ceilDiv(n, block);
    OpenClBuffer[] folds = new OpenClBuffer[plan.folds()];
    try {
      for (int f = 0; f < plan.folds(); f++) {
        folds[f] = (OpenClBuffer) backend.buffers().allocate(DType.LONG, n);
      }
      backend.run(
          "reproducible scan",
          () -> {
            backend.launch(
                kernel(in.type(), plan, "fold_elements"),
                groups,
                block,
                in.mem(),
                n,
                planMemory(plan),
                fold(folds, 0),
                fold(folds, 1),
                fold(folds, 2),
                fold(folds, 3));
          });
      for (int f = 0; f < plan.folds(); f++) {
        backend
            .scanner()
            .scan(folds[f], folds[f], ReduceOp.SUM, kind, new CallContext(null, Determinism.FAST));
      }
      backend.run(
          "reproducible scan",
          () -> {
            backend.launch(
                kernel(in.type(), plan, "fold_combine"),
                groups,
                block,
                fold(folds, 0),
                fold(folds, 1),
                fold(folds, 2),
                fold(folds, 3),
                n,
                planMemory(plan),
                out.mem());
          });
    } finally {
      for (OpenClBuffer f : folds) {
        if (f != null) {
          f.close();
        }
      }
    }
  }

  /**
   * Fold {@code f}'s buffer; the kernels take {@link #MAX_FOLDS} and leave those past the plan's
   * folds untouched, so the last real one stands in for them.
   */
  private static cl_mem fold(OpenClBuffer[] folds, int f) {
    return folds[Math.min(f, folds.length - 1)].mem();
  }

  private long groups(long n) {
    return OpenClReducePolicy.gridGroups(backend.openClDevice(), n, 1);
  }

  OpenClBackend.Kernel kernel(DType type, FoldPlan plan, String name) {
    return backend.kernel(
        FILE,
        type,
        ReduceOp.SUM,
        OpenClReducePolicy.BLOCK_SIZE,
        1,
        " -DUSE_FP64 -DFOLDS=" + plan.folds(),
        name);
  }

  /** The plan's scaling factors, down1, down2, up1, up2, in a device buffer. */
  cl_mem planMemory(FoldPlan plan) {
    int folds = plan.folds();
    double[] factors = new double[4 * folds];
    for (int f = 0; f < folds; f++) {
      factors[f] = plan.down1(f);
      factors[folds + f] = plan.down2(f);
      factors[2 * folds + f] = plan.up1(f);
      factors[3 * folds + f] = plan.up2(f);
    }
    cl_mem mem = backend.scratch("fold.plan", factors.length * 8L);
    backend.write(mem, Pointer.to(factors), factors.length * 8L);
    return mem;
  }

  private long[] total(cl_mem partials, long groups, int folds) {
    long[] values = new long[(int) (groups * folds)];
    backend.read(partials, 0, Pointer.to(values), values.length * 8L);
    long[] sums = new long[folds];
    for (int i = 0; i < values.length; i++) {
      sums[i % folds] += values[i];
    }
    return sums;
  }
}
