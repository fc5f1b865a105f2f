package dev.prims.aparapi;

import com.aparapi.device.OpenCLDevice;
import dev.prims.BackendUnavailableException;
import dev.prims.PrimsConfig;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.DeviceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Aparapi backend: kernels written as Java {@code Kernel} classes that Aparapi translates to
 * OpenCL. Available when Aparapi sees at least one OpenCL device; its Java thread pool is never
 * offered as a device.
 */
public final class AparapiBackendProvider implements BackendProvider {
  /** The provider id. */
  public static final String ID = "aparapi";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public int priority() {
    return 40;
  }

  @Override
  public Availability probe(BackendContext context) {
    Found found = find();
    if (found.devices().isEmpty()) {
      return Availability.absent(found.reason());
    }
    List<OpenCLDevice> devices = found.devices();
    List<DeviceInfo> infos = new ArrayList<>();
    for (int i = 0; i < devices.size(); i++) {
      infos.add(AparapiDevices.info(i, devices.get(i)));
    }
    return Availability.available(infos, Map.of("aparapi", "3.0.2"));
  }

  @Override
  public Backend create(BackendContext context) {
    Found found = find();
    if (found.devices().isEmpty()) {
      throw new BackendUnavailableException(ID, found.reason(), found.cause());
    }
    List<OpenCLDevice> devices = found.devices();
    int index = AparapiDevices.select(devices, context.get(PrimsConfig.DEVICE).orElse(null));
    String fallback = context.get(PrimsConfig.FALLBACK, "true").trim();
    return new AparapiBackend(
        AparapiDevices.info(index, devices.get(index)),
        devices.get(index),
        !fallback.equalsIgnoreCase("false"),
        BufferCleaner.captureSites(context));
  }

  /**
   * Aparapi's OpenCL devices; where there are none, why (OpenCL failed to load, or the discovery's
   * reason) and what failed, if anything.
   */
  private record Found(List<OpenCLDevice> devices, String reason, Throwable cause) {}

  private static Found find() {
    AparapiDevices.Discovery discovery;
    try {
      discovery = AparapiDevices.discover();
    } catch (LinkageError | RuntimeException e) {
      return new Found(List.of(), "Aparapi cannot load OpenCL: " + e, e);
    }
    return new Found(discovery.devices(), discovery.reason(), null);
  }
}
