package dev.prims.aparapi;

import com.aparapi.Kernel;

/** A kernel Aparapi cannot translate to OpenCL (it allocates), so it only runs in Java. */
final class UntranslatableKernel extends Kernel {
  int[] out = new int[256];

  @Override
  public void run() {
    int i = getGlobalId();
    int[] box = new int[] {i};
    out[i] = box[0] * 2;
  }
}
