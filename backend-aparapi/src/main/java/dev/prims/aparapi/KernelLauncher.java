package dev.prims.aparapi;

import com.aparapi.Config;
import com.aparapi.Kernel;
import com.aparapi.ProfileInfo;
import com.aparapi.Range;
import com.aparapi.device.Device;
import com.aparapi.device.JavaDevice;
import com.aparapi.device.OpenCLDevice;
import dev.prims.PrimsException;
import dev.prims.spi.CallContext;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.OutOfDeviceMemory;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Launches kernels on the backend's OpenCL device and tells the truth about where they ran. After
 * each run it checks whether Aparapi fell back from that device ({@link AparapiRunState}); when
 * Aparapi fell back to its Java thread pool (an untranslatable kernel, a failed build or launch)
 * the call records it with the reason and a warning is logged, or, with {@code
 * prims.fallback=false}, the call fails with a {@link PrimsException}.
 */
final class KernelLauncher {
  /** What {@link CallContext#executedOn} says after a fallback. */
  static final String JAVA_THREAD_POOL = "Java thread pool (Aparapi fallback)";

  private static final Logger LOG = LoggerFactory.getLogger(KernelLauncher.class);
  private static final ThreadLocal<long[]> DEVICE_NANOS = new ThreadLocal<>();

  /**
   * The first reason Aparapi logged for failing a kernel class on a device. Aparapi marks the
   * device failed for that class once and for all, and later runs only say that the device is
   * incompatible; the first reason is the one worth reporting.
   */
  private static final Map<Class<?>, String> FIRST_REASONS = new ConcurrentHashMap<>();

  /** Kernel classes whose fallback was already logged at WARN (later ones go to DEBUG). */
  private static final Set<Class<?>> WARNED = ConcurrentHashMap.newKeySet();

  private final String backendId;
  private final Device device;
  private final boolean fallbackAllowed;
  private final MemoryLedger ledger;

  /**
   * A launcher on {@code device}. An OpenCL device is told to give every array its own device
   * storage ({@code CL_MEM_COPY_HOST_PTR}): Aparapi otherwise creates buffers with {@code
   * CL_MEM_USE_HOST_PTR} on the Java array's address, which it pins only while a run or a transfer
   * lasts, so a CPU device (PoCL) would go on using memory that the garbage collector may have
   * moved and reused, and CPU and GPU devices would keep data differently. With separate storage
   * every device behaves like a discrete GPU, and tests on PoCL see what GPUs do.
   */
  KernelLauncher(String backendId, Device device, boolean fallbackAllowed) {
    this.backendId = backendId;
    this.device = device;
    this.fallbackAllowed = fallbackAllowed;
    this.ledger = new MemoryLedger(backendId);
    if (device instanceof OpenCLDevice) {
      ((OpenCLDevice) device).setSharedMemory(false);
    }
  }

  /**
   * The ledger of the backend this launcher serves: what its buffers hold, named when a kernel runs
   * out of device memory.
   */
  MemoryLedger ledger() {
    return ledger;
  }

  /**
   * Whether Aparapi records OpenCL profiling events ({@code -Dcom.aparapi.enableProfiling=true}).
   */
  static boolean profiling() {
    return Config.enableProfiling;
  }

  /**
   * Runs {@code work} and returns the nanoseconds that its kernels spent on the device by OpenCL
   * profiling events, or -1 when profiling is off.
   */
  static long deviceNanos(Runnable work) {
    if (!profiling()) {
      work.run();
      return -1;
    }
    long[] total = new long[1];
    long[] outer = DEVICE_NANOS.get();
    DEVICE_NANOS.set(total);
    try {
      work.run();
    } finally {
      DEVICE_NANOS.set(outer);
      if (outer != null) {
        outer[0] += total[0];
      }
    }
    return total[0];
  }

  /**
   * Runs the kernel of {@code handle} (whose lock the caller holds) over {@code globalSize}
   * work-items in groups of {@code localSize}.
   *
   * @return whether it ran on this launcher's device (false: Aparapi fell back)
   * @throws PrimsException when the kernel did not run on the device and fallback is off, or did
   *     not run at all
   */
  boolean launch(KernelHandle<?> handle, int globalSize, int localSize, CallContext call) {
    return launch(handle, globalSize, localSize, 1, call);
  }

