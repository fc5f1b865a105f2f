package dev.prims.aparapi;

import com.aparapi.device.Device;
import com.aparapi.device.OpenCLDevice;
import com.aparapi.internal.opencl.OpenCLPlatform;
import dev.prims.spi.PrivateNatives;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.LibUtils;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills Aparapi's platform list through JOCL, so that Aparapi never runs its own native platform
 * enumeration. That native code ({@code OpenCLJNI.getPlatforms} in aparapi-native) prints "WARNING:
 * Aparapi is running on an untested OpenCL platform version" with {@code fprintf} to the process's
 * stderr for every platform newer than OpenCL 2.1 (PoCL, current NVIDIA and Intel drivers),
 * unconditionally and out of reach of any logger or switch.
 *
 * <p>The list holds what Aparapi's own enumeration would: the same platforms and devices (CPU, GPU
 * and accelerator types), in the OpenCL loader's order, with the same handles, since JOCL and
 * Aparapi's library share the process's OpenCL loader. Aparapi caches its list in a static field
 * and enumerates once only when it is empty; this class sets that field. Soft: if JOCL cannot run
 * or Aparapi's internals differ from 3.0.x, nothing is set and Aparapi enumerates as usual (the
 * warning then shows once per platform).
 */
final class AparapiPlatformPreload {
  private static final Logger LOG = LoggerFactory.getLogger(AparapiPlatformPreload.class);
  private static final long DEVICE_TYPES =
      CL.CL_DEVICE_TYPE_CPU | CL.CL_DEVICE_TYPE_GPU | CL.CL_DEVICE_TYPE_ACCELERATOR;
  private static boolean attempted;
  private static boolean preloaded;

  private AparapiPlatformPreload() {}

  /**
   * Sets Aparapi's platform list once, before its first enumeration; later calls do nothing. Call
   * it only once Aparapi's native library has loaded ({@code OpenCLLoader.isOpenCLAvailable()}).
   *
   * @return whether the list Aparapi uses now came from here
   */
  static synchronized boolean preload() {
    if (attempted) {
      return preloaded;
    }
    attempted = true;
    try {
      Field cache = OpenCLPlatform.class.getDeclaredField("platforms");
      if (!Modifier.isStatic(cache.getModifiers()) || cache.getType() != List.class) {
        LOG.debug("Aparapi's platform cache has an unknown shape; Aparapi enumerates itself");
        return false;
      }
      cache.setAccessible(true);
      if (cache.get(null) != null) {
        return false;
      }
      List<OpenCLPlatform> platforms = enumerate();
      if (platforms == null) {
        return false;
      }
      cache.set(null, platforms);
      preloaded = true;
      return true;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.debug("OpenCL platforms not preloaded for Aparapi; Aparapi enumerates itself", e);
      return false;
    }
  }

  /** The platforms and their devices as Aparapi's native enumeration builds them, or null. */
  private static List<OpenCLPlatform> enumerate() {
    // JOCL's library goes to prims' private natives directory, as the opencl backend loads it
    PrivateNatives.load(
        CL.class,
        "org.jocl",
        "jocl",
        v ->
            LibUtils.createLibraryFileName(
                LibUtils.createPlatformLibraryName("JOCL_" + v.replace('.', '_'))),
        () -> CL.stringFor_errorCode(CL.CL_SUCCESS));
    int[] count = new int[1];
    if (CL.clGetPlatformIDs(0, null, count) != CL.CL_SUCCESS || count[0] <= 0) {
      return null;
    }
    cl_platform_id[] ids = new cl_platform_id[count[0]];
    if (CL.clGetPlatformIDs(ids.length, ids, null) != CL.CL_SUCCESS) {
      return null;
    }
    List<OpenCLPlatform> platforms = new ArrayList<>();
    for (cl_platform_id id : ids) {
      OpenCLPlatform platform =
          new OpenCLPlatform(
              id.getNativePointer(),
              platformString(id, CL.CL_PLATFORM_VERSION),
              platformString(id, CL.CL_PLATFORM_VENDOR),
              platformString(id, CL.CL_PLATFORM_NAME));
      for (cl_device_id device : devices(id)) {
        platform.addOpenCLDevice(describe(platform, device));
      }
      platforms.add(platform);
    }
    return platforms;
  }

  private static List<cl_device_id> devices(cl_platform_id platform) {
    int[] count = new int[1];
    try {
      if (CL.clGetDeviceIDs(platform, DEVICE_TYPES, 0, null, count) != CL.CL_SUCCESS
          || count[0] <= 0) {
        return List.of();
      }
    } catch (CLException e) { // JOCL throws instead when another backend enabled exceptions
      if (e.getStatus() == CL.CL_DEVICE_NOT_FOUND) {
        return List.of();
      }
      throw e;
    }
    cl_device_id[] ids = new cl_device_id[count[0]];
    if (CL.clGetDeviceIDs(platform, DEVICE_TYPES, ids.length, ids, null) != CL.CL_SUCCESS) {
      return List.of();
    }
    return List.of(ids);
  }

