package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.driver.JCudaDriver.cuStreamWaitEvent;

import dev.prims.DType;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.StagingCopy;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/**
 * Streams host arrays through reused pinned staging slots: chunk i is copied from the Java array
 * into pinned memory and sent to the device on a copy stream while the backend's stream runs the
 * kernel of chunk i-1. Each chunk's kernel writes one value into a device array of per-chunk
 * results, which a final kernel combines, so only the answer comes back. Whole arrays move the same
 * way ({@link #upload}, and {@link #download}, where chunk i+1 comes back while chunk i is copied
 * into the Java array), at the pinned link's rate rather than the driver's pageable one. All
 * methods run under the backend's lock; the slots live until the backend closes.
 */
final class CudaHostStreamer {
  /** The kernel of one chunk: reads {@code inputs} ({@code length} elements each) into result. */
  @FunctionalInterface
  interface ChunkKernel {
    void enqueue(CUdeviceptr[] inputs, long length, CUdeviceptr result);
  }

  private final CudaBackend backend;
  private final CUstream copyStream = new CUstream();
  private final Pointer[] pinned = new Pointer[CudaTransferPolicy.SLOTS];
  private final ByteBuffer[] pinnedBytes = new ByteBuffer[CudaTransferPolicy.SLOTS];
  private final CUdeviceptr[] onDevice = new CUdeviceptr[CudaTransferPolicy.SLOTS];
  private final CUevent[] copied = new CUevent[CudaTransferPolicy.SLOTS];
  private final CUevent[] consumed = new CUevent[CudaTransferPolicy.SLOTS];
  private CUdeviceptr results;
  private long resultsBytes;
  private boolean ready;

  CudaHostStreamer(CudaBackend backend) {
    this.backend = backend;
  }

  /** Allocates the slots, stream and events on first use. */
  private void prepare() {
    if (ready) {
      return;
    }
    cuStreamCreate(copyStream, CUstream_flags.CU_STREAM_NON_BLOCKING);
    for (int s = 0; s < CudaTransferPolicy.SLOTS; s++) {
      pinned[s] = new Pointer();
      cuMemHostAlloc(pinned[s], CudaTransferPolicy.CHUNK_BYTES, 0);
      pinnedBytes[s] =
          pinned[s].getByteBuffer(0, CudaTransferPolicy.CHUNK_BYTES).order(ByteOrder.nativeOrder());
      onDevice[s] = backend.allocate(CudaTransferPolicy.CHUNK_BYTES, "a staging chunk");
      backend.memoryLedger().add(MemoryLedger.Kind.STAGING, 2L * CudaTransferPolicy.CHUNK_BYTES);
      copied[s] = new CUevent();
      consumed[s] = new CUevent();
      cuEventCreate(copied[s], CUevent_flags.CU_EVENT_DISABLE_TIMING);
      cuEventCreate(consumed[s], CUevent_flags.CU_EVENT_DISABLE_TIMING);
    }
    ready = true;
  }

  /**
   * Streams {@code arrays} (equal lengths, one type) chunk by chunk through {@code perChunk}, then
   * combines the per-chunk results with {@code combine} (a kernel over a device array writing into
   * the result slot) and returns the answer.
   */
  Number fold(Object[] arrays, DType type, ChunkKernel perChunk, ChunkKernel combine) {
    int chunks = stream(arrays, type, perChunk);
    combine.enqueue(new CUdeviceptr[] {results}, chunks, backend.resultSlot());
    backend.synchronize();
    return backend.readResult(type);
  }

  /**
   * Streams {@code arrays} chunk by chunk through {@code perChunk} (whose result address is chunk
   * i's element of a device array of per-chunk results) without waiting for the last kernel, and
   * returns the number of chunks.
   */
  int stream(Object[] arrays, DType type, ChunkKernel perChunk) {
    prepare();
    cuStreamSynchronize(copyStream);
    long n = java.lang.reflect.Array.getLength(arrays[0]);
    int chunk = CudaTransferPolicy.chunkElements(arrays.length, type.bytes());
    int chunks = (int) CudaReducePolicy.ceilDiv(n, chunk);
    CUdeviceptr perChunkResults = results((long) chunks * type.bytes());
    long inputBytes = (long) chunk * type.bytes();
    for (int i = 0; i < chunks; i++) {
      int s = i % CudaTransferPolicy.SLOTS;
      int from = i * chunk;
      int length = (int) Math.min(chunk, n - from);
      if (i >= CudaTransferPolicy.SLOTS) {
        cuEventSynchronize(copied[s]);
      }
      CUdeviceptr[] inputs = new CUdeviceptr[arrays.length];
      for (int a = 0; a < arrays.length; a++) {
        copy(pinnedBytes[s], (int) (a * inputBytes), arrays[a], from, length, type, true);
        inputs[a] = onDevice[s].withByteOffset(a * inputBytes);
      }
      if (i >= CudaTransferPolicy.SLOTS) {
        cuStreamWaitEvent(copyStream, consumed[s], 0);
      }
      for (int a = 0; a < arrays.length; a++) {
        long bytes = (long) length * type.bytes();
        cuMemcpyHtoDAsync(inputs[a], pinned[s].withByteOffset(a * inputBytes), bytes, copyStream);
        backend.countToDevice(bytes);
      }
      cuEventRecord(copied[s], copyStream);
      cuStreamWaitEvent(backend.stream(), copied[s], 0);
      perChunk.enqueue(inputs, length, perChunkResults.withByteOffset((long) i * type.bytes()));
      cuEventRecord(consumed[s], backend.stream());
    }
    return chunks;
  }

