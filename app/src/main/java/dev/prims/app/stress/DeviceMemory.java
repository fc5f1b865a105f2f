package dev.prims.app.stress;

import dev.prims.cuda.CudaMemoryInfo;
import dev.prims.spi.Backend;
import java.util.OptionalLong;

/** Device memory in use on a backend's device, where the backend can tell. */
final class DeviceMemory {
  private DeviceMemory() {}

  /** Bytes in use, or empty when the backend has no such query (see {@link #whyUnknown}). */
  static OptionalLong inUse(Backend backend) {
    return CudaMemoryInfo.bytesInUse(backend);
  }

  /** Why {@link #inUse} is empty for {@code backend}. */
  static String whyUnknown(Backend backend) {
    switch (backend.id()) {
      case "cpu":
        return "host memory only";
      case "opencl":
      case "aparapi":
        return "OpenCL has no query for the device memory in use; see its ledger";
      default:
        return "the backend has no query for the device memory in use";
    }
  }
}
