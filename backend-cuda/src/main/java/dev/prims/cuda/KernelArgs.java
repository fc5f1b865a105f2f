package dev.prims.cuda;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * Builds the parameter array of one {@code cuLaunchKernel} call, in the kernel's order. The values
 * go into a direct buffer of the launching thread, one 8-byte slot each (device addresses as raw
 * 64-bit values), so that JCuda passes plain native addresses instead of pinning a Java array per
 * parameter: that marshalling happens while the device waits for the launch.
 */
final class KernelArgs {
  private static final int MAX = 32;
  private static final ThreadLocal<Slots> SLOTS = ThreadLocal.withInitial(Slots::new);
  private static final MethodHandle NATIVE_POINTER;
  private static final MethodHandle BYTE_OFFSET;

  static {
    if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
      throw new ExceptionInInitializerError("the CUDA backend needs a little-endian host");
    }
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      var nativePointer = NativePointerObject.class.getDeclaredMethod("getNativePointer");
      nativePointer.setAccessible(true);
      var byteOffset = Pointer.class.getDeclaredMethod("getByteOffset");
      byteOffset.setAccessible(true);
      NATIVE_POINTER =
          lookup
              .unreflect(nativePointer)
              .asType(MethodType.methodType(long.class, CUdeviceptr.class));
      BYTE_OFFSET =
          lookup.unreflect(byteOffset).asType(MethodType.methodType(long.class, CUdeviceptr.class));
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final long[] values = new long[MAX];
  private int count;

  KernelArgs pointer(CUdeviceptr p) {
    return put(address(p));
  }

  KernelArgs i64(long v) {
    return put(v);
  }

  KernelArgs i32(int v) {
    return put(Integer.toUnsignedLong(v));
  }

  KernelArgs f32(float v) {
    return put(Integer.toUnsignedLong(Float.floatToRawIntBits(v)));
  }

  KernelArgs f64(double v) {
    return put(Double.doubleToRawLongBits(v));
  }

  private KernelArgs put(long bits) {
    if (count == MAX) {
      throw new IllegalStateException("a kernel takes at most " + MAX + " parameters here");
    }
    values[count++] = bits;
    return this;
  }

  /**
   * The parameter array, valid on this thread until its next {@code build} (the driver copies the
   * values when the launch is enqueued).
   */
  Pointer build() {
    return SLOTS.get().fill(values, count);
  }

  /** This thread's parameter bytes as the last {@link #build} left them (read-only, for tests). */
  static ByteBuffer lastBuilt() {
    return SLOTS.get().buffer.asReadOnlyBuffer().order(ByteOrder.nativeOrder());
  }

  /** The raw 64-bit device address {@code p} stands for. */
  static long address(CUdeviceptr p) {
    try {
      return (long) NATIVE_POINTER.invokeExact(p) + (long) BYTE_OFFSET.invokeExact(p);
    } catch (Throwable e) {
      throw new IllegalStateException("cannot read a JCuda device pointer", e);
    }
  }

  /** One thread's parameter slots: a direct buffer and a pointer to each 8-byte slot. */
  private static final class Slots {
    private final ByteBuffer buffer =
        ByteBuffer.allocateDirect(8 * MAX).order(ByteOrder.nativeOrder());
    private final Pointer[] slots = new Pointer[MAX];

    Slots() {
      Pointer base = Pointer.to(buffer);
      for (int i = 0; i < MAX; i++) {
        slots[i] = base.withByteOffset(8L * i);
      }
    }

    Pointer fill(long[] values, int count) {
      for (int i = 0; i < count; i++) {
        buffer.putLong(8 * i, values[i]);
      }
      return Pointer.to(Arrays.copyOf(slots, count, NativePointerObject[].class));
    }
  }
}
