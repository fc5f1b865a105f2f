package dev.prims.cuda;

import dev.prims.BackendUnavailableException;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.StagingPolicy;
import java.util.Set;

/**
 * The CUDA backend (JCuda, driver API, PTX kernels). Available when libcuda loads and reports a
 * device; the device is chosen with {@code prims.device} (index or name substring).
 */
public final class CudaBackendProvider implements BackendProvider {
  /** The provider id. */
  public static final String ID = "cuda";

  /** Touches no native code. */
  public CudaBackendProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public int priority() {
    return 100;
  }

  @Override
  public Set<String> configurationKeys() {
    return Set.of(
        CudaTransferPolicy.HOST_PATH_KEY,
        StagingPolicy.chunkKey(CudaTransferPolicy.PREFIX),
        StagingPolicy.slotsKey(CudaTransferPolicy.PREFIX),
        StagingPolicy.threadsKey(CudaTransferPolicy.PREFIX),
        CudaSegmentPolicy.VARIANT_KEY,
        CudaSortPolicy.VARIANT_KEY);
  }

  @Override
  public Availability probe(BackendContext context) {
    return CudaDevices.probe();
  }

  @Override
  public Backend create(BackendContext context) {
    Availability availability = CudaDevices.probe();
    if (!availability.available()) {
      throw new BackendUnavailableException(ID, availability.reason());
    }
    DeviceInfo device =
        CudaDevices.choose(availability.devices(), context.get("prims.device").orElse(null));
    CudaTransferPolicy transfer = CudaTransferPolicy.of(context);
    boolean segmentRegisters =
        CudaSegmentPolicy.registers(context.get(CudaSegmentPolicy.VARIANT_KEY).orElse(null));
    String sortVariant =
        CudaSortPolicy.variant(context.get(CudaSortPolicy.VARIANT_KEY).orElse(null));
    return new CudaBackend(
        device, transfer, segmentRegisters, sortVariant, BufferCleaner.captureSites(context));
  }
}
