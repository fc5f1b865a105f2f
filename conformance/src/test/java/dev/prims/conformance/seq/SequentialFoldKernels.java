package dev.prims.conformance.seq;

import static dev.prims.conformance.seq.SequentialBackend.real;
import static dev.prims.conformance.seq.SequentialBackend.setReal;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ScanKind;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.FoldPlan;
import dev.prims.spi.FoldSums;
import java.util.Optional;

/**
 * Reproducible mode of the sequential test backend: the input is cut into chunks of {@code
 * prims.seq.chunk} elements (its launch-shape settings, with {@code prims.seq.onepass}), each
 * chunk's fold sums taken with the {@link FoldPlan} recipe, and the chunk sums added exactly. With
 * {@link Fault#FLOATING_CHUNK_PARTIALS}, sums instead add each chunk's value as a double, so the
 * result depends on the chunk size.
 */
final class SequentialFoldKernels implements FoldKernels {
  private final int chunk;
  private final boolean onePass;
  private final Fault fault;

  SequentialFoldKernels(int chunk, boolean onePass, Fault fault) {
    this.chunk = chunk;
    this.onePass = onePass;
    this.fault = fault;
  }

  /**
   * With {@code prims.seq.onepass=true}: every chunk folded at the top grid of its own largest
   * magnitude and the chunks merged, as a one-pass kernel would.
   */
  @Override
  public Optional<FoldSums> foldSumOnePass(DeviceBuffer input) {
    if (!onePass) {
      return Optional.empty();
    }
    Object a = HeapBuffer.array(input);
    DType type = input.type();
    int n = (int) input.length();
    FoldSums total = FoldSums.zero(type);
    for (int from = 0; from < n; from += chunk) {
      int to = (int) Math.min(n, (long) from + chunk);
      double max = 0;
      for (int i = from; i < to; i++) {
        double v = Math.abs(real(a, i));
        max = Double.isNaN(v) || v > max ? v : max;
      }
      if (!Double.isFinite(max)) {
        return Optional.of(FoldSums.nonFinite(type));
      }
      if (max == 0) {
        continue;
      }
      FoldPlan plan = FoldPlan.forMaxAbs(type, max);
      long[] sums = new long[plan.folds()];
      for (int i = from; i < to; i++) {
        split(real(a, i), plan, sums);
      }
      total = total.plus(FoldSums.of(type, plan.topGrid(), sums));
    }
    return Optional.of(total);
  }

  @Override
  public long[] foldSum(DeviceBuffer input, FoldPlan plan) {
    Object a = HeapBuffer.array(input);
    return chunked((int) input.length(), plan, i -> real(a, i));
  }

  @Override
  public long[] foldDot(DeviceBuffer a, DeviceBuffer b, FoldPlan plan) {
    Object x = HeapBuffer.array(a);
    Object y = HeapBuffer.array(b);
    return chunked((int) a.length(), plan, i -> real(x, i) * real(y, i));
  }

  @Override
  public void foldScan(DeviceBuffer input, DeviceBuffer output, ScanKind kind, FoldPlan plan) {
    Object in = HeapBuffer.array(input);
    Object out = HeapBuffer.array(output);
    long[] sums = new long[plan.folds()];
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    for (int i = 0; i < input.length(); i++) {
      double x = real(in, i);
      if (!inclusive) {
        setReal(out, i, combine(sums, plan));
      }
      split(x, plan, sums);
      if (inclusive) {
        setReal(out, i, combine(sums, plan));
      }
    }
  }

  private long[] chunked(int n, FoldPlan plan, java.util.function.IntToDoubleFunction term) {
    long[] total = new long[plan.folds()];
    double floatingTotal = 0;
    for (int from = 0; from < n; from += chunk) {
      long[] sums = new long[plan.folds()];
      int to = (int) Math.min(n, (long) from + chunk);
      for (int i = from; i < to; i++) {
        split(term.applyAsDouble(i), plan, sums);
      }
      if (fault == Fault.FLOATING_CHUNK_PARTIALS) {
        floatingTotal += combine(sums, plan);
      } else {
        for (int f = 0; f < sums.length; f++) {
          total[f] += sums[f];
        }
      }
    }
    if (fault == Fault.FLOATING_CHUNK_PARTIALS) {
      split(floatingTotal, plan, total);
    }
    return total;
  }

  /** The {@link FoldPlan} per-element recipe, written out. */
  private static void split(double x, FoldPlan plan, long[] sums) {
    double r = x;
    for (int f = 0; f < plan.folds(); f++) {
      long k = (long) ((r * plan.down1(f)) * plan.down2(f));
      sums[f] += k;
      r = r - ((double) k * plan.up1(f)) * plan.up2(f);
    }
  }

  /**
   * The value of fold sums: carried first into canonical digits (every fold but the first in [0,
   * 2^WIDTH)), then each fold's value added from the top.
   */
  private static double combine(long[] sums, FoldPlan plan) {
    long[] digits = sums.clone();
    for (int f = digits.length - 1; f > 0; f--) {
      long low = Math.floorMod(digits[f], 1L << FoldPlan.WIDTH);
      digits[f - 1] += (digits[f] - low) / (1L << FoldPlan.WIDTH);
      digits[f] = low;
    }
    double v = 0;
    for (int f = 0; f < plan.folds(); f++) {
      double part = ((double) digits[f] * plan.up1(f)) * plan.up2(f);
      v = f == 0 ? part : v + part;
    }
    return v;
  }
}
