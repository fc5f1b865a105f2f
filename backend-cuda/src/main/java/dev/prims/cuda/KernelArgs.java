package dev.prims.cuda;

import dev.prims.DType;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * The parameters of one {@code cuLaunchKernel} call, in the kernel's order, one 8-byte slot each
 * (device addresses as raw 64-bit values); {@link KernelParamBlock} hands them to the driver.
 */
final class KernelArgs {
  /** The most parameters one kernel takes here. */
  static final int MAX = 32;

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
              .asType(MethodType.methodType(long.class, NativePointerObject.class));
      BYTE_OFFSET =
          lookup.unreflect(byteOffset).asType(MethodType.methodType(long.class, Pointer.class));
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

  /** {@code v} as a parameter of element type {@code type}. */
  KernelArgs value(DType type, Number v) {
    return switch (type) {
      case INT -> i32(v.intValue());
      case LONG -> i64(v.longValue());
      case FLOAT -> f32(v.floatValue());
      case DOUBLE -> f64(v.doubleValue());
    };
  }

  private KernelArgs put(long bits) {
    if (count == MAX) {
      throw new IllegalStateException("a kernel takes at most " + MAX + " parameters here");
    }
    values[count++] = bits;
    return this;
  }

  /** Writes the values into {@code slots}, one 8-byte slot each from offset 0. */
  void writeTo(ByteBuffer slots) {
    for (int i = 0; i < count; i++) {
      slots.putLong(8 * i, values[i]);
    }
  }

  /** The raw 64-bit address {@code p} (a device pointer or native host memory) stands for. */
  static long address(Pointer p) {
    try {
      return (long) NATIVE_POINTER.invokeExact((NativePointerObject) p)
          + (long) BYTE_OFFSET.invokeExact(p);
    } catch (Throwable e) {
      throw new IllegalStateException("cannot read a JCuda pointer", e);
    }
  }
}