  /**
   * Runs the kernel of {@code handle} (whose lock the caller holds) {@code passes} times in one
   * Aparapi run (the kernel tells them apart by {@code getPassId()}), over {@code globalSize}
   * work-items in groups of {@code localSize}. Aparapi keeps its arrays pinned for the whole run,
   * so what one pass leaves on the device is what the next one reads.
   *
   * @return whether it ran on this launcher's device (false: Aparapi fell back)
   * @throws PrimsException when the kernel did not run on the device and fallback is off, or did
   *     not run at all
   */
  boolean launch(
      KernelHandle<?> handle, int globalSize, int localSize, int passes, CallContext call) {
    Kernel kernel = handle.kernel();
    Range range = device.createRange(globalSize, localSize);
    Throwable failure = null;
    AparapiLogging.startCapture();
    try {
      kernel.execute(range, passes);
    } catch (RuntimeException | AssertionError e) {
      failure = e;
    } finally {
      List<String> warnings = AparapiLogging.stopCapture();
      if (!warnings.isEmpty()) {
        FIRST_REASONS.putIfAbsent(kernel.getClass(), String.join("; ", warnings));
      }
    }
    Boolean fellBack = failure == null ? AparapiRunState.fellBack(kernel) : Boolean.TRUE;
    Device used = failure == null ? kernel.getTargetDevice() : null;
    boolean ranHere =
        fellBack == null || !(device instanceof OpenCLDevice)
            ? failure == null && device.equals(used)
            : !fellBack;
    if (ranHere) {
      recordDeviceTime(kernel);
      return true;
    }
    if (fellBack != null && fellBack && device.equals(used)) {
      used = JavaDevice.THREAD_POOL;
    }
    String reason = reason(kernel.getClass(), failure, used);
    if (outOfDeviceMemory(reason) || outOfDeviceMemory(String.valueOf(failure))) {
      throw new PrimsException(
          backendId,
          OutOfDeviceMemory.during(
              handle.name(),
              describe(device),
              -1,
              device instanceof OpenCLDevice cl ? cl.getGlobalMemSize() : -1,
              ledger,
              reason),
          failure);
    }
    if (!fallbackAllowed) {
      throw new PrimsException(
          backendId,
          handle.name()
              + " did not run on "
              + describe(device)
              + ": "
              + reason
              + " (prims.fallback=false forbids the Java thread pool)");
    }
    if (failure != null) {
      runOnThreadPool(handle, globalSize, localSize, passes, reason, failure);
    }
    handle.forgetDeviceCopies();
    String ranOn =
        used instanceof OpenCLDevice ? describe(used) + " (Aparapi fallback)" : JAVA_THREAD_POOL;
    if (WARNED.add(kernel.getClass())) {
      LOG.warn(
          "aparapi: {} ran on {} instead of {}: {}",
          handle.name(),
          ranOn,
          describe(device),
          reason);
    } else {
      LOG.debug("aparapi: {} ran on {} again: {}", handle.name(), ranOn, reason);
    }
    if (call != null) {
      call.executedOn(ranOn);
      call.note(
          "Aparapi fell back from " + describe(device) + " for " + handle.name() + ": " + reason);
    }
    return false;
  }

  private void runOnThreadPool(
      KernelHandle<?> handle,
      int globalSize,
      int localSize,
      int passes,
      String reason,
      Throwable failure) {
    AparapiLogging.startCapture();
    try {
      handle.kernel().execute(JavaDevice.THREAD_POOL.createRange(globalSize, localSize), passes);
    } catch (RuntimeException | AssertionError e) {
      PrimsException error =
          new PrimsException(
              backendId,
              handle.name()
                  + " failed on "
                  + describe(device)
                  + " ("
                  + reason
                  + ") and on the Java thread pool: "
                  + e,
              e);
      error.addSuppressed(failure);
      throw error;
    } finally {
      AparapiLogging.stopCapture();
    }
  }

  /** Whether Aparapi's message names one of OpenCL's out-of-memory codes. */
  static boolean outOfDeviceMemory(String message) {
    return message != null
        && (message.contains("CL_MEM_OBJECT_ALLOCATION_FAILURE")
            || message.contains("CL_OUT_OF_RESOURCES"));
  }

  private static String reason(Class<?> kernelClass, Throwable failure, Device used) {
    String known = FIRST_REASONS.get(kernelClass);
    if (known != null) {
      return known;
    }
    if (failure != null) {
      return failure.getMessage() == null ? failure.toString() : failure.getMessage();
    }
    return "Aparapi chose " + (used == null ? "no device" : describe(used));
  }

  private static void recordDeviceTime(Kernel kernel) {
    long[] total = DEVICE_NANOS.get();
    if (total == null) {
      return;
    }
    List<ProfileInfo> infos;
    try {
      infos = kernel.getProfileInfo();
    } catch (RuntimeException e) {
      // Aparapi 3.0.2 profiles only the first and last pass of a run; reporting a run of more
      // passes fails on the unprofiled ones, so such a run's device time is not counted
      LOG.debug("aparapi: no profiling events for {}: {}", kernel.getClass().getSimpleName(), e);
      return;
    }
    if (infos != null) {
      for (ProfileInfo info : infos) {
        if (info != null) {
          total[0] += Math.max(0, info.getEnd() - info.getStart());
        }
      }
    }
  }

  /** A short name for a device in messages. */
  static String describe(Device device) {
    if (device instanceof OpenCLDevice) {
      return ((OpenCLDevice) device).getName();
    }
    return device.getShortDescription();
  }
}
