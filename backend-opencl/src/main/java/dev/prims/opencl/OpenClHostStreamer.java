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
import dev.prims.spi.HostChunkPipeline;
import dev.prims.spi.HostChunkScan;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.StagingCopier;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_event;
import org.jocl.cl_mem;

/**
 * Streams host arrays through pinned staging: {@link OpenClTransferPolicy#slots} buffers made with
 * {@code CL_MEM_ALLOC_HOST_PTR} and mapped once (page-locked host memory the device reads at the
 * link's rate), reused across calls. {@link #upload} and {@link #download} move whole ranges (chunk
 * i+1 is filled from the Java array while chunk i crosses the link). {@link #fold} and {@link
 * #scan} run the chunked pipeline of {@link HostChunkPipeline}: copier threads fill chunk i+1 while
 * a copy queue of its own sends chunk i into a device slot and the backend's queue runs the kernels
 * of the chunk before; a fold's chunks each leave one value in a device array of per-chunk results
 * that a last kernel combines, a scan's chunks come back on a third queue into the slot they went
 * up from while later chunks go up, and the copier threads drain them into the caller's array. All
 * methods run under the backend's lock; the slots live until the backend closes.
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
  private final cl_mem[] pinned;
  private final ByteBuffer[] mapped;

  /** Per slot, the device chunk of each input (a second one for two-input calls: dot). */
  private final cl_mem[][] onDevice;

  /** Per slot, the device chunk a scan writes. */
  private final cl_mem[] scanned;

  private final cl_event[] copied;
  private final cl_event[] consumed;
  private final cl_event[] downloaded;
  private cl_command_queue copyQueue;
  private cl_command_queue downloadQueue;
  private StagingCopier copier;
  private boolean ready;

  OpenClHostStreamer(OpenClBackend backend, OpenClTransferPolicy policy) {
    this.backend = backend;
    this.policy = policy;
    int slots = policy.slots();
    pinned = new cl_mem[slots];
    mapped = new ByteBuffer[slots];
    onDevice = new cl_mem[slots][2];
    scanned = new cl_mem[slots];
    copied = new cl_event[slots];
    consumed = new cl_event[slots];
    downloaded = new cl_event[slots];
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
    copier = new StagingCopier("opencl", policy.staging().threads());
    for (int s = 0; s < policy.slots(); s++) {
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
    for (int s = 0; s < policy.slots(); s++) {
      onDevice[s][0] = backend.createMemory(policy.chunkBytes(), "a staging chunk", true);
      onDevice[s][1] = backend.createMemory(policy.chunkBytes() / 2, "a staging chunk", true);
      backend.memoryLedger().add(MemoryLedger.Kind.STAGING, policy.chunkBytes() * 3L / 2);
    }
    copyQueue = clCreateCommandQueue(backend.context(), backend.openClDevice().device(), 0, null);
  }

  /** Allocates the device chunks scans write and the download queue on the first scan. */
  private void prepareScan() {
    prepareStream();
    if (downloadQueue != null) {
      return;
    }
    for (int s = 0; s < policy.slots(); s++) {
      scanned[s] = backend.createMemory(policy.chunkBytes(), "a scanned staging chunk", true);
      backend.memoryLedger().add(MemoryLedger.Kind.STAGING, policy.chunkBytes());
    }
    downloadQueue =
        clCreateCommandQueue(backend.context(), backend.openClDevice().device(), 0, null);
  }

  /**
   * Writes {@code array[from, from + length)} to {@code destination} from byte {@code at} through
   * the slots, on the backend's queue after the work already there, filling chunk i+1 while chunk i
   * crosses the link; returns when the device holds it all.
   */
  void upload(Object array, int from, int length, DType type, cl_mem destination, long at) {
    move(array, from, length, type, destination, at, true);
  }

  /**
   * Reads {@code source} from byte 0 into {@code array[from, from + length)} through the slots, on
   * the backend's queue after the work already there: later chunks cross the link while earlier
   * ones are copied out of pinned memory.
   */
  void download(cl_mem source, Object array, int from, int length, DType type) {
    move(array, from, length, type, source, 0, false);
  }

  /**
   * Moves the range between the array and {@code device} from byte {@code at}, on the backend's
   * queue, through the slots.
   */
  private void move(
      Object array, int from, int length, DType type, cl_mem device, long at, boolean toDevice) {
    prepare();
    settle();
    int chunk = policy.chunkElements(1, type.bytes());
    cl_event[] moved = new cl_event[policy.slots()];
    try {
      HostChunkPipeline.move(
          array,
          type,
          from,
          length,
          toDevice,
          mapped,
          chunk,
          copier,
          new SlotDevice(moved) {
            @Override
            public void enqueue(int i, int s, int n) {
              moved[s] = new cl_event();
              long offset = at + (long) i * chunk * type.bytes();
              long bytes = (long) n * type.bytes();
              Pointer host = Pointer.to(mapped[s]);
              if (toDevice) {
                clEnqueueWriteBuffer(
                    backend.queue(), device, CL_FALSE, offset, bytes, host, 0, null, moved[s]);
              } else {
                clEnqueueReadBuffer(
                    backend.queue(), device, CL_FALSE, offset, bytes, host, 0, null, moved[s]);
              }
              clFlush(backend.queue());
            }
          });
    } finally {
      for (int s = 0; s < moved.length; s++) {
        await(moved, s);
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
    settle();
    int n = Array.getLength(arrays[0]);
    int chunk = policy.chunkElements(arrays.length, type.bytes());
    long inputBytes = (long) chunk * type.bytes();
    try {
      HostChunkPipeline.run(
          arrays,
          0,
          null,
          0,
          n,
          type,
          mapped,
          chunk,
          copier,
          new SlotDevice(copied) {
            @Override
            public void enqueue(int i, int s, int length) {
              OpenClHostStreamer.await(copied, s);
              cl_mem[] inputs = new cl_mem[arrays.length];
              copied[s] = new cl_event();
              for (int a = 0; a < arrays.length; a++) {
                inputs[a] = onDevice[s][a];
                write(
                    inputs[a],
                    mapped[s],
                    a * inputBytes,
                    (long) length * type.bytes(),
                    consumed[s],
                    a == arrays.length - 1 ? copied[s] : null);
              }
              afterUpload(s, copied[s]);
              perChunk.enqueue(inputs, length, i);
              markConsumed(s);
            }
          });
    } catch (RuntimeException e) {
      finishQueues();
      throw e;
    }
    return HostChunkPipeline.chunks(n, chunk);
  }

  /**
   * Scans {@code range} chunk by chunk with {@code scan}: chunk i goes up on the copy queue, is
   * scanned on the backend's queue and comes back on the download queue while chunk i+1 goes up;
   * returns when the output holds it all.
   */
  void scan(HostScanRange range, HostChunkScan.Chunk<cl_mem> scan) {
    DType type = range.type();
    prepareScan();
    settle();
    int chunk = policy.chunkElements(1, type.bytes());
    int chunks = HostChunkPipeline.chunks(range.length(), chunk);
    cl_mem carries = backend.scratch("stream.carries", (long) chunks * type.bytes());
    try {
      HostChunkPipeline.scan(
          range,
          mapped,
          chunk,
          copier,
          new SlotDevice(downloaded) {
            @Override
            public void enqueue(int i, int s, int n) {
              long bytes = (long) n * type.bytes();
              OpenClHostStreamer.await(copied, s);
              copied[s] = new cl_event();
              // the slot's last chunk has been scanned out of the device chunk
              write(onDevice[s][0], mapped[s], 0, bytes, consumed[s], copied[s]);
              if (downloaded[s] == null) {
                afterUpload(s, copied[s]);
              } else {
                afterUpload(s, copied[s], downloaded[s]);
              }
              release(downloaded, s);
              scan.enqueue(onDevice[s][0], scanned[s], n, i, carries);
              markConsumed(s);
              downloaded[s] = new cl_event();
              clEnqueueReadBuffer(
                  downloadQueue,
                  scanned[s],
                  CL_FALSE,
                  0,
                  bytes,
                  Pointer.to(mapped[s]),
                  1,
                  new cl_event[] {consumed[s]},
                  downloaded[s]);
              clFlush(downloadQueue);
            }
          });
    } catch (RuntimeException e) {
      finishQueues(downloadQueue);
      throw e;
    }
  }

  /**
   * Once slot {@code s}'s upload is on the copy queue: flushes it, releases the slot's last
   * consumed marker, and makes the backend's queue wait for {@code after} (the upload, and any
   * download still reading the slot's device chunk) before the slot's next kernel.
   */
  private void afterUpload(int s, cl_event... after) {
    clFlush(copyQueue);
    release(consumed, s);
    clEnqueueBarrierWithWaitList(backend.queue(), after.length, after, null);
  }

  /**
   * Marks on the backend's queue, after the kernels of slot {@code s}'s chunk, where its device
   * chunk has been consumed (the next upload into it waits for the mark), and flushes the queue.
   */
  private void markConsumed(int s) {
    consumed[s] = new cl_event();
    clEnqueueMarkerWithWaitList(backend.queue(), 0, null, consumed[s]);
    clFlush(backend.queue());
  }

  /**
   * A pipeline's device side whose chunk in slot {@code s} is done once the slot's event in {@code
   * done} is.
   */
  private abstract static class SlotDevice implements HostChunkPipeline.Device {
    private final cl_event[] done;

    SlotDevice(cl_event[] done) {
      this.done = done;
    }

    @Override
    public void await(int i, int s) {
      OpenClHostStreamer.await(done, s);
    }
  }

  /**
   * After a failed pipeline: waits for the copy queue, the backend's queue and {@code more}, so
   * that nothing on them still reads or writes the slots.
   */
  private void finishQueues(cl_command_queue... more) {
    clFinish(copyQueue);
    clFinish(backend.queue());
    for (cl_command_queue queue : more) {
      clFinish(queue);
    }
  }

  /** Waits for the slots' transfers a call before this one left behind. */
  private void settle() {
    for (int s = 0; s < policy.slots(); s++) {
      await(copied, s);
      await(downloaded, s);
    }
  }

  /**
   * Enqueues on the copy queue the write of {@code bytes} from {@code slot} at byte {@code offset}
   * into {@code target} from byte 0, after {@code after} when not null, signalling {@code done}
   * when not null.
   */
  private void write(
      cl_mem target, ByteBuffer slot, long offset, long bytes, cl_event after, cl_event done) {
    clEnqueueWriteBuffer(
        copyQueue,
        target,
        CL_FALSE,
        0,
        bytes,
        Pointer.to(slot).withByteOffset(offset),
        after == null ? 0 : 1,
        after == null ? null : new cl_event[] {after},
        done);
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
    if (downloadQueue != null) {
      clFinish(downloadQueue);
    }
    copier.close();
    for (int s = 0; s < policy.slots(); s++) {
      release(copied, s);
      release(consumed, s);
      release(downloaded, s);
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
      if (scanned[s] != null) {
        clReleaseMemObject(scanned[s]);
        backend.memoryLedger().subtract(MemoryLedger.Kind.STAGING, policy.chunkBytes());
        scanned[s] = null;
      }
    }
    clFinish(backend.queue());
    if (copyQueue != null) {
      clReleaseCommandQueue(copyQueue);
      copyQueue = null;
    }
    if (downloadQueue != null) {
      clReleaseCommandQueue(downloadQueue);
      downloadQueue = null;
    }
    ready = false;
  }
}