  private static OpenCLDevice describe(OpenCLPlatform platform, cl_device_id id) {
    long type = deviceLong(id, CL.CL_DEVICE_TYPE, Sizeof.cl_ulong);
    Device.TYPE kind = Device.TYPE.UNKNOWN;
    if ((type & CL.CL_DEVICE_TYPE_CPU) != 0) {
      kind = Device.TYPE.CPU;
    }
    if ((type & CL.CL_DEVICE_TYPE_GPU) != 0) {
      kind = Device.TYPE.GPU;
    }
    if ((type & CL.CL_DEVICE_TYPE_ACCELERATOR) != 0) {
      kind = Device.TYPE.ACC;
    }
    OpenCLDevice device = new OpenCLDevice(platform, id.getNativePointer(), kind);
    device.setMaxComputeUnits((int) deviceLong(id, CL.CL_DEVICE_MAX_COMPUTE_UNITS, Sizeof.cl_uint));
    int dimensions = (int) deviceLong(id, CL.CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, Sizeof.cl_uint);
    device.setMaxWorkItemDimensions(dimensions);
    ByteBuffer sizes = deviceInfo(id, CL.CL_DEVICE_MAX_WORK_ITEM_SIZES, dimensions * Sizeof.size_t);
    int[] maxWorkItemSize = new int[Math.max(dimensions, 3)];
    for (int d = 0; d < dimensions; d++) {
      maxWorkItemSize[d] = (int) sizeT(sizes, d);
    }
    device.setMaxWorkItemSize(maxWorkItemSize);
    device.setMaxWorkGroupSize(
        (int) deviceLong(id, CL.CL_DEVICE_MAX_WORK_GROUP_SIZE, Sizeof.size_t));
    device.setMaxMemAllocSize(deviceLong(id, CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE, Sizeof.cl_ulong));
    device.setGlobalMemSize(deviceLong(id, CL.CL_DEVICE_GLOBAL_MEM_SIZE, Sizeof.cl_ulong));
    device.setLocalMemSize(deviceLong(id, CL.CL_DEVICE_LOCAL_MEM_SIZE, Sizeof.cl_ulong));
    device.setName(deviceString(id, CL.CL_DEVICE_NAME));
    device.configure();
    return device;
  }

  private static String platformString(cl_platform_id id, int param) {
    return infoString(
        (size, value, sizeOut) -> CL.clGetPlatformInfo(id, param, size, value, sizeOut));
  }

  private static String deviceString(cl_device_id id, int param) {
    return infoString(
        (size, value, sizeOut) -> CL.clGetDeviceInfo(id, param, size, value, sizeOut));
  }

  /** One {@code clGet*Info} call for a fixed object and parameter. */
  private interface InfoQuery {
    int get(long size, Pointer value, long[] sizeOut);
  }

  /** A string property: its size first, then its bytes up to the terminating NUL. */
  private static String infoString(InfoQuery query) {
    long[] size = new long[1];
    check(query.get(0, null, size));
    byte[] bytes = new byte[(int) size[0]];
    check(query.get(bytes.length, Pointer.to(bytes), null));
    int end = 0;
    while (end < bytes.length && bytes[end] != 0) {
      end++;
    }
    return new String(bytes, 0, end, StandardCharsets.UTF_8);
  }

  /** An unsigned integer property of {@code bytes} bytes (cl_uint, size_t or cl_ulong). */
  private static long deviceLong(cl_device_id id, int param, int bytes) {
    return sizeT(deviceInfo(id, param, bytes), 0, bytes);
  }

  private static ByteBuffer deviceInfo(cl_device_id id, int param, int bytes) {
    ByteBuffer buffer =
        ByteBuffer.allocateDirect(Math.max(bytes, 1)).order(ByteOrder.nativeOrder());
    check(CL.clGetDeviceInfo(id, param, bytes, Pointer.to(buffer), null));
    return buffer;
  }

  private static long sizeT(ByteBuffer buffer, int index) {
    return sizeT(buffer, index, Sizeof.size_t);
  }

  private static long sizeT(ByteBuffer buffer, int index, int bytes) {
    return bytes == Long.BYTES
        ? buffer.getLong(index * Long.BYTES)
        : Integer.toUnsignedLong(buffer.getInt(index * Integer.BYTES));
  }

  private static void check(int status) {
    if (status != CL.CL_SUCCESS) {
      throw new IllegalStateException("OpenCL query failed with status " + status);
    }
  }
}
