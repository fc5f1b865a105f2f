package dev.prims.aparapi;

import com.aparapi.device.OpenCLDevice;
import dev.prims.Determinism;
import dev.prims.spi.CallContext;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/** The OpenCL device the Aparapi tests run on, and the call context they pass. */
final class AparapiTestDevice {
  private AparapiTestDevice() {}

  /**
   * The devices Aparapi sees; aborts the calling test class (reported as skipped, saying why) when
   * there is none.
   */
  static List<OpenCLDevice> allOrAbort() {
    List<OpenCLDevice> devices = AparapiDevices.list();
    if (devices.isEmpty()) {
      Assumptions.abort("aparapi not available: Aparapi sees no OpenCL device here");
    }
    return devices;
  }

  /** The first device Aparapi sees, or an abort as {@link #allOrAbort}. */
  static OpenCLDevice firstOrAbort() {
    return allOrAbort().get(0);
  }

  /** A backend on {@code device}, the first one Aparapi sees, with or without the Java fallback. */
  static AparapiBackend backendOn(OpenCLDevice device, boolean fallback) {
    return new AparapiBackend(AparapiDevices.info(0, device), device, fallback);
  }

  /** Closes {@code backend} where a test class opened one (its open may have aborted first). */
  static void close(AparapiBackend backend) {
    if (backend != null) {
      backend.close();
    }
  }

  /** A fast-mode call of the default variant. */
  static CallContext call() {
    return new CallContext(null, Determinism.FAST);
  }
}
