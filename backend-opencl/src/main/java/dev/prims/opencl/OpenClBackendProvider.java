package dev.prims.opencl;

import dev.prims.BackendUnavailableException;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.DeviceInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The OpenCL backend ({@code opencl}, priority 50) on JOCL. Sees every platform and device; {@code
 * prims.opencl.platform} and {@code prims.device} choose one (see {@link OpenClDiscovery}). Without
 * {@code libOpenCL.so} or without any platform it is absent with the reason; constructing the
 * provider loads nothing.
 */
public final class OpenClBackendProvider implements BackendProvider {
  @Override
  public String id() {
    return OpenClBackend.ID;
  }

  @Override
  public int priority() {
    return 50;
  }

  @Override
  public Set<String> configurationKeys() {
    return Set.of(
        OpenClDiscovery.PLATFORM_KEY,
        OpenClBackend.BUILD_OPTIONS_KEY,
        OpenClBackend.BINARIES_KEY,
        OpenClBackend.RUNTIME_OP_KEY,
        OpenClBackend.INT64_ATOMICS_KEY,
        OpenClScanPolicy.ITEMS_KEY,
        OpenClScanPolicy.ITEMS8_KEY,
        OpenClScanPolicy.BLOCK_KEY,
        OpenClScanPolicy.CHUNKS_KEY,
        OpenClScanPolicy.WINDOW_KEY,
        OpenClScanPolicy.LOOKBACK_KEY,
        OpenClSelectKernels.ITEMS_KEY,
        OpenClSelectKernels.ITEMS8_KEY,
        OpenClSegmentPolicy.REGISTER_CAP_KEY,
        OpenClTransferPolicy.HOST_PATH_KEY,
        OpenClTransferPolicy.CHUNK_KEY,
        OpenClTransferPolicy.SLOTS_KEY,
        OpenClTransferPolicy.THREADS_KEY);
  }

  @Override
  public Availability probe(BackendContext context) {
    List<OpenClDevice> all;
    try {
      all = OpenClDiscovery.devices();
    } catch (LinkageError | RuntimeException e) {
      return Availability.absent("OpenCL is not usable here (no libOpenCL or ICD): " + e);
    }
    if (all.isEmpty()) {
      return Availability.absent("no OpenCL platform with a device found");
    }
    OpenClDevice chosen;
    try {
      chosen = OpenClDiscovery.choose(all, context);
    } catch (IllegalStateException e) {
      return Availability.absent(e.getMessage());
    } catch (RuntimeException e) {
      return Availability.broken("OpenCL device query failed: " + e);
    }
    if (chosen.maxWorkGroupSize() < OpenClReducePolicy.BLOCK_SIZE) {
      return Availability.broken(
          chosen.describe()
              + " runs at most "
              + chosen.maxWorkGroupSize()
              + " work-items per work-group; the prims kernels need "
              + OpenClReducePolicy.BLOCK_SIZE);
    }
    Map<String, String> versions = new LinkedHashMap<>();
    versions.put("selected", chosen.index() + ": " + chosen.describe());
    versions.put("opencl", chosen.version());
    versions.put("driver", chosen.driverVersion());
    List<DeviceInfo> devices = all.stream().map(OpenClDevice::info).toList();
    return Availability.available(devices, versions);
  }

  @Override
  public Backend create(BackendContext context) {
    Availability availability = probe(context);
    if (!availability.available()) {
      throw new BackendUnavailableException(id(), availability.reason());
    }
    OpenClDevice device = OpenClDiscovery.choose(OpenClDiscovery.devices(), context);
    return new OpenClBackend(device, context);
  }
}
