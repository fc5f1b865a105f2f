package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.BufferManager;
import dev.prims.spi.SliceBufferManager;
import dev.prims.spi.StagingBufferManager;
import java.nio.ByteBuffer;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/** Device memory and blocking host transfers (staged when large) for the OpenCL backend. */
record OpenClBufferManager(OpenClBackend backend) implements StagingBufferManager {
  /**
   * A new buffer, committed on the device before it is returned (see {@link #allocate(DType, long,
   * boolean)}).
   */
  @Override
  public DeviceBuffer allocate(DType type, long length) {
    return allocate(type, length, true);
  }

  /**
   * A new buffer; when {@code commit}, zero-filled and waited for, so that a driver that commits
   * memory at first use (NVIDIA's) runs out of memory here rather than in a later call.
   */
  private OpenClBuffer allocate(DType type, long length, boolean commit) {
    BufferManager.requireLength(length);
    if (length > Long.MAX_VALUE / type.bytes()) {
      throw new IllegalArgumentException(
          "a buffer of " + length + " " + type.id() + " elements is too large");
    }
    return backend.locked(
        "allocate",
        () -> {
          long bytes = length * type.bytes();
          cl_mem mem = backend.createMemory(bytes, length + " " + type.id() + " elements", commit);
          return new OpenClBuffer(
              type, length, mem, backend.memoryLedger(), backend.captureAllocationSites());
        });
  }

  /**
   * Writes the slice from the Java array: through the pinned staging slots when it is large ({@link
   * OpenClTransferPolicy#stages}), else straight (no temporary array).
   */
  @Override
  public DeviceBuffer upload(Object array, int offset, int length) {
    return uploadFrom(array, offset, length, DType.ofArray(array));
  }

  @Override
  public boolean stages(long bytes) {
    return backend.streamer().policy().stages(bytes);
  }

  @Override
  public DeviceBuffer uploadFrom(Object host, int offset, int length, DType type) {
    return SliceBufferManager.filled(
        allocate(type, length, false), // the blocking write commits it
        length,
        buffer ->
            backend.run("upload", () -> toDevice(buffer.mem(), 0, host, offset, length, type)));
  }

  /**
   * Writes the slice at element {@code at}: through the staging slots when large, else straight.
   */
  @Override
  public void write(DeviceBuffer buffer, long at, Object array, int offset, int length) {
    OpenClBuffer target = backend.own(buffer);
    DType type = DType.ofArray(array);
    long start = at * type.bytes();
    backend.run("write", () -> toDevice(target.mem(), start, array, offset, length, type));
  }

  /**
   * Writes {@code array[offset, offset + length)} (a Java array, or a direct {@link ByteBuffer} of
   * {@code type}'s elements) to {@code mem} from byte {@code start}: through the staging slots when
   * large, else straight (under the lock).
   */
  private void toDevice(cl_mem mem, long start, Object array, int offset, int length, DType type) {
    long bytes = (long) length * type.bytes();
    if (stages(bytes)) {
      backend.streamer().upload(array, offset, length, type, mem, start);
    } else {
      backend.write(mem, start, pointer(array, offset, type), bytes);
    }
  }

  /** Reads into the slice of the Java array, through the staging slots when it is large. */
  @Override
  public void download(DeviceBuffer buffer, Object array, int offset, int length) {
    OpenClBuffer source = backend.own(buffer);
    BufferManager.checkDownload(source, array, offset, length);
    toHost(source, array, offset, length);
  }

  @Override
  public void downloadInto(DeviceBuffer buffer, Object host, int offset, int length) {
    toHost(backend.own(buffer), host, offset, length);
  }

  /**
   * Reads the first {@code length} elements of {@code source} into {@code array[offset, offset +
   * length)} (a Java array, or a direct {@link ByteBuffer} of the buffer's elements).
   */
  private void toHost(OpenClBuffer source, Object array, int offset, int length) {
    DType type = source.type();
    if (length == 0) {
      return;
    }
    backend.run(
        "download",
        () -> {
          long bytes = (long) length * type.bytes();
          if (stages(bytes)) {
            backend.streamer().download(source.mem(), array, offset, length, type);
          } else {
            backend.read(source.mem(), 0, pointer(array, offset, type), bytes);
          }
        });
  }

  /** A pointer to element {@code offset} of {@code array}. */
  private static Pointer pointer(Object array, int offset, DType type) {
    Pointer start = pointer(array);
    return offset == 0 ? start : start.withByteOffset((long) offset * type.bytes());
  }

  private static Pointer pointer(Object array) {
    if (array instanceof ByteBuffer direct) {
      return Pointer.to(direct);
    } else if (array instanceof int[] a) {
      return Pointer.to(a);
    } else if (array instanceof long[] a) {
      return Pointer.to(a);
    } else if (array instanceof float[] a) {
      return Pointer.to(a);
    }
    return Pointer.to((double[]) array);
  }
}
