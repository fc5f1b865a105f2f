package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferManager;
import dev.prims.spi.SliceBufferManager;
import dev.prims.spi.StagingBufferManager;
import java.nio.ByteBuffer;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;

/**
 * Device allocations and synchronous host transfers (through the legacy stream, which orders them
 * with the backend's blocking stream).
 */
record CudaBufferManager(CudaBackend backend) implements StagingBufferManager {
  @Override
  public DeviceBuffer allocate(DType type, long length) {
    if (type == null) {
      throw new IllegalArgumentException("type must not be null");
    }
    BufferManager.requireLength(length);
    if (length > Long.MAX_VALUE / type.bytes()) {
      throw new IllegalArgumentException(
          "cannot allocate " + length + " " + type.id() + " elements: the byte size overflows");
    }
    return backend.call(
        () -> {
          long bytes = length * type.bytes();
          CUdeviceptr p = backend.allocate(bytes, length + " " + type.id() + " elements");
          return new CudaBuffer(backend, type, length, p);
        });
  }

  /**
   * Copies the slice from the Java array: through the pinned staging slots on the staged host path
   * when it is at least {@link CudaTransferPolicy#STAGED_MIN_BYTES}, else straight from the array
   * (one pageable copy, no temporary array).
   */
  @Override
  public DeviceBuffer upload(Object array, int offset, int length) {
    DType type = DType.ofArray(array);
    BufferManager.checkSlice(array, offset, length);
    return uploadFrom(array, offset, length, type);
  }

  /**
   * Large transfers take the pinned staging slots on the staged host path (the copier threads
   * outrun the driver's pageable copy of a direct buffer several times over).
   */
  @Override
  public boolean stages(long bytes) {
    return backend.transfer().stages(bytes);
  }

  @Override
  public DeviceBuffer uploadFrom(Object host, int offset, int length, DType type) {
    return SliceBufferManager.filled(
        (CudaBuffer) allocate(type, length),
        length,
        buffer -> backend.run(() -> toDevice(buffer.pointer(), host, offset, length, type)));
  }

  /** Writes the slice at element {@code at}: through the pinned staging slots when large. */
  @Override
  public void write(DeviceBuffer buffer, long at, Object array, int offset, int length) {
    CudaBuffer target = backend.own(buffer);
    DType type = DType.ofArray(array);
    CUdeviceptr start = target.pointer().withByteOffset(at * type.bytes());
    backend.run(() -> toDevice(start, array, offset, length, type));
  }

  /**
   * Copies {@code array[offset, offset + length)} (a Java array, or a direct {@link ByteBuffer} of
   * {@code type}'s elements) to {@code start}: through the pinned staging slots when large, else
   * straight (under the lock).
   */
  private void toDevice(CUdeviceptr start, Object array, int offset, int length, DType type) {
    if (stages((long) length * type.bytes())) {
      backend.streamer().upload(array, offset, length, type, start);
    } else {
      cuMemcpyHtoD(start, hostPointer(array, offset, type), (long) length * type.bytes());
    }
    backend.countToDevice((long) length * type.bytes());
  }

  /**
   * Copies into the slice of the Java array: through the pinned staging slots on the staged host
   * path when it is at least {@link CudaTransferPolicy#STAGED_MIN_BYTES}, else straight.
   */
  @Override
  public void download(DeviceBuffer buffer, Object array, int offset, int length) {
    CudaBuffer source = backend.own(buffer);
    BufferManager.checkDownload(source, array, offset, length);
    toHost(source, array, offset, length);
  }

  @Override
  public void downloadInto(DeviceBuffer buffer, Object host, int offset, int length) {
    toHost(backend.own(buffer), host, offset, length);
  }

  /**
   * Copies the first {@code length} elements of {@code source} into {@code array[offset, offset +
   * length)} (a Java array, or a direct {@link ByteBuffer} of the buffer's elements).
   */
  private void toHost(CudaBuffer source, Object array, int offset, int length) {
    DType type = source.type();
    if (length == 0) {
      return;
    }
    backend.run(
        () -> {
          if (stages((long) length * type.bytes())) {
            backend.streamer().download(source.pointer(), array, offset, length, type);
          } else {
            cuMemcpyDtoH(
                hostPointer(array, offset, type), source.pointer(), (long) length * type.bytes());
          }
          backend.countToHost((long) length * type.bytes());
        });
  }

  /** A pointer to element {@code offset} of {@code array}. */
  private static Pointer hostPointer(Object array, int offset, DType type) {
    return hostPointer(array).withByteOffset((long) offset * type.bytes());
  }

  private static Pointer hostPointer(Object array) {
    if (array instanceof ByteBuffer direct) {
      return Pointer.to(direct);
    }
    if (array instanceof int[]) {
      return Pointer.to((int[]) array);
    }
    if (array instanceof long[]) {
      return Pointer.to((long[]) array);
    }
    if (array instanceof float[]) {
      return Pointer.to((float[]) array);
    }
    return Pointer.to((double[]) array);
  }
}
