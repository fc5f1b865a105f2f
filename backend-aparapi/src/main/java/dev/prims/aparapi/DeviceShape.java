package dev.prims.aparapi;

/**
 * What the launch policies need to know of the device: its compute units, and whether it is a CPU,
 * where each work-item should read one contiguous span (a GPU wants neighbouring work-items on
 * neighbouring elements instead).
 *
 * @param computeUnits OpenCL compute units (at least 1)
 * @param cpu whether the device is a CPU
 */
record DeviceShape(int computeUnits, boolean cpu) {
  DeviceShape {
    computeUnits = Math.max(1, computeUnits);
  }

  /**
   * Elements per work-item for {@code n} elements over {@code items} work-items: a contiguous span
   * on CPUs, 0 (grid-strided) on other devices.
   */
  int span(long n, long items) {
    return cpu ? (int) Math.max(1, (n + items - 1) / items) : 0;
  }
}
