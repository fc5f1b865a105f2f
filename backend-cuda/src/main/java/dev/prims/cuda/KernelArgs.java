package dev.prims.cuda;

import java.util.ArrayList;
import java.util.List;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/** Builds the parameter array of one {@code cuLaunchKernel} call, in the kernel's order. */
final class KernelArgs {
  private final List<Pointer> args = new ArrayList<>();

  KernelArgs pointer(CUdeviceptr p) {
    args.add(Pointer.to(p));
    return this;
  }

  KernelArgs i64(long v) {
    args.add(Pointer.to(new long[] {v}));
    return this;
  }

  KernelArgs i32(int v) {
    args.add(Pointer.to(new int[] {v}));
    return this;
  }

  KernelArgs f32(float v) {
    args.add(Pointer.to(new float[] {v}));
    return this;
  }

  KernelArgs f64(double v) {
    args.add(Pointer.to(new double[] {v}));
    return this;
  }

  Pointer build() {
    return Pointer.to(args.toArray(new NativePointerObject[0]));
  }
}
