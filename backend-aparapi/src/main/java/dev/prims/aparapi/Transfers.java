package dev.prims.aparapi;

import com.aparapi.Kernel;

/** Explicit transfers of a kernel's array arguments, dispatched on the array's type. */
final class Transfers {
  private Transfers() {}

  /** Copies {@code array} to the kernel's device copy before its next run. */
  static void put(Kernel kernel, Object array) {
    if (array instanceof float[]) {
      kernel.put((float[]) array);
    } else if (array instanceof double[]) {
      kernel.put((double[]) array);
    } else if (array instanceof int[]) {
      kernel.put((int[]) array);
    } else {
      kernel.put((long[]) array);
    }
  }

  /** Copies the kernel's device copy of {@code array} back into it. */
  static void get(Kernel kernel, Object array) {
    if (array instanceof float[]) {
      kernel.get((float[]) array);
    } else if (array instanceof double[]) {
      kernel.get((double[]) array);
    } else if (array instanceof int[]) {
      kernel.get((int[]) array);
    } else {
      kernel.get((long[]) array);
    }
  }
}
