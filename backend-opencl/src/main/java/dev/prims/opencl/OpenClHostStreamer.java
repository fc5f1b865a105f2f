package dev.prims.opencl;

import static org.jocl.CL.CL_FALSE;
import static org.jocl.CL.CL_MAP_READ;
import static org.jocl.CL.CL_MAP_WRITE;
import static org.jocl.CL.CL_MEM_ALLOC_HOST_PTR;
import static org.jocl.CL.CL_MEM_READ_WRITE;
import static org.jocl.CL.CL_TRUE;
import static org.jocl.CL.clCreateBuffer;
import static org.jocl.CL.clCreateCommandQueue;
import static org.jocl.CL.clEnqueueBarrierWithWaitList;
import static org.jocl.CL.clEnqueueCopyBuffer;
import static org.jocl.CL.clEnqueueMapBuffer;
import static org.jocl.CL.clEnqueueMarkerWithWaitList;
import static org.jocl.CL.clEnqueueReadBuffer;
import static org.jocl.CL.clEnqueueUnmapMemObject;
import static org.jocl.CL.clEnqueueWriteBuffer;
import static org.jocl.CL.clFinish;
import static org.jocl.CL.clFlush;
import static org.jocl.CL.clReleaseCommandQueue;
import static org.jocl.CL.clReleaseEvent;
import static org.jocl.CL.clReleaseMemObject;
import static org.jocl.CL.clWaitForEvents;

import dev.prims.DType;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.StagingCopy;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;

/**
 * Streams host arrays through pinned staging: {@link OpenClTransferPolicy#SLOTS} buffers made with
 * {@code CL_MEM_ALLOC_HOST_PTR} and mapped once (page-locked host memory the device reads at the
 * link's rate), reused across calls. {@link #upload} and {@link #download} move whole ranges (chunk
 * i+1 is filled from the Java array while chunk i crosses the link); {@link #fold} streams chunks
 * into device slots on a copy queue of its own while the backend's queue runs the kernel of the
 * previous chunk, each chunk's kernel writing one value into a device array of per-chunk results
 * that a last kernel combines. All methods run under the backend's lock; the slots live until the
 * backend closes.
 */
final class OpenClHostStreamer {
  /** The kernels of one chunk, enqueued on the backend's queue. */
  @FunctionalInterface
  interface ChunkKernel {
    /**
     * Enqueues the work on {@code inputs} (the chunk of each array, {@code length} elements from
     * byte 0) for chunk {@code index}.
     */
    void enqueue(cl_mem[] inputs, long length, int index);
  }

  /** The work of one chunk that leaves one value: returns the memory holding it as element 0. */
  @FunctionalInterface
  interface ChunkValue {
    cl_mem enqueue(cl_mem[] inputs, long length);
  }

  /** The last kernel: combines the first {@code chunks} values of {@code results}. */
  @FunctionalInterface
  interface Combine {
    cl_mem enqueue(cl_mem results, long chunks);
  }

  private final OpenClBackend backend;
  private final OpenClTransferPolicy policy;
  private final cl_mem[] pinned = new cl_mem[OpenClTransferPolicy.SLOTS];
  private final ByteBuffer[] mapped = new ByteBuffer[OpenClTransferPolicy.SLOTS];

  /** Per slot, the device chunk of each input (a second one for two-input calls: dot). */
  private final cl_mem[][] onDevice = new cl_mem[OpenClTransferPolicy.SLOTS][2];

  private final cl_event[] copied = new cl_event[OpenClTransferPolicy.SLOTS];
  private final cl_event[] consumed = new cl_event[OpenClTransferPolicy.SLOTS];
  private cl_command_queue copyQueue;
  private boolean ready;

  OpenClHostStreamer(OpenClBackend backend, OpenClTransferPolicy policy) {
    this.backend = backend;
    this.policy = policy;
  }

  /** The policy: whether and from what size host arrays are staged. */
  OpenClTransferPolicy policy() {
    return policy;
  }

  /** Allocates and maps the pinned slots on first use. */
  private void prepare() {
    if (ready) {
      return;
    }
    int bytes = policy.chunkBytes();
    for (int s = 0; s < OpenClTransferPolicy.SLOTS; s++) {
      pinned[s] =
          clCreateBuffer(
              backend.context(), CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, bytes, null, null);
      mapped[s] =
          clEnqueueMapBuffer(
                  backend.queue(),
                  pinned[s],
                  CL_TRUE,
                  CL_MAP_READ | CL_MAP_WRITE,
                  0,
                  bytes,
                  0,
                  null,
                  null,
                  null)
              .order(ByteOrder.nativeOrder());
      backend.memoryLedger().add(MemoryLedger.Kind.STAGING, bytes);
    }
    ready = true;
  }

