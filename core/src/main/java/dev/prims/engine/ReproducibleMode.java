package dev.prims.engine;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.util.Optional;

/**
 * Reproducible floating sums, dots and scans on any backend that offers {@link FoldKernels}: the
 * largest magnitude comes from the backend's exact MIN/MAX reductions, the sums from its fold
 * kernels, the final value from {@link FoldPlan#combine}. Inputs holding NaN or an infinity give
 * the IEEE special value of the backend's fast path (NaN, or the infinity), which does not depend
 * on order unless finite partial sums overflow. An all-zero input sums to +0.0.
 */
public final class ReproducibleMode {
  private ReproducibleMode() {}

  /**
   * Whether a call must take the reproducible path.
   *
   * @throws IllegalArgumentException for a floating PROD, which has no reproducible form
   */
  public static boolean applies(CallContext call, DType type, ReduceOp op) {
    if (call.determinism() != Determinism.REPRODUCIBLE || !type.isFloating()) {
      return false;
    }
    if (op == ReduceOp.PROD) {
      throw new IllegalArgumentException(
          "PROD of " + type.id() + " has no reproducible mode; use prims.determinism=fast");
    }
    return op == ReduceOp.SUM;
  }

  /** Whether a dot call must take the reproducible path. */
  public static boolean appliesToDot(CallContext call, DType type) {
    return call.determinism() == Determinism.REPRODUCIBLE && type.isFloating();
  }

  /** Reproducible sum of a non-empty floating buffer. */
  public static Number sum(Backend backend, DeviceBuffer input, CallContext call) {
    FoldSums sums = foldSums(backend, input, call);
    if (sums.isNonFinite()) {
      call.note("non-finite input: IEEE special value");
      return backend.reducer().reduce(input, ReduceOp.SUM, fast());
    }
    return sums.finish();
  }

  /**
   * The exact state of a reproducible sum of a non-empty floating buffer: its fold sums at the top
   * grid of its own largest magnitude, which merge exactly with those of other parts ({@link
   * FoldSums#plus}) into the sums of the whole. {@link FoldSums#isNonFinite} when the input holds a
   * NaN or an infinity.
   */
  public static FoldSums foldSums(Backend backend, DeviceBuffer input, CallContext call) {
    FoldKernels kernels = kernels(backend);
    requireLength(input.length());
    Optional<FoldSums> onePass = kernels.foldSumOnePass(input);
    if (onePass.isPresent()) {
      if (!onePass.get().isNonFinite()) {
        call.usedVariant("reproducible-folds-one-pass");
      }
      return onePass.get();
    }
    double maxAbs = maxAbs(backend, input);
    if (!Double.isFinite(maxAbs)) {
      return FoldSums.nonFinite(input.type());
    }
    call.usedVariant("reproducible-folds");
    if (maxAbs == 0) {
      return FoldSums.zero(input.type());
    }
    FoldPlan plan = FoldPlan.forMaxAbs(input.type(), maxAbs);
    return FoldSums.of(input.type(), plan.topGrid(), kernels.foldSum(input, plan));
  }

  /** Reproducible dot of two non-empty floating buffers of one type and length. */
  public static Number dot(Backend backend, DeviceBuffer a, DeviceBuffer b, CallContext call) {
    kernels(backend);
    double bound = maxAbs(backend, a) * maxAbs(backend, b);
    if (Double.isNaN(bound) || (Double.isInfinite(bound) && !finiteInputs(backend, a, b))) {
      call.note("non-finite input: IEEE special value");
      return backend.dot().dot(a, b, fast());
    }
    if (Double.isInfinite(bound)) {
      throw new ArithmeticException(
          "reproducible dot overflows: max|a| * max|b| exceeds the double range");
    }
    if (bound == 0) {
      call.usedVariant("reproducible-folds");
      return ReduceOp.SUM.identity(a.type());
    }
    FoldPlan plan = FoldPlan.forMaxAbs(a.type(), bound);
    return foldDot(backend, a, b, plan, call).finish();
  }

  /**
   * The exact fold sums of the products {@code a[i] * b[i]} of two non-empty floating buffers of
   * one type and length on {@code plan}'s grids: the state of a reproducible dot whose parts share
   * one plan (that of the product of the whole input's largest magnitudes), merged with {@link
   * FoldSums#plus}.
   */
  public static FoldSums foldDot(
      Backend backend, DeviceBuffer a, DeviceBuffer b, FoldPlan plan, CallContext call) {
    FoldKernels kernels = kernels(backend);
    requireLength(a.length());
    call.usedVariant("reproducible-folds");
    return FoldSums.of(a.type(), plan.topGrid(), kernels.foldDot(a, b, plan));
  }

  /** Reproducible SUM scan of a non-empty floating buffer. */
  public static void scan(
      Backend backend, DeviceBuffer input, DeviceBuffer output, ScanKind kind, CallContext call) {
    FoldPlan plan = scanPlan(backend, input, call);
    if (plan == null) {
      backend.scanner().scan(input, output, ReduceOp.SUM, kind, fast());
      return;
    }
    kernels(backend).foldScan(input, output, kind, plan);
  }

  /**
   * The plan of a reproducible scan (or of segmented sums) of a non-empty floating buffer, made
   * from its largest magnitude (1.0 for an all-zero input), the variant recorded in {@code call};
   * or null for an input holding NaN or an infinity, which takes the fast path (noted in {@code
   * call}).
   *
   * @throws UnsupportedOperationException when the backend has no reproducible mode
   * @throws IllegalArgumentException when the input is longer than {@link FoldPlan#MAX_LENGTH}
   */
  static FoldPlan scanPlan(Backend backend, DeviceBuffer input, CallContext call) {
    kernels(backend);
    double maxAbs = maxAbs(backend, input);
    if (!Double.isFinite(maxAbs)) {
      call.note("non-finite input: IEEE special values");
      return null;
    }
    requireLength(input.length());
    call.usedVariant("reproducible-folds");
    return FoldPlan.forMaxAbs(input.type(), maxAbs == 0 ? 1.0 : maxAbs);
  }

  private static boolean finiteInputs(Backend backend, DeviceBuffer a, DeviceBuffer b) {
    return Double.isFinite(maxAbs(backend, a)) && Double.isFinite(maxAbs(backend, b));
  }

  /** max(|MIN|, |MAX|): NaN if any NaN, infinite if any infinity. */
  static double maxAbs(Backend backend, DeviceBuffer input) {
    double max = backend.reducer().reduce(input, ReduceOp.MAX, fast()).doubleValue();
    if (Double.isNaN(max)) {
      return Double.NaN;
    }
    double min = backend.reducer().reduce(input, ReduceOp.MIN, fast()).doubleValue();
    if (Double.isInfinite(max) && Double.isInfinite(min) && max != min) {
      return Double.NaN;
    }
    return Math.max(Math.abs(min), Math.abs(max));
  }

  private static CallContext fast() {
    return new CallContext(null, Determinism.FAST);
  }

  private static FoldKernels kernels(Backend backend) {
    return Capabilities.require(backend, backend.foldKernels(), "reproducible mode");
  }

  private static void requireLength(long n) {
    if (n > FoldPlan.MAX_LENGTH) {
      throw new IllegalArgumentException(
          "reproducible mode handles at most " + FoldPlan.MAX_LENGTH + " elements, got " + n);
    }
  }
}