  /**
   * Copies {@code array[from, from + length)} to {@code destination} through the slots, filling
   * chunk i+1 while chunk i crosses the link, and returns when the device holds it all.
   */
  void upload(Object array, int from, int length, DType type, CUdeviceptr destination) {
    prepare();
    cuStreamSynchronize(copyStream);
    int chunk = CudaTransferPolicy.chunkElements(1, type.bytes());
    int chunks = (int) CudaReducePolicy.ceilDiv(length, chunk);
    for (int i = 0; i < chunks; i++) {
      int s = i % CudaTransferPolicy.SLOTS;
      int done = i * chunk;
      int count = Math.min(chunk, length - done);
      if (i >= CudaTransferPolicy.SLOTS) {
        cuEventSynchronize(copied[s]);
      }
      copy(pinnedBytes[s], 0, array, from + done, count, type, true);
      long bytes = (long) count * type.bytes();
      cuMemcpyHtoDAsync(
          destination.withByteOffset((long) done * type.bytes()), pinned[s], bytes, copyStream);
      cuEventRecord(copied[s], copyStream);
    }
    cuStreamSynchronize(copyStream);
  }

  /**
   * Copies {@code source} into {@code array[from, from + length)} through the slots, once the
   * backend's stream has finished writing it: chunk i+1 crosses the link while chunk i is copied
   * out of pinned memory.
   */
  void download(CUdeviceptr source, Object array, int from, int length, DType type) {
    prepare();
    backend.synchronize();
    cuStreamSynchronize(copyStream);
    int chunk = CudaTransferPolicy.chunkElements(1, type.bytes());
    int chunks = (int) CudaReducePolicy.ceilDiv(length, chunk);
    for (int i = 0; i <= chunks; i++) {
      if (i < chunks) {
        int s = i % CudaTransferPolicy.SLOTS;
        long done = (long) i * chunk;
        long bytes = Math.min(chunk, length - done) * type.bytes();
        cuMemcpyDtoHAsync(pinned[s], source.withByteOffset(done * type.bytes()), bytes, copyStream);
        cuEventRecord(copied[s], copyStream);
      }
      if (i > 0) {
        int s = (i - 1) % CudaTransferPolicy.SLOTS;
        int done = (i - 1) * chunk;
        cuEventSynchronize(copied[s]);
        copy(pinnedBytes[s], 0, array, from + done, Math.min(chunk, length - done), type, false);
      }
    }
  }

  private CUdeviceptr results(long bytes) {
    if (results == null || resultsBytes < bytes) {
      if (results != null) {
        cuMemFree(results);
        results = null;
        backend.memoryLedger().subtract(MemoryLedger.Kind.SCRATCH, resultsBytes);
      }
      resultsBytes = Math.max(bytes, 4096);
      results = backend.allocate(resultsBytes, "per-chunk results");
      backend.memoryLedger().add(MemoryLedger.Kind.SCRATCH, resultsBytes);
    }
    return results;
  }

  private static void copy(
      ByteBuffer slot, int offset, Object array, int from, int length, DType type, boolean toSlot) {
    StagingCopy.copy(slot, offset, array, from, length, type, toSlot);
  }

  /** Frees the slots (the backend's close, under its lock, context current). */
  void close() {
    if (!ready) {
      return;
    }
    cuStreamSynchronize(copyStream);
    for (int s = 0; s < CudaTransferPolicy.SLOTS; s++) {
      cuMemFreeHost(pinned[s]);
      cuMemFree(onDevice[s]);
      backend
          .memoryLedger()
          .subtract(MemoryLedger.Kind.STAGING, 2L * CudaTransferPolicy.CHUNK_BYTES);
      cuEventDestroy(copied[s]);
      cuEventDestroy(consumed[s]);
    }
    if (results != null) {
      cuMemFree(results);
      backend.memoryLedger().subtract(MemoryLedger.Kind.SCRATCH, resultsBytes);
      results = null;
    }
    cuStreamDestroy(copyStream);
    ready = false;
  }
}