  /** Allocates the device slots and the copy queue the first time {@link #fold} runs. */
  private void prepareStream() {
    prepare();
    if (copyQueue != null) {
      return;
    }
    for (int s = 0; s < OpenClTransferPolicy.SLOTS; s++) {
      onDevice[s][0] = backend.createMemory(policy.chunkBytes(), "a staging chunk", true);
      onDevice[s][1] = backend.createMemory(policy.chunkBytes() / 2, "a staging chunk", true);
      backend.memoryLedger().add(MemoryLedger.Kind.STAGING, policy.chunkBytes() * 3L / 2);
    }
    copyQueue = clCreateCommandQueue(backend.context(), backend.openClDevice().device(), 0, null);
  }

  /**
   * Writes {@code array[from, from + length)} to {@code destination} from byte 0 through the slots,
   * on the backend's queue after the work already there, filling chunk i+1 while chunk i crosses
   * the link; returns when the device holds it all.
   */
  void upload(Object array, int from, int length, DType type, cl_mem destination) {
    upload(array, from, length, type, destination, 0);
  }

  /**
   * {@link #upload(Object, int, int, DType, cl_mem)} to {@code destination} from byte {@code at}.
   */
  void upload(Object array, int from, int length, DType type, cl_mem destination, long at) {
    prepare();
    int chunk = policy.chunkElements(1, type.bytes());
    int chunks = (int) OpenClReducePolicy.ceilDiv(length, chunk);
    cl_event[] written = new cl_event[OpenClTransferPolicy.SLOTS];
    try {
      for (int i = 0; i < chunks; i++) {
        int s = i % OpenClTransferPolicy.SLOTS;
        await(written, s);
        int done = i * chunk;
        int count = Math.min(chunk, length - done);
        StagingCopy.copy(mapped[s], 0, array, from + done, count, type, true);
        written[s] = new cl_event();
        clEnqueueWriteBuffer(
            backend.queue(),
            destination,
            CL_FALSE,
            at + (long) done * type.bytes(),
            (long) count * type.bytes(),
            Pointer.to(mapped[s]),
            0,
            null,
            written[s]);
        clFlush(backend.queue());
      }
    } finally {
      for (int s = 0; s < written.length; s++) {
        await(written, s);
      }
    }
  }

  /**
   * Reads {@code source} from byte 0 into {@code array[from, from + length)} through the slots, on
   * the backend's queue after the work already there: chunk i+1 crosses the link while chunk i is
   * copied out of pinned memory.
   */
  void download(cl_mem source, Object array, int from, int length, DType type) {
    prepare();
    int chunk = policy.chunkElements(1, type.bytes());
    int chunks = (int) OpenClReducePolicy.ceilDiv(length, chunk);
    cl_event[] read = new cl_event[OpenClTransferPolicy.SLOTS];
    try {
      for (int i = 0; i <= chunks; i++) {
        if (i < chunks) {
          int s = i % OpenClTransferPolicy.SLOTS;
          long done = (long) i * chunk;
          long bytes = Math.min(chunk, length - done) * type.bytes();
          read[s] = new cl_event();
          clEnqueueReadBuffer(
              backend.queue(),
              source,
              CL_FALSE,
              done * type.bytes(),
              bytes,
              Pointer.to(mapped[s]),
              0,
              null,
              read[s]);
          clFlush(backend.queue());
        }
        if (i > 0) {
          int s = (i - 1) % OpenClTransferPolicy.SLOTS;
          int done = (i - 1) * chunk;
          await(read, s);
          StagingCopy.copy(
              mapped[s], 0, array, from + done, Math.min(chunk, length - done), type, false);
        }
      }
    } finally {
      for (int s = 0; s < read.length; s++) {
        await(read, s);
      }
    }
  }

