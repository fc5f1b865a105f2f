package dev.prims.opencl;

import static org.jocl.CL.*;

import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;

/**
 * Whether a device can run the single-pass decoupled look-back scan, and how its tiles publish and
 * read their states (see scan.cl). The look-back needs two things of a device:
 *
 * <ul>
 *   <li>forward progress: a work-group that waits for a predecessor tile must not keep that tile
 *       from finishing. Tiles are numbered by an atomic ticket in start order (never by group id),
 *       so every tile a work-group waits for has started; the device must then let a started
 *       work-group run on while others spin, as GPUs do with resident work-groups and as CPU
 *       devices do by running each work-group to completion on one thread (PoCL).
 *   <li>memory ordering across work-groups: a tile's published value must be visible before its
 *       status. OpenCL 1.2's {@code mem_fence} orders memory only within a work-group, so the
 *       device needs OpenCL C 2.0 or later with acquire-release fences of device scope, or a
 *       vendor's documented guarantee: on NVIDIA's platform the PTX the kernels use directly
 *       (vector loads and stores that carry status and value in one access, {@code membar.gl}, warp
 *       shuffles and votes), the same instructions as the CUDA backend's look-back.
 * </ul>
 *
 * Elsewhere the scan falls back to reduce-then-scan, which needs neither.
 *
 * @param mode how the look-back runs on the device, or {@link Mode#UNSUPPORTED}
 * @param reason why, in words (shown by {@code prims info} as the device detail {@code
 *     scanLookback})
 */
record OpenClLookback(Mode mode, String reason) {
  /** How the look-back publishes and reads tile states on a device. */
  enum Mode {
    /** NVIDIA's platform: inline PTX (scan.cl's LOOKBACK_PTX), as the CUDA backend. */
    NVIDIA_PTX,
    /** OpenCL C 2.0 or later: device-scope acquire-release fences (LOOKBACK_ATOMICS). */
    OPENCL_ATOMICS,
    /** Neither: the scan uses reduce-then-scan. */
    UNSUPPORTED
  }

  /**
   * Bytes a tile's look-back state takes on NVIDIA's platform, the counter's first (lookback.cl's
   * LOOKBACK_STATE_BYTES): one 128-byte L2 line a tile.
   */
  static final long STATE_BYTES = 128;

  // OpenCL 3.0 device queries and capability bits (not in JOCL 2.0.6).
  private static final int CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES = 0x1063;
  private static final int CL_DEVICE_ATOMIC_FENCE_CAPABILITIES = 0x1064;
  private static final long ORDER_ACQ_REL = 1L << 1;
  private static final long SCOPE_DEVICE = 1L << 5;

  /**
   * Bytes of the states buffer of {@code tiles} tiles and their counter: on NVIDIA {@link
   * #STATE_BYTES} each, else {@code packedBytes} each (the uint status of lookback.cl).
   */
  long stateBytes(long tiles, long packedBytes) {
    return (tiles + 1) * (mode == Mode.NVIDIA_PTX ? STATE_BYTES : packedBytes);
  }

  /** Whether the device runs the look-back. */
  boolean supported() {
    return mode != Mode.UNSUPPORTED;
  }

  /**
   * The build options that give a program lookback.cl's NVIDIA warp votes and shuffles where the
   * device has them (with a leading space, or empty): for kernels that use warps but no look-back.
   */
  String warpOptions() {
    return mode == Mode.NVIDIA_PTX ? " -DLOOKBACK_PTX" : "";
  }

  /** The scan programs' build options for this mode (with a leading space, or empty). */
  String buildOptions(String deviceVersion) {
    switch (mode) {
      case NVIDIA_PTX:
        return warpOptions();
      case OPENCL_ATOMICS:
        return " -cl-std=CL"
            + (majorVersion(deviceVersion) >= 3 ? "3.0" : "2.0")
            + " -DLOOKBACK_ATOMICS";
      default:
        return "";
    }
  }

  /** The detail {@code prims info} shows: the mode and its reason. */
  String describe() {
    return (supported() ? "decoupled-lookback, " : "reduce-then-scan, ")
        + mode.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-')
        + ": "
        + reason;
  }

  /** Checks a device from its platform, type and OpenCL version (and, for 3.0, its atomics). */
  static OpenClLookback check(
      cl_device_id device, String platformName, boolean gpu, boolean cpu, String version) {
    if (platformName.contains("NVIDIA")) {
      return new OpenClLookback(
          Mode.NVIDIA_PTX,
          "NVIDIA's OpenCL compiles inline PTX: tile states in one vector access, membar.gl,"
              + " warp shuffles; resident work-groups run to completion");
    }
    if (!gpu && !cpu) {
      return new OpenClLookback(
          Mode.UNSUPPORTED, "neither a GPU nor a CPU device: forward progress is not known");
    }
    int major = majorVersion(version);
    String progress =
        gpu
            ? "started work-groups stay resident on the GPU"
            : "each work-group runs to completion on one CPU thread";
    if (major == 2) {
      return new OpenClLookback(
          Mode.OPENCL_ATOMICS, "OpenCL 2: device-scope acquire-release fences; " + progress);
    }
    if (major >= 3) {
      long memory = bitfield(device, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES);
      long fence = bitfield(device, CL_DEVICE_ATOMIC_FENCE_CAPABILITIES);
      long needed = ORDER_ACQ_REL | SCOPE_DEVICE;
      if ((memory & needed) == needed && (fence & needed) == needed) {
        return new OpenClLookback(
            Mode.OPENCL_ATOMICS,
            "OpenCL 3: acquire-release atomics and fences of device scope; " + progress);
      }
      return new OpenClLookback(
          Mode.UNSUPPORTED, "OpenCL 3 without acquire-release fences of device scope");
    }
    return new OpenClLookback(
        Mode.UNSUPPORTED, version + ": mem_fence orders memory only within a work-group");
  }

  /** The major version of "OpenCL M.m ..." (0 when unreadable). */
  static int majorVersion(String version) {
    String[] words = version.trim().split("\\s+");
    if (words.length < 2) {
      return 0;
    }
    int dot = words[1].indexOf('.');
    try {
      return Integer.parseInt(dot < 0 ? words[1] : words[1].substring(0, dot));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static long bitfield(cl_device_id device, int param) {
    long[] value = new long[1];
    try {
      clGetDeviceInfo(device, param, Sizeof.cl_ulong, Pointer.to(value), null);
    } catch (CLException e) {
      return 0;
    }
    return value[0];
  }
}
