package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuDeviceCanAccessPeer;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuDriverGetVersion;
import static jcuda.driver.JCudaDriver.cuInit;

import dev.prims.spi.Availability;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.PrivateNatives;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jcuda.CudaException;
import jcuda.LibUtils;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * Loads the JCuda driver binding, initialises the driver and lists the devices. Every failure is
 * turned into an {@link Availability}: no libcuda, no driver or no device is "absent"; anything
 * else is "broken".
 */
final class CudaDevices {
  /** The first failure to load the native libraries (later attempts only say "could not init"). */
  private static Availability linkFailure;

  private CudaDevices() {}

  /** The devices and driver version, or why CUDA cannot be used here. Never throws. */
  static synchronized Availability probe() {
    if (linkFailure != null) {
      return linkFailure;
    }
    try {
      PrivateNatives.load(
          JCudaDriver.class,
          "org.jcuda",
          "jcuda",
          v ->
              LibUtils.createLibraryFileName(
                  LibUtils.createPlatformLibraryName("JCudaDriver-" + v)),
          () -> JCudaDriver.setExceptionsEnabled(true));
      cuInit(0);
      int[] count = new int[1];
      cuDeviceGetCount(count);
      if (count[0] == 0) {
        return Availability.absent("no CUDA device found: the driver reports 0 devices");
      }
      List<DeviceInfo> devices = new ArrayList<>();
      for (int i = 0; i < count[0]; i++) {
        devices.add(describe(i, count[0]));
      }
      return Availability.available(devices, Map.of("cuda-driver", driverVersion()));
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      linkFailure =
          Availability.absent(
              "no CUDA device found: the CUDA driver (libcuda) or JCuda's native library could not be"
                  + " loaded: "
                  + firstLine(e.getMessage()));
      return linkFailure;
    } catch (CudaException e) {
      String message = e.getMessage() == null ? e.toString() : e.getMessage();
      if (message.contains(CUresult.stringFor(CUresult.CUDA_ERROR_NO_DEVICE))
          || message.contains(CUresult.stringFor(CUresult.CUDA_ERROR_STUB_LIBRARY))
          || message.contains(CUresult.stringFor(CUresult.CUDA_ERROR_NOT_INITIALIZED))) {
        return Availability.absent("no CUDA device found: " + message);
      }
      return Availability.broken("CUDA driver initialisation failed: " + message);
    } catch (RuntimeException | LinkageError e) {
      return Availability.broken("CUDA driver initialisation failed: " + e);
    }
  }

  /** The first line of a loader message (JCuda's runs to many lines with stack traces). */
  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    int end = message.indexOf('\n');
    return (end < 0 ? message : message.substring(0, end)).trim();
  }

  /**
   * The device chosen by {@code selector}: an index, or a substring of the name (case-insensitive).
   *
   * @throws IllegalArgumentException if nothing matches, listing the devices
   */
  static DeviceInfo choose(List<DeviceInfo> devices, String selector) {
    if (selector == null || selector.isBlank()) {
      return devices.get(0);
    }
    String s = selector.trim();
    try {
      int index = Integer.parseInt(s);
      if (index >= 0 && index < devices.size()) {
        return devices.get(index);
      }
    } catch (NumberFormatException notAnIndex) {
      for (DeviceInfo d : devices) {
        if (d.name().toLowerCase(Locale.ROOT).contains(s.toLowerCase(Locale.ROOT))) {
          return d;
        }
      }
    }
    List<String> names = new ArrayList<>();
    devices.forEach(d -> names.add(d.index() + ": " + d.name()));
    throw new IllegalArgumentException(
        "prims.device '" + selector + "' matches no CUDA device; devices: " + names);
  }

  private static DeviceInfo describe(int index, int count) {
    CUdevice device = new CUdevice();
    cuDeviceGet(device, index);
    byte[] name = new byte[256];
    cuDeviceGetName(name, name.length, device);
    int end = 0;
    while (end < name.length && name[end] != 0) {
      end++;
    }
    long[] memory = new long[1];
    cuDeviceTotalMem(memory, device);
    int sms = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    Map<String, String> details = new LinkedHashMap<>();
    details.put(
        "compute capability",
        attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
            + "."
            + attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR));
    details.put("SMs", Integer.toString(sms));
    details.put("memory MiB", Long.toString(memory[0] >> 20));
    details.put("driver", driverVersion());
    if (count > 1) {
      details.put("peer access", peers(device, index, count));
    }
    return new DeviceInfo(
        index, new String(name, 0, end, StandardCharsets.US_ASCII), memory[0], sms, details);
  }

  /** The other devices {@code device} can read and write directly (NVLink or PCIe peer access). */
  private static String peers(CUdevice device, int index, int count) {
    StringBuilder peers = new StringBuilder();
    for (int other = 0; other < count; other++) {
      if (other == index) {
        continue;
      }
      CUdevice peer = new CUdevice();
      cuDeviceGet(peer, other);
      int[] can = new int[1];
      cuDeviceCanAccessPeer(can, device, peer);
      if (can[0] != 0) {
        peers.append(peers.length() == 0 ? "" : ",").append(other);
      }
    }
    return peers.length() == 0 ? "none (host staging)" : peers.toString();
  }

  static int attribute(CUdevice device, int attribute) {
    int[] value = new int[1];
    cuDeviceGetAttribute(value, attribute, device);
    return value[0];
  }

  private static String driverVersion() {
    int[] v = new int[1];
    cuDriverGetVersion(v);
    return "CUDA " + v[0] / 1000 + "." + (v[0] % 1000) / 10;
  }
}
