package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.Prims;
import dev.prims.engine.FailureMessages;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.DeviceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One opened backend the benchmark runs on: the engine view bound to it, the backend, and whether
 * its device is a GPU (GPU rows are compared with CUB, the others with the JDK).
 */
public record BenchTarget(String id, Prims view, Backend backend, boolean gpu) {
  /** Opens {@code id} through {@code prims}. */
  public static BenchTarget open(Prims prims, String id) {
    return open(prims, id, id);
  }

  /** Opens {@code id} through {@code prims}, its rows named {@code label}. */
  public static BenchTarget open(Prims prims, String id, String label) {
    Prims view = prims.backend(id);
    Backend backend = view.primaryBackend();
    return new BenchTarget(label, view, backend, isGpu(id, backend.device()));
  }

  /**
   * The ids of the backends to run on: {@code requested} in order, or every backend of {@code
   * prims} by priority when null; one that is not available adds a note saying why to {@code notes}
   * instead.
   *
   * @throws IllegalArgumentException naming the known backends when a requested id is unknown
   */
  public static List<String> availableIds(Prims prims, List<String> requested, List<String> notes) {
    Map<String, Availability> all = prims.backends();
    List<String> ids = new ArrayList<>();
    for (String id : requested == null ? prims.registry().idsByPriority() : requested) {
      Availability a = all.get(id);
      if (a == null) {
        throw new IllegalArgumentException(
            "unknown backend '" + id + "'; known: " + String.join(", ", all.keySet()));
      }
      if (a.available()) {
        ids.add(id);
      } else {
        notes.add(id + " not available: " + BenchRunner.firstLine(a.reason()));
      }
    }
    return ids;
  }

  /**
   * Opens each of {@code ids} through {@code prims}, in order; one that cannot be opened adds a
   * note saying why to {@code notes} instead.
   */
  public static List<BenchTarget> openAll(Prims prims, List<String> ids, List<String> notes) {
    List<BenchTarget> targets = new ArrayList<>();
    for (String id : ids) {
      try {
        targets.add(open(prims, id));
      } catch (RuntimeException e) {
        notes.add(
            id
                + " could not be opened: "
                + BenchRunner.firstLine(FailureMessages.describe(e, "opening backend " + id)));
      }
    }
    return targets;
  }

  /** The device's name. */
  public String deviceName() {
    return backend.device().name();
  }

  /** Whether a device is a GPU: every CUDA device, and OpenCL devices of GPU type. */
  public static boolean isGpu(String backendId, DeviceInfo device) {
    if (backendId.equals("cuda")) {
      return true;
    }
    String type = device.details().getOrDefault("type", "");
    return type.toLowerCase(Locale.ROOT).contains("gpu");
  }

  /** The device index of the cuda target among {@code targets}, or 0 where there is none. */
  public static int cudaDevice(List<BenchTarget> targets) {
    return targets.stream()
        .filter(t -> t.id().equals("cuda"))
        .findFirst()
        .map(t -> t.backend().device().index())
        .orElse(0);
  }

  /**
   * Whether {@code n} elements of {@code type} fit for a device-resident run (two inputs or an
   * input and an output, with room to spare); true when the device does not say its memory.
   */
  public boolean fitsOnDevice(DType type, long n) {
    long memory = backend.device().memoryBytes();
    return memory <= 0 || 3.0 * n * type.bytes() <= 0.8 * memory;
  }
}
