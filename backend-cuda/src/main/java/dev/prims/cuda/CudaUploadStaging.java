package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;

/**
 * Pinned host memory of {@link #BYTES} bytes for small uploads in stream order (a select's
 * program): the values are written here and copied to the device asynchronously, so the call
 * neither allocates nor waits for the stream. An event after each copy guards the memory until the
 * copy has read it. Not thread-safe: used under the backend's lock, with its context current.
 */
final class CudaUploadStaging {
  /** The largest upload. */
  static final int BYTES = 4096;

  private final Pointer host = new Pointer();
  private final ByteBuffer bytes;
  private final CUevent copied = new CUevent();
  private boolean pending;

  CudaUploadStaging() {
    cuMemHostAlloc(host, BYTES, 0);
    bytes = host.getByteBuffer(0, BYTES).order(ByteOrder.nativeOrder());
    cuEventCreate(copied, CUevent_flags.CU_EVENT_DISABLE_TIMING);
  }

  /** Enqueues on {@code stream} a copy of {@code values} to {@code to}. */
  void copy(long[] values, CUdeviceptr to, CUstream stream) {
    long size = (long) Long.BYTES * values.length;
    if (size > BYTES) {
      throw new IllegalArgumentException(
          "a staged upload takes at most " + BYTES + " bytes, got " + size);
    }
    if (pending) {
      cuEventSynchronize(copied); // the last copy has read the memory
    }
    bytes.clear();
    bytes.asLongBuffer().put(values);
    cuMemcpyHtoDAsync(to, host, size, stream);
    cuEventRecord(copied, stream);
    pending = true;
  }

  /** Frees the memory and the event (the stream must be idle). */
  void free() {
    cuEventDestroy(copied);
    cuMemFreeHost(host);
  }
}
