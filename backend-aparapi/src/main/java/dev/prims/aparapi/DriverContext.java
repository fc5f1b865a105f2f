package dev.prims.aparapi;

import dev.prims.spi.CallContext;

/**
 * What the driver of each primitive works with on one device: its buffers, the kernels, the
 * launcher and the device's shape.
 */
record DriverContext(
    AparapiBufferManager buffers, KernelSet kernels, KernelLauncher launcher, DeviceShape shape) {

  /** Runs {@code handle}'s kernel on {@code groups} work-groups of {@code block} work-items. */
  void launchGroups(KernelHandle<?> handle, int groups, int block, CallContext call) {
    launcher.launch(handle, groups * block, block, call);
  }
}