  /**
   * Streams {@code arrays} (one or two, equal lengths, one type) chunk by chunk into the device
   * slots on the copy queue while the backend's queue runs {@code perChunk} on the chunk before,
   * and returns the number of chunks. The backend's queue holds the kernels when this returns; the
   * slots are free again once it has run them.
   */
  int stream(Object[] arrays, DType type, ChunkKernel perChunk) {
    prepareStream();
    long n = Array.getLength(arrays[0]);
    int chunk = policy.chunkElements(arrays.length, type.bytes());
    int chunks = (int) OpenClReducePolicy.ceilDiv(n, chunk);
    long inputBytes = (long) chunk * type.bytes();
    try {
      for (int i = 0; i < chunks; i++) {
        int s = i % OpenClTransferPolicy.SLOTS;
        int from = i * chunk;
        int length = (int) Math.min(chunk, n - from);
        await(copied, s); // the slot's pinned bytes have crossed: it may be filled again
        cl_mem[] inputs = new cl_mem[arrays.length];
        cl_event[] after = consumed[s] == null ? null : new cl_event[] {consumed[s]};
        copied[s] = new cl_event();
        for (int a = 0; a < arrays.length; a++) {
          int offset = (int) (a * inputBytes);
          StagingCopy.copy(mapped[s], offset, arrays[a], from, length, type, true);
          inputs[a] = onDevice[s][a];
          clEnqueueWriteBuffer(
              copyQueue,
              inputs[a],
              CL_FALSE,
              0,
              (long) length * type.bytes(),
              Pointer.to(mapped[s]).withByteOffset(offset),
              after == null ? 0 : 1,
              after,
              a == arrays.length - 1 ? copied[s] : null);
        }
        clFlush(copyQueue);
        release(consumed, s);
        clEnqueueBarrierWithWaitList(backend.queue(), 1, new cl_event[] {copied[s]}, null);
        perChunk.enqueue(inputs, length, i);
        consumed[s] = new cl_event();
        clEnqueueMarkerWithWaitList(backend.queue(), 0, null, consumed[s]);
        clFlush(backend.queue());
      }
    } catch (RuntimeException e) {
      clFinish(copyQueue);
      clFinish(backend.queue());
      throw e;
    }
    return chunks;
  }

  /**
   * A call folding {@code arrays} to one value (reduce, dot): streams them chunk by chunk, each
   * chunk's value copied into its element of a device array of per-chunk results, which {@code
   * combine} folds; returns the answer.
   */
  Number fold(String what, Object[] arrays, DType type, ChunkValue perChunk, Combine combine) {
    long n = Array.getLength(arrays[0]);
    return backend.callAndRead(
        what,
        () -> {
          long chunks = chunks(n, arrays.length, type);
          cl_mem results = backend.scratch("stream.results", chunks * type.bytes());
          stream(
              arrays,
              type,
              (inputs, length, i) ->
                  copyElement(perChunk.enqueue(inputs, length), results, i, type));
          return new OpenClBackend.ScalarAt(combine.enqueue(results, chunks), 0, type);
        });
  }

  /** The chunks {@link #stream} cuts {@code n} elements of {@code inputs} arrays of into. */
  private long chunks(long n, int inputs, DType type) {
    return OpenClReducePolicy.ceilDiv(n, policy.chunkElements(inputs, type.bytes()));
  }

  /** Copies element 0 of {@code from} to element {@code index} of {@code to} on the queue. */
  private void copyElement(cl_mem from, cl_mem to, int index, DType type) {
    clEnqueueCopyBuffer(
        backend.queue(), from, to, 0, (long) index * type.bytes(), type.bytes(), 0, null, null);
  }

  /** Waits for {@code events[s]} when there is one, and releases it. */
  private static void await(cl_event[] events, int s) {
    if (events[s] != null) {
      try {
        clWaitForEvents(1, new cl_event[] {events[s]});
      } finally {
        release(events, s);
      }
    }
  }

  private static void release(cl_event[] events, int s) {
    if (events[s] != null) {
      clReleaseEvent(events[s]);
      events[s] = null;
    }
  }

  /** Unmaps and frees the slots (the backend's close, under its lock, its queue finished). */
  void close() {
    if (!ready) {
      return;
    }
    if (copyQueue != null) {
      clFinish(copyQueue);
    }
    for (int s = 0; s < OpenClTransferPolicy.SLOTS; s++) {
      release(copied, s);
      release(consumed, s);
      clEnqueueUnmapMemObject(backend.queue(), pinned[s], mapped[s], 0, null, null);
      clReleaseMemObject(pinned[s]);
      backend.memoryLedger().subtract(MemoryLedger.Kind.STAGING, policy.chunkBytes());
      if (onDevice[s][0] != null) {
        clReleaseMemObject(onDevice[s][0]);
        clReleaseMemObject(onDevice[s][1]);
        backend.memoryLedger().subtract(MemoryLedger.Kind.STAGING, policy.chunkBytes() * 3L / 2);
        onDevice[s][0] = null;
        onDevice[s][1] = null;
      }
    }
    clFinish(backend.queue());
    if (copyQueue != null) {
      clReleaseCommandQueue(copyQueue);
      copyQueue = null;
    }
    ready = false;
  }
}
