package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuMemGetInfo;

import dev.prims.spi.Backend;
import java.util.OptionalLong;

/**
 * Device memory in use on the GPU of an open CUDA backend ({@code cuMemGetInfo}: total minus free,
 * device-wide), for leak checks such as {@code prims stress}.
 */
public final class CudaMemoryInfo {
  private CudaMemoryInfo() {}

  /** Bytes in use on {@code backend}'s device, or empty when it is not an open CUDA backend. */
  public static OptionalLong bytesInUse(Backend backend) {
    if (!(backend instanceof CudaBackend) || ((CudaBackend) backend).isClosed()) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(
        ((CudaBackend) backend)
            .call(
                () -> {
                  long[] free = new long[1];
                  long[] total = new long[1];
                  cuMemGetInfo(free, total);
                  return total[0] - free[0];
                }));
  }
}
