package dev.prims.cuda;

import jcuda.driver.CUdeviceptr;

/**
 * Epoch-tagged look-back states in one named scratch, for kernels whose tile states carry the
 * launch's epoch above their status bits (block_lookback.cuh's {@code EpochTileStates}): a state an
 * earlier launch wrote reads as empty, so the scratch is zeroed only when it is allocated (first,
 * or when it grows) and when the epochs wrap, never before a launch. The kernels leave their own
 * counters at zero when the grid ends. The twin of the OpenCL backend's {@code OpenClTickets}. Use
 * under the backend's lock.
 */
final class CudaTileEpochs {
  /** Epochs fit in the 30 bits above a state's 2-bit status. */
  static final int MAX_EPOCH = (1 << 30) - 1;

  private final CudaBackend backend;
  private final String slot;
  private CUdeviceptr memory;
  private int epoch;

  CudaTileEpochs(CudaBackend backend, String slot) {
    this.backend = backend;
    this.slot = slot;
  }

  /**
   * The scratch of at least {@code bytes} for the next launch, with {@link #epoch()} set for it.
   */
  CUdeviceptr next(long bytes) {
    CUdeviceptr p = backend.scratch(slot, bytes);
    if (p != memory || epoch == MAX_EPOCH) {
      backend.zero(p, backend.scratchBytes(slot) / 4);
      memory = p;
      epoch = 0;
    }
    epoch++;
    return p;
  }

  /** The launch's number (from 1), as its states carry it. */
  int epoch() {
    return epoch;
  }
}
