package dev.prims.cuda;

import dev.prims.Prims;
import dev.prims.spi.Backend;
import java.util.Optional;

/**
 * Bytes a CUDA backend has moved between host and device since it opened (or since {@link
 * #reset()}): uploads, staged chunks and downloads, plus every result the host reads. Lets tests
 * and tools show that a chain of calls on device buffers moves only its answers.
 */
public final class CudaTransferCounter {
  private final CudaBackend backend;

  private CudaTransferCounter(CudaBackend backend) {
    this.backend = backend;
  }

  /** The counter of {@code backend}, or empty when it is not a CUDA backend. */
  public static Optional<CudaTransferCounter> of(Backend backend) {
    return backend instanceof CudaBackend
        ? Optional.of(new CudaTransferCounter((CudaBackend) backend))
        : Optional.empty();
  }

  /** The counter of {@code prims}'s CUDA backend (opening it), or empty when it has none. */
  public static Optional<CudaTransferCounter> of(Prims prims) {
    return of(prims.registry().open(CudaBackendProvider.ID));
  }

  /** Bytes copied from host to device. */
  public long bytesToDevice() {
    return backend.bytesToDevice();
  }

  /** Bytes copied from device to host (including scalar results). */
  public long bytesToHost() {
    return backend.bytesToHost();
  }

  /** Sets both counts to zero. */
  public void reset() {
    backend.resetTransferCounts();
  }

  @Override
  public String toString() {
    return "cuda transfers: " + bytesToDevice() + " B to device, " + bytesToHost() + " B to host";
  }
}
