package dev.prims.cpu;

import dev.prims.PrimsException;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Direct (off-heap) {@link ByteBuffer}s for long CPU buffers: allocated in native byte order,
 * counted against {@code -XX:MaxDirectMemorySize}, and freed at once on release through {@code
 * sun.misc.Unsafe.invokeCleaner} (module {@code jdk.unsupported}, exported on Java 9+, no flags
 * needed). Where that method cannot be reached the memory is freed by the garbage collector
 * instead, as for any direct buffer.
 */
final class DirectMemory {
  private static final Method INVOKE_CLEANER;
  private static final Object UNSAFE;

  static {
    Method method = null;
    Object unsafe = null;
    try {
      Class<?> type = Class.forName("sun.misc.Unsafe");
      Field field = type.getDeclaredField("theUnsafe");
      field.setAccessible(true);
      unsafe = field.get(null);
      method = type.getMethod("invokeCleaner", ByteBuffer.class);
    } catch (ReflectiveOperationException | RuntimeException e) {
      method = null;
      unsafe = null;
    }
    INVOKE_CLEANER = method;
    UNSAFE = unsafe;
  }

  private DirectMemory() {}

  /**
   * A zeroed direct buffer of {@code bytes} bytes in native order.
   *
   * @param what the whole allocation, for the message when the memory is not there
   * @throws PrimsException when the direct-memory limit or the machine's memory is exhausted
   */
  static ByteBuffer allocate(int bytes, String what, long totalBytes) {
    try {
      return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    } catch (OutOfMemoryError e) {
      throw new PrimsException(
          CpuBuffer.BACKEND,
          "off-heap memory exhausted allocating "
              + what
              + " ("
              + totalBytes
              + " bytes in chunks of "
              + bytes
              + "; direct memory limit "
              + limit()
              + " bytes: raise it with -XX:MaxDirectMemorySize)",
          e);
    }
  }

  /** Frees {@code buffer} now where possible (it must not be used afterwards). */
  static void free(ByteBuffer buffer) {
    if (INVOKE_CLEANER != null && buffer.isDirect()) {
      try {
        INVOKE_CLEANER.invoke(UNSAFE, buffer);
      } catch (ReflectiveOperationException | RuntimeException e) {
        // left to the garbage collector
      }
    }
  }

  /** Whether {@link #free} releases memory at once (else the garbage collector does, later). */
  static boolean freesPromptly() {
    return INVOKE_CLEANER != null;
  }

  /**
   * The JVM's direct-memory limit in bytes: {@code -XX:MaxDirectMemorySize}, or the maximum heap
   * size when that flag is not set (the JVM's default).
   */
  static long limit() {
    try {
      com.sun.management.HotSpotDiagnosticMXBean hotspot =
          ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
      long flag = Long.parseLong(hotspot.getVMOption("MaxDirectMemorySize").getValue());
      if (flag > 0) {
        return flag;
      }
    } catch (RuntimeException | LinkageError e) {
      // not a HotSpot JVM: assume the default
    }
    return Runtime.getRuntime().maxMemory();
  }
}
