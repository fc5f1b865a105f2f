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
import dev.prims.spi.HostChunkPipeline;
import dev.prims.spi.HostChunkScan;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.StagingCopier;
import dev.prims.spi.StagingPolicy;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/**
 * Streams host arrays through reused pinned staging slots with {@link HostChunkPipeline}: the
 * copier threads fill chunk i+1 from the Java array while a copy stream sends chunk i to the device
 * and the backend's stream runs the kernels of the chunk before. A fold (reduce, dot, histogram)
 * leaves one value per chunk in a device array of per-chunk results, which a final kernel combines,
 * so only the answer comes back. A scan sends each chunk's result back on a third stream into the
 * slot it came from while later chunks go up, and the copier threads drain it into the caller's
 * array. Whole arrays move through the same slots ({@link #upload}, and {@link #download}, where
 * chunk i+1 comes back while chunk i is copied into the Java array), at the pinned link's rate
 * rather than the driver's pageable one. All methods run under the backend's lock; the slots live
 * until the backend closes.
 */
final class CudaHostStreamer {
  /** The kernel of one chunk: reads {@code inputs} ({@code length} elements each) into result. */
  @FunctionalInterface
  interface ChunkKernel {
    void enqueue(CUdeviceptr[] inputs, long length, CUdeviceptr result);
  }

