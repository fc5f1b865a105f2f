package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemHostGetDevicePointer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * Mapped pinned host memory that kernels write scalar answers into, cut into slots of {@link
 * #BYTES} bytes: slot 0 for synchronous calls (read after waiting for the stream), the others lent
 * to asynchronous calls one each until their answer is read, so that a later call cannot overwrite
 * an answer not yet read. Allocate and free with the backend's context current.
 */
final class CudaResultSlots {
  /** Bytes of one slot. */
  static final int BYTES = 256;

  /** The slot of synchronous calls. */
  static final int SYNC = 0;

  private final int count;
  private final Pointer host = new Pointer();
  private final CUdeviceptr device = new CUdeviceptr();
  private final ByteBuffer bytes;
  private final BlockingQueue<Integer> free;

  /** {@code asyncSlots} slots for asynchronous calls besides the synchronous one. */
  CudaResultSlots(int asyncSlots) {
    this.count = asyncSlots + 1;
    cuMemHostAlloc(host, (long) count * BYTES, JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP);
    cuMemHostGetDevicePointer(device, host, 0);
    bytes = host.getByteBuffer(0, (long) count * BYTES).order(ByteOrder.nativeOrder());
    free = new ArrayBlockingQueue<>(asyncSlots);
    for (int slot = 1; slot < count; slot++) {
      free.add(slot);
    }
  }

  /** The device address of {@code slot}. */
  CUdeviceptr device(int slot) {
    return device.withByteOffset((long) slot * BYTES);
  }

  /** The host address of {@code slot}, for copies into it. */
  Pointer host(int slot) {
    return host.withByteOffset((long) slot * BYTES);
  }

  /** The bytes of {@code slot}, read-only, in native order. */
  ByteBuffer bytes(int slot) {
    return bytes
        .asReadOnlyBuffer()
        .position(slot * BYTES)
        .limit((slot + 1) * BYTES)
        .slice()
        .order(ByteOrder.nativeOrder());
  }

  /**
   * A slot for one asynchronous call, waiting while every slot is lent (each comes back when its
   * call's answer has been read, which needs no lock of the backend).
   */
  int lend() {
    try {
      return free.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a cuda result slot", e);
    }
  }

  /** Gives back a slot from {@link #lend}. */
  void giveBack(int slot) {
    if (slot != SYNC) {
      free.add(slot);
    }
  }

  /** Frees the memory (the stream must be idle). */
  void free() {
    cuMemFreeHost(host);
  }
}
