package dev.prims.opencl;

import static org.jocl.CL.*;

import dev.prims.spi.DeviceInfo;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;

/**
 * One OpenCL device with the facts prims needs: its platform, versions, memory, compute units and
 * the optional features (fp64, 64-bit atomics, sub-groups, NVIDIA's build options such as {@code
 * -cl-nv-maxrregcount}, the look-back scan's memory ordering) that decide which kernels it gets.
 */
record OpenClDevice(
    int index,
    cl_platform_id platform,
    cl_device_id device,
    int platformIndex,
    String platformName,
    String name,
    String version,
    String driverVersion,
    long globalMemory,
    long maxAllocation,
    long localMemory,
    int computeUnits,
    long maxWorkGroupSize,
    boolean gpu,
    boolean fp64,
    boolean int64Atomics,
    boolean subgroups,
    boolean nvCompilerOptions,
    OpenClLookback lookback) {

  /** Queries every fact of {@code device}. */
  static OpenClDevice query(
      int index, int platformIndex, cl_platform_id platform, cl_device_id device) {
    String extensions = string(device, CL_DEVICE_EXTENSIONS);
    long type = longValue(device, CL_DEVICE_TYPE);
    String platformName = platformString(platform, CL_PLATFORM_NAME);
    String version = string(device, CL_DEVICE_VERSION);
    boolean gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
    return new OpenClDevice(
        index,
        platform,
        device,
        platformIndex,
        platformName,
        string(device, CL_DEVICE_NAME),
        version,
        string(device, CL_DRIVER_VERSION),
        longValue(device, CL_DEVICE_GLOBAL_MEM_SIZE),
        longValue(device, CL_DEVICE_MAX_MEM_ALLOC_SIZE),
        longValue(device, CL_DEVICE_LOCAL_MEM_SIZE),
        intValue(device, CL_DEVICE_MAX_COMPUTE_UNITS),
        sizeValue(device, CL_DEVICE_MAX_WORK_GROUP_SIZE),
        gpu,
        extensions.contains("cl_khr_fp64"),
        extensions.contains("cl_khr_int64_base_atomics"),
        extensions.contains("cl_khr_subgroups"),
        extensions.contains("cl_nv_compiler_options"),
        OpenClLookback.check(device, platformName, gpu, (type & CL_DEVICE_TYPE_CPU) != 0, version));
  }

  /** The SPI view of this device, with the OpenCL facts as details. */
  DeviceInfo info() {
    Map<String, String> details = new LinkedHashMap<>();
    details.put("platform", platformName);
    details.put("platformIndex", Integer.toString(platformIndex));
    details.put("openclVersion", version);
    details.put("driverVersion", driverVersion);
    details.put("type", gpu ? "gpu" : "other");
    details.put("maxAllocationBytes", Long.toString(maxAllocation));
    details.put("localMemoryBytes", Long.toString(localMemory));
    details.put("fp64", Boolean.toString(fp64));
    details.put("int64Atomics", Boolean.toString(int64Atomics));
    details.put("subgroups", Boolean.toString(subgroups));
    details.put("scanLookback", lookback.describe());
    return new DeviceInfo(index, name, globalMemory, computeUnits, details);
  }

  /** "NVIDIA H200 (NVIDIA CUDA)": the device name with its platform. */
  String describe() {
    return name + " (" + platformName + ")";
  }

  static String platformString(cl_platform_id platform, int param) {
    long[] size = new long[1];
    clGetPlatformInfo(platform, param, 0, null, size);
    byte[] buffer = new byte[(int) size[0]];
    clGetPlatformInfo(platform, param, buffer.length, Pointer.to(buffer), null);
    return text(buffer);
  }

  private static String string(cl_device_id device, int param) {
    long[] size = new long[1];
    clGetDeviceInfo(device, param, 0, null, size);
    byte[] buffer = new byte[(int) size[0]];
    clGetDeviceInfo(device, param, buffer.length, Pointer.to(buffer), null);
    return text(buffer);
  }

  private static String text(byte[] buffer) {
    int end = buffer.length;
    while (end > 0 && buffer[end - 1] == 0) {
      end--;
    }
    return new String(buffer, 0, end, StandardCharsets.UTF_8).trim();
  }

  private static long longValue(cl_device_id device, int param) {
    long[] value = new long[1];
    clGetDeviceInfo(device, param, Sizeof.cl_ulong, Pointer.to(value), null);
    return value[0];
  }

  private static long sizeValue(cl_device_id device, int param) {
    long[] value = new long[1];
    clGetDeviceInfo(device, param, Sizeof.size_t, Pointer.to(value), null);
    return value[0];
  }

  private static int intValue(cl_device_id device, int param) {
    int[] value = new int[1];
    clGetDeviceInfo(device, param, Sizeof.cl_uint, Pointer.to(value), null);
    return value[0];
  }
}