  private final CudaBackend backend;
  private final CUstream copyStream = new CUstream();
  private CUstream downloadStream;
  private StagingPolicy policy;
  private StagingCopier copier;
  private Pointer[] pinned;
  private ByteBuffer[] pinnedBytes;
  private CUdeviceptr[] onDevice;
  private CUdeviceptr[] scanned;
  private CUevent[] copied;
  private CUevent[] consumed;
  private CUevent[] downloaded;
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
    policy = backend.transfer().staging();
    int slots = policy.slots();
    int bytes = policy.chunkBytes();
    pinned = new Pointer[slots];
    pinnedBytes = new ByteBuffer[slots];
    onDevice = new CUdeviceptr[slots];
    copied = new CUevent[slots];
    consumed = new CUevent[slots];
    cuStreamCreate(copyStream, CUstream_flags.CU_STREAM_NON_BLOCKING);
    copier = new StagingCopier("cuda", policy.threads());
    for (int s = 0; s < slots; s++) {
      pinned[s] = new Pointer();
      cuMemHostAlloc(pinned[s], bytes, 0);
      pinnedBytes[s] = pinned[s].getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
      onDevice[s] = backend.allocate(bytes, "a staging chunk");
      backend.memoryLedger().add(MemoryLedger.Kind.STAGING, 2L * bytes);
      copied[s] = event();
      consumed[s] = event();
    }
    ready = true;
  }

  /** The device chunks scans write and the stream they come back on, on the first scan. */
  private void prepareScan() {
    prepare();
    if (downloadStream != null) {
      return;
    }
    int slots = policy.slots();
    scanned = new CUdeviceptr[slots];
    downloaded = new CUevent[slots];
    for (int s = 0; s < slots; s++) {
      scanned[s] = backend.allocate(policy.chunkBytes(), "a scanned staging chunk");
      backend.memoryLedger().add(MemoryLedger.Kind.STAGING, policy.chunkBytes());
      downloaded[s] = event();
    }
    downloadStream = new CUstream();
    cuStreamCreate(downloadStream, CUstream_flags.CU_STREAM_NON_BLOCKING);
  }

  private static CUevent event() {
    CUevent e = new CUevent();
    cuEventCreate(e, CUevent_flags.CU_EVENT_DISABLE_TIMING);
    return e;
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
    int n = java.lang.reflect.Array.getLength(arrays[0]);
    int chunk = policy.chunkElements(arrays.length, type.bytes());
    int chunks = HostChunkPipeline.chunks(n, chunk);
    CUdeviceptr perChunkResults = results((long) chunks * type.bytes());
    long inputBytes = (long) chunk * type.bytes();
    HostChunkPipeline.run(
        arrays,
        0,
        null,
        0,
        n,
        type,
        pinnedBytes,
        chunk,
        copier,
        new SlotDevice(copied) {
          @Override
          public void enqueue(int i, int s, int length) {
            CUdeviceptr[] inputs = new CUdeviceptr[arrays.length];
            // the kernel of the slot's last chunk has read the device chunk
            cuStreamWaitEvent(copyStream, consumed[s], 0);
            for (int a = 0; a < arrays.length; a++) {
              inputs[a] = onDevice[s].withByteOffset(a * inputBytes);
              long bytes = (long) length * type.bytes();
              cuMemcpyHtoDAsync(
                  inputs[a], pinned[s].withByteOffset(a * inputBytes), bytes, copyStream);
              backend.countToDevice(bytes);
            }
            cuEventRecord(copied[s], copyStream);
            cuStreamWaitEvent(backend.stream(), copied[s], 0);
            perChunk.enqueue(
                inputs, length, perChunkResults.withByteOffset((long) i * type.bytes()));
            cuEventRecord(consumed[s], backend.stream());
          }
        });
    return chunks;
  }

  /**
   * Scans {@code range} chunk by chunk with {@code scan}: chunk i goes up on the copy stream, is
   * scanned on the backend's stream and comes back on the download stream while chunk i+1 goes up,
   * and returns when the output holds it all.
   */
  void scan(HostScanRange range, HostChunkScan.Chunk<CUdeviceptr> scan) {
    DType type = range.type();
    prepareScan();
    cuStreamSynchronize(copyStream);
    cuStreamSynchronize(downloadStream);
    int chunk = policy.chunkElements(1, type.bytes());
    int chunks = HostChunkPipeline.chunks(range.length(), chunk);
    CUdeviceptr carries = backend.scratch("host scan carries", (long) chunks * type.bytes());
    HostChunkPipeline.scan(
        range,
        pinnedBytes,
        chunk,
        copier,
        new SlotDevice(downloaded) {
          @Override
          public void enqueue(int i, int s, int n) {
            long bytes = (long) n * type.bytes();
            cuStreamWaitEvent(copyStream, consumed[s], 0);
            cuMemcpyHtoDAsync(onDevice[s], pinned[s], bytes, copyStream);
            backend.countToDevice(bytes);
            cuEventRecord(copied[s], copyStream);
            cuStreamWaitEvent(backend.stream(), copied[s], 0);
            // the slot's last result has come back from the device chunk it is scanned into
            cuStreamWaitEvent(backend.stream(), downloaded[s], 0);
            scan.enqueue(onDevice[s], scanned[s], n, i, carries);
            cuEventRecord(consumed[s], backend.stream());
            cuStreamWaitEvent(downloadStream, consumed[s], 0);
            cuMemcpyDtoHAsync(pinned[s], scanned[s], bytes, downloadStream);
            backend.countToHost(bytes);
            cuEventRecord(downloaded[s], downloadStream);
          }
        });
  }

  /**
   * Copies {@code array[from, from + length)} to {@code destination} through the slots, filling
   * chunk i+1 while chunk i crosses the link, and returns when the device holds it all.
   */
  void upload(Object array, int from, int length, DType type, CUdeviceptr destination) {
    prepare();
    cuStreamSynchronize(copyStream);
    move(array, from, length, type, destination, true);
    cuStreamSynchronize(copyStream);
  }

  /**
   * Copies {@code source} into {@code array[from, from + length)} through the slots, once the
   * backend's stream has finished writing it: later chunks cross the link while earlier ones are
   * copied out of pinned memory.
   */
  void download(CUdeviceptr source, Object array, int from, int length, DType type) {
    prepare();
    backend.synchronize();
    cuStreamSynchronize(copyStream);
    move(array, from, length, type, source, false);
  }

  /** Moves the range between the array and {@code device} on the copy stream, through the slots. */
  private void move(
      Object array, int from, int length, DType type, CUdeviceptr device, boolean toDevice) {
    int chunk = policy.chunkElements(1, type.bytes());
    HostChunkPipeline.move(
        array,
        type,
        from,
        length,
        toDevice,
        pinnedBytes,
        chunk,
        copier,
        new SlotDevice(copied) {
          @Override
          public void enqueue(int i, int s, int n) {
            CUdeviceptr at = device.withByteOffset((long) i * chunk * type.bytes());
            long bytes = (long) n * type.bytes();
            if (toDevice) {
              cuMemcpyHtoDAsync(at, pinned[s], bytes, copyStream);
            } else {
              cuMemcpyDtoHAsync(pinned[s], at, bytes, copyStream);
            }
            cuEventRecord(copied[s], copyStream);
          }
        });
  }

  /**
   * A pipeline's device side whose chunk in slot {@code s} is done once the slot's event in {@code
   * done} is.
   */
  private abstract static class SlotDevice implements HostChunkPipeline.Device {
    private final CUevent[] done;

    SlotDevice(CUevent[] done) {
      this.done = done;
    }

    @Override
    public void await(int i, int s) {
      cuEventSynchronize(done[s]);
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

  /** Frees the slots (the backend's close, under its lock, context current). */
  void close() {
    if (!ready) {
      return;
    }
    cuStreamSynchronize(copyStream);
    copier.close();
    int bytes = policy.chunkBytes();
    for (int s = 0; s < policy.slots(); s++) {
      cuMemFreeHost(pinned[s]);
      cuMemFree(onDevice[s]);
      backend.memoryLedger().subtract(MemoryLedger.Kind.STAGING, 2L * bytes);
      cuEventDestroy(copied[s]);
      cuEventDestroy(consumed[s]);
    }
    if (downloadStream != null) {
      cuStreamSynchronize(downloadStream);
      for (int s = 0; s < policy.slots(); s++) {
        cuMemFree(scanned[s]);
        backend.memoryLedger().subtract(MemoryLedger.Kind.STAGING, bytes);
        cuEventDestroy(downloaded[s]);
      }
      cuStreamDestroy(downloadStream);
      downloadStream = null;
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
