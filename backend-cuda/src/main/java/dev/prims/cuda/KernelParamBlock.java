package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.Pointer;

/**
 * The parameter array of a backend's kernel launches, in pinned host memory: {@link KernelArgs#MAX}
 * 8-byte value slots, then as many pointers to them, written once. A launch writes its values into
 * the slots and hands the driver the same pointer array every time, so JCuda passes one plain
 * native address instead of walking an array of Java pointer objects while the device waits for the
 * launch. The driver copies the values when the launch is enqueued, so the next launch may
 * overwrite them. Not thread-safe: used under the backend's lock.
 */
final class KernelParamBlock {
  private static final int SLOTS_BYTES = 8 * KernelArgs.MAX;

  private final ByteBuffer bytes;
  private final Pointer array;
  private final Pointer owned;

  /**
   * A block over {@code bytes} (at least twice {@code 8 * KernelArgs.MAX} bytes), which live at the
   * native address {@code base}; {@code array} is the pointer handed to the driver (base plus the
   * slots' size), {@code owned} the memory to free, or null.
   */
  KernelParamBlock(ByteBuffer bytes, long base, Pointer array, Pointer owned) {
    this.bytes = bytes.order(ByteOrder.nativeOrder());
    this.array = array;
    this.owned = owned;
    for (int i = 0; i < KernelArgs.MAX; i++) {
      this.bytes.putLong(SLOTS_BYTES + 8 * i, base + 8L * i);
    }
  }

  /** A block in newly allocated pinned host memory (the context must be current). */
  static KernelParamBlock allocate() {
    Pointer host = new Pointer();
    cuMemAllocHost(host, 2L * SLOTS_BYTES);
    return new KernelParamBlock(
        host.getByteBuffer(0, 2L * SLOTS_BYTES),
        KernelArgs.address(host),
        host.withByteOffset(SLOTS_BYTES),
        host);
  }

  /** Writes {@code args} into the slots and returns the parameter array for the launch. */
  Pointer fill(KernelArgs args) {
    args.writeTo(bytes);
    return array;
  }

  /** This block's bytes: the slots, then the pointers (read-only, for tests). */
  ByteBuffer bytes() {
    return bytes.asReadOnlyBuffer().order(ByteOrder.nativeOrder());
  }

  /** Frees the pinned memory. */
  void free() {
    if (owned != null) {
      cuMemFreeHost(owned);
    }
  }
}
