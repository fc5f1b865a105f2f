package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetAttribute;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRelease;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuFuncSetAttribute;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemGetInfo;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD32;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.PrimsException;
import dev.prims.spi.AbstractBackend;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.OutOfDeviceMemory;
import dev.prims.spi.QueueCompletions;
import dev.prims.spi.ScalarBytes;
import dev.prims.spi.ScratchSlots;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/**
 * One CUDA device: its retained primary context (made current on the calling thread for every call,
 * so any Java thread may use it), one stream, the PTX modules, scratch memory, mapped pinned host
 * slots that kernels write scalar results into ({@link CudaResultSlots}: one for synchronous calls,
 * one per pending asynchronous call), pinned staging for small uploads ({@link CudaUploadStaging}),
 * the pinned staging pipeline for host arrays ({@link CudaHostStreamer}, with its own copy stream)
 * and transfer counts ({@link CudaTransferCounter}). Calls are serialised by one lock. Asynchronous
 * calls on buffers enqueue their kernels under the lock without waiting and complete through {@link
 * QueueCompletions} (an event per call, waited for on a thread of the backend; no driver
 * callbacks); synchronous calls wait for the stream, so they also wait for asynchronous work
 * enqueued before them.
 */
final class CudaBackend extends AbstractBackend {
  private static final int ASYNC_SLOTS = 1024;
  private static final int EVENTS_AHEAD = 128;
  private static final int COUNTERS = 64;
  private static final int DEFAULT_DYNAMIC_SHARED_BYTES = 48 * 1024;

  private final DeviceInfo info;
  private final CUdevice device = new CUdevice();
  private final CUcontext context = new CUcontext();
  private final CUstream stream = new CUstream();
  private final ReentrantLock lock = new ReentrantLock();
  private final CudaModules modules = new CudaModules();
  private final java.util.Map<String, Integer> occupancy = new java.util.HashMap<>();
  private final java.util.Map<CUfunction, Integer> dynamicSharedLimits = new java.util.HashMap<>();
  private final int sms;

  /** Each primitive's variants on this device, the default first (bulk ones need sm_90). */
  private final java.util.Map<Primitive, List<String>> variants =
      new java.util.EnumMap<>(Primitive.class);

  private final CudaResultSlots slots;
  private final CudaUploadStaging staging;
  private int currentSlot = CudaResultSlots.SYNC;
  private final java.util.Queue<CUevent> idleEvents =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  private final List<CUevent> events = new java.util.ArrayList<>();
  private final CUdeviceptr counters = new CUdeviceptr();
  private final KernelParamBlock launchParams;
  private CUdeviceptr scratch;
  private long scratchBytes;
  private final ScratchSlots<CUdeviceptr> namedScratch =
      new ScratchSlots<>(
          ledger,
          bytes -> Math.max(bytes, 256),
          this::allocate,
          p -> {
            cuStreamSynchronize(stream);
            cuMemFree(p);
          });
  private final ReentrantLock timingLock = new ReentrantLock();
  private final CUevent timingStart = new CUevent();
  private final CUevent timingEnd = new CUevent();
  private boolean timing;
  private boolean timingStarted;
  private boolean timingPending;
  private volatile boolean closed;

  /** Set once close has freed the context: frees after it do nothing. */
  private boolean released;

  private final CudaBufferManager buffers = new CudaBufferManager(this);
  private final CudaReducer reducer = new CudaReducer(this);
  private final CudaScanner scanner = new CudaScanner(this);
  private final CudaHostStreamer streamer = new CudaHostStreamer(this);
  private final QueueCompletions completions =
      new QueueCompletions(
          CudaBackendProvider.ID,
          () -> cuCtxSetCurrent(context),
          e ->
              e instanceof CudaException
                  ? new PrimsException(CudaBackendProvider.ID, e.getMessage(), e)
                  : e);
  private final CudaTransferPolicy transfer;
  private final java.util.concurrent.atomic.AtomicLong bytesToDevice =
      new java.util.concurrent.atomic.AtomicLong();
  private final java.util.concurrent.atomic.AtomicLong bytesToHost =
      new java.util.concurrent.atomic.AtomicLong();

  private final boolean captureAllocationSites;

  CudaBackend(DeviceInfo info) {
    this(info, CudaTransferPolicy.defaults(), true, CudaSortPolicy.DEFAULT_VARIANT, false);
  }

  /**
   * Opens {@code info}; host arrays go through pinned staging slots as {@code transfer} says, or
   * through one pageable copy; the segmented reduce holds its tiles in registers when {@code
   * segmentRegisters} ({@code prims.cuda.segment.variant}); the sort runs {@code sortVariant}
   * ({@code prims.cuda.sort.variant}); buffers record where they were allocated when {@code
   * captureAllocationSites} ({@code prims.debug.leaks}).
   */
  CudaBackend(
      DeviceInfo info,
      CudaTransferPolicy transfer,
      boolean segmentRegisters,
      String sortVariant,
      boolean captureAllocationSites) {
    super(CudaBackendProvider.ID, info);
    parts(
        buffers,
        reducer,
        scanner,
        new CudaHistogrammer(this),
        new CudaDot(this),
        new CudaFoldKernels(this),
        new CudaArgReducer(this),
        new CudaMomentsReducer(this),
        new CudaSegmenter(this, segmentRegisters));
    // select, partition and top-k: DeviceSelect over device/select.cu
    sortAndSelect(
        new CudaSorter(this, scanner, sortVariant),
        new dev.prims.spi.DeviceSelect(this, new CudaSelectKernels(this)));
    this.info = info;
    this.sms = info.computeUnits();
    this.transfer = transfer;
    this.captureAllocationSites = captureAllocationSites;
    try {
      cuDeviceGet(device, info.index());
      int[] major = new int[1];
      cuDeviceGetAttribute(
          major, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
      boolean bulkCopies = major[0] >= 9;
      variants.put(Primitive.REDUCE, CudaReducePolicy.variants(bulkCopies));
      variants.put(Primitive.SCAN, CudaScanPolicy.variants(bulkCopies));
      variants.put(Primitive.HISTOGRAM, CudaHistogramPolicy.variants(bulkCopies));
      variants.put(Primitive.DOT, CudaDotPolicy.variants(bulkCopies));
      cuDevicePrimaryCtxRetain(context, device);
      cuCtxSetCurrent(context);
      cuStreamCreate(stream, CUstream_flags.CU_STREAM_DEFAULT);
      slots = new CudaResultSlots(ASYNC_SLOTS);
      ledger.add(MemoryLedger.Kind.STAGING, (ASYNC_SLOTS + 1L) * CudaResultSlots.BYTES);
      staging = new CudaUploadStaging();
      ledger.add(MemoryLedger.Kind.STAGING, CudaUploadStaging.BYTES);
      for (int i = 0; i < EVENTS_AHEAD; i++) {
        idleEvents.add(newEvent());
      }
      cuMemAlloc(counters, 4L * COUNTERS);
      ledger.add(MemoryLedger.Kind.SCRATCH, 4L * COUNTERS);
      cuMemsetD32(counters, 0, COUNTERS);
      launchParams = KernelParamBlock.allocate();
    } catch (CudaException e) {
      throw new PrimsException(
          CudaBackendProvider.ID, "cannot open CUDA device " + info.name() + ": " + e, e);
    }
  }

  @Override
  public List<String> variants(Primitive primitive) {
    return variants.get(primitive);
  }

  /** Reduce, scan, histogram and dot on buffers all enqueue on the stream without waiting. */
  @Override
  public boolean asyncPath(Primitive primitive) {
    return true;
  }

  @Override
  public long sequentialChain(DType type, long n) {
    return Math.min(
        Math.max(reducer.sequentialChain(type, n), scanner.sequentialChain(type, n)),
        Math.max(n, 0));
  }

  /**
   * Times the device work {@code work} enqueues on this backend's stream: an event is recorded just
   * before the first kernel or copy it enqueues and just after the last, so host-side overhead
   * between calls is not counted (like events around CUB calls). Work other threads enqueue
   * meanwhile is counted too; concurrent deviceMillis calls run one after another.
   */
  @Override
  public OptionalDouble deviceMillis(Runnable work) {
    timingLock.lock();
    try {
      run(
          () -> {
            cuEventCreate(timingStart, CUevent_flags.CU_EVENT_DEFAULT);
            cuEventCreate(timingEnd, CUevent_flags.CU_EVENT_DEFAULT);
            timing = true;
            timingStarted = false;
            timingPending = false;
          });
      try {
        work.run();
        return OptionalDouble.of(
            call(
                () -> {
                  if (!timingStarted) {
                    return 0.0;
                  }
                  if (timingPending) {
                    cuEventRecord(timingEnd, stream);
                    timingPending = false;
                  }
                  cuEventSynchronize(timingEnd);
                  float[] ms = new float[1];
                  cuEventElapsedTime(ms, timingStart, timingEnd);
                  return (double) ms[0];
                }));
      } finally {
        run(
            () -> {
              // asynchronous calls leave the end mark pending; a later synchronize must not
              // record the events destroyed here
              timing = false;
              timingPending = false;
              timingStarted = false;
              cuEventDestroy(timingStart);
              cuEventDestroy(timingEnd);
            });
      }
    } finally {
      timingLock.unlock();
    }
  }

  /** Records the timing start event before the first enqueue of a timed region. */
  private void beforeEnqueue() {
    if (timing && !timingStarted) {
      cuEventRecord(timingStart, stream);
      timingStarted = true;
    }
  }

  private void afterEnqueue() {
    if (timing) {
      timingPending = true;
    }
  }

  /** The ledger of the bytes this backend holds. */
  MemoryLedger memoryLedger() {
    return ledger;
  }

  /** The reducer with its package-level kernel launchers. */
  CudaReducer cudaReducer() {
    return reducer;
  }

  /** Whether new buffers capture a stack trace for leak warnings. */
  boolean captureAllocationSites() {
    return captureAllocationSites;
  }

  /** Whether host arrays take the staged path ({@code prims.cuda.hostpath=staged}). */
  boolean stagedHostPath() {
    return transfer.staged();
  }

  /** The host-array path's tuning. */
  CudaTransferPolicy transfer() {
    return transfer;
  }

  /** The pinned staging pipeline for host arrays (use under the lock). */
  CudaHostStreamer streamer() {
    return streamer;
  }

  void countToDevice(long bytes) {
    bytesToDevice.addAndGet(bytes);
  }

  void countToHost(long bytes) {
    bytesToHost.addAndGet(bytes);
  }

  long bytesToDevice() {
    return bytesToDevice.get();
  }

  long bytesToHost() {
    return bytesToHost.get();
  }

  void resetTransferCounts() {
    bytesToDevice.set(0);
    bytesToHost.set(0);
  }

  /** Streaming multiprocessors of the device. */
  int sms() {
    return sms;
  }

  boolean isClosed() {
    return closed;
  }

  /** {@link #call} for work without an answer. */
  void run(Runnable work) {
    call(
        () -> {
          work.run();
          return null;
        });
  }

  /**
   * Runs {@code work} under the lock with the context current; CUDA errors become {@link
   * PrimsException}.
   */
  <T> T call(Supplier<T> work) {
    lock.lock();
    try {
      if (closed) {
        throw new IllegalStateException("the cuda backend is closed");
      }
      cuCtxSetCurrent(context);
      return work.get();
    } catch (CudaException e) {
      throw new PrimsException(CudaBackendProvider.ID, e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /** The CUDA buffer behind {@code buffer}, which must belong to this backend and be open. */
  CudaBuffer own(DeviceBuffer buffer) {
    return own(buffer, CudaBuffer.class);
  }

  /** Device memory of {@code bytes} (under the lock); out of memory names the sizes. */
  CUdeviceptr allocate(long bytes, String what) {
    CUdeviceptr p = new CUdeviceptr();
    try {
      cuMemAlloc(p, Math.max(bytes, 1));
    } catch (CudaException e) {
      if (e.getMessage() != null
          && e.getMessage().contains(CUresult.stringFor(CUresult.CUDA_ERROR_OUT_OF_MEMORY))) {
        long[] free = new long[1];
        long[] total = new long[1];
        cuMemGetInfo(free, total);
        throw new PrimsException(
            CudaBackendProvider.ID,
            OutOfDeviceMemory.allocation(bytes, what, info.name(), free[0], total[0], ledger, null),
            e);
      }
      throw e;
    }
    return p;
  }

  /**
   * Frees memory from {@link #allocate} once the stream no longer needs it (asynchronous calls may
   * still read it); does nothing once close has released the context.
   */
  void free(CUdeviceptr pointer) {
    lock.lock();
    try {
      if (!released) {
        cuCtxSetCurrent(context);
        cuStreamSynchronize(stream);
        cuMemFree(pointer);
      }
    } catch (CudaException e) {
      throw new PrimsException(CudaBackendProvider.ID, "cuMemFree failed: " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Scratch memory of at least {@code bytes}, reused across calls in stream order (under the lock).
   * Growing it waits for the stream first, since enqueued calls may still use the old one.
   */
  CUdeviceptr scratch(long bytes) {
    if (scratch == null || scratchBytes < bytes) {
      if (scratch != null) {
        cuStreamSynchronize(stream);
        cuMemFree(scratch);
        scratch = null;
        ledger.subtract(MemoryLedger.Kind.SCRATCH, scratchBytes);
      }
      long size = Math.max(bytes, scratchBytes + scratchBytes / 2);
      scratch = allocate(size, "scratch");
      scratchBytes = size;
      ledger.add(MemoryLedger.Kind.SCRATCH, size);
    }
    return scratch;
  }

  /**
   * Scratch memory of at least {@code bytes} for {@code slot}, apart from {@link #scratch(long)}
   * and kept for later calls in stream order (under the lock): for work that holds scratch while it
   * calls other kernels that use {@link #scratch(long)}. Growing it waits for the stream first.
   */
  CUdeviceptr scratch(String slot, long bytes) {
    return namedScratch.get(slot, bytes);
  }

  /** The bytes of the named scratch {@code slot} (0 when it has none). */
  long scratchBytes(String slot) {
    return namedScratch.bytes(slot);
  }

  /** Copies {@code bytes} from {@code from} to {@code to} on the device, in stream order. */
  void copy(CUdeviceptr from, CUdeviceptr to, long bytes) {
    beforeEnqueue();
    cuMemcpyDtoDAsync(to, from, bytes, stream);
    afterEnqueue();
  }

  /** A 32-bit counter that is zero between calls (kernels that use it reset it). */
  CUdeviceptr counter(int index) {
    return counters.withByteOffset(4L * index);
  }

  /** The device address of the mapped host result slot that kernels may write into. */
  CUdeviceptr resultSlot() {
    return slots.device(currentSlot);
  }

  CUstream stream() {
    return stream;
  }

  /**
   * Blocks of {@code kernel} that run at once on the whole device with {@code sharedBytes} of
   * dynamic shared memory each (the driver's occupancy answer, at most {@code perSmCap} per SM):
   * the grid of a grid-stride kernel, so that no block waits for a second wave.
   */
  int residentBlocks(String module, String kernel, int sharedBytes, int perSmCap) {
    String key = kernel + "/" + sharedBytes;
    Integer perSm = occupancy.get(key);
    if (perSm == null) {
      int[] blocks = new int[1];
      cuOccupancyMaxActiveBlocksPerMultiprocessor(
          blocks, function(module, kernel, sharedBytes), CudaReducePolicy.BLOCK_SIZE, sharedBytes);
      perSm = Math.max(1, blocks[0]);
      occupancy.put(key, perSm);
    }
    return sms * Math.min(perSm, perSmCap);
  }

  /**
   * The kernel, allowed {@code sharedBytes} of dynamic shared memory: above the default 48 KiB a
   * kernel must opt in, once.
   */
  private CUfunction function(String module, String kernel, int sharedBytes) {
    CUfunction f = modules.function(module, kernel);
    if (sharedBytes > DEFAULT_DYNAMIC_SHARED_BYTES
        && dynamicSharedLimits.getOrDefault(f, DEFAULT_DYNAMIC_SHARED_BYTES) < sharedBytes) {
      cuFuncSetAttribute(
          f, CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, sharedBytes);
      dynamicSharedLimits.put(f, sharedBytes);
    }
    return f;
  }

  /** The variant {@code call} asks for, else this device's default for {@code primitive}. */
  String variant(Primitive primitive, CallContext call) {
    return call.variant() == null ? variants(primitive).get(0) : call.variant();
  }

  /**
   * Launches {@code kernel} of {@code module} with BLOCK_SIZE threads per block (under the lock:
   * the launch parameters live in one block per backend).
   */
  void launch(String module, String kernel, long blocks, int sharedBytes, KernelArgs args) {
    launch(module, kernel, blocks, CudaReducePolicy.BLOCK_SIZE, sharedBytes, args);
  }

  /**
   * Launches {@code kernel} of {@code module} with {@code threads} per block (under the lock), for
   * kernels tuned to another block size than BLOCK_SIZE.
   */
  void launch(
      String module, String kernel, long blocks, int threads, int sharedBytes, KernelArgs args) {
    if (blocks < 1 || blocks > Integer.MAX_VALUE) {
      throw new PrimsException(
          CudaBackendProvider.ID, kernel + ": grid of " + blocks + " blocks is out of range");
    }
    if (!lock.isHeldByCurrentThread()) {
      throw new IllegalStateException("a CUDA launch outside the backend's lock");
    }
    CUfunction f = function(module, kernel, sharedBytes);
    // everything the host prepares comes before the timing mark, so a timed region counts the
    // device's work, not the building of Java parameter objects
    Pointer params = launchParams.fill(args);
    beforeEnqueue();
    cuLaunchKernel(f, (int) blocks, 1, 1, threads, 1, 1, sharedBytes, stream, params, null);
    afterEnqueue();
  }

  /**
   * Launches a single-pass kernel whose last block combines the per-block partials ({@code
   * block_grid_total.cuh}): {@code args} holds the kernel's leading parameters, and the partials
   * (scratch of one element of {@code type} per block), the counter and {@code result} follow them
   * (under the lock).
   */
  void launchGridTotal(
      String module,
      String kernel,
      int blocks,
      int sharedBytes,
      DType type,
      KernelArgs args,
      CUdeviceptr result) {
    CUdeviceptr partials = scratch((long) blocks * type.bytes());
    launch(
        module,
        kernel,
        blocks,
        sharedBytes,
        args.pointer(partials).pointer(counter(0)).pointer(result));
  }

  /** Zeroes {@code words} 32-bit words at {@code pointer}, in stream order. */
  void zero(CUdeviceptr pointer, long words) {
    beforeEnqueue();
    cuMemsetD32Async(pointer, 0, words, stream);
    afterEnqueue();
  }

  /**
   * Enqueues a copy of {@code values} (at most {@link CudaUploadStaging#BYTES} bytes) to {@code to}
   * through pinned staging, without waiting (under the lock).
   */
  void uploadSmall(long[] values, CUdeviceptr to) {
    beforeEnqueue();
    staging.copy(values, to, stream);
    afterEnqueue();
    countToDevice((long) Long.BYTES * values.length);
  }

  /** Waits for the stream. */
  void synchronize() {
    if (timingPending) {
      cuEventRecord(timingEnd, stream);
      timingPending = false;
    }
    cuStreamSynchronize(stream);
  }

  /** Copies one element at {@code pointer} into the result slot, waits, and returns it. */
  Number fetch(CUdeviceptr pointer, DType type) {
    copyToResultSlot(pointer, type);
    synchronize();
    return readResult(type);
  }

  /** Enqueues a copy of one element at {@code pointer} into the result slot, without waiting. */
  void copyToResultSlot(CUdeviceptr pointer, DType type) {
    beforeEnqueue();
    cuMemcpyDtoHAsync(slots.host(currentSlot), pointer, type.bytes(), stream);
    afterEnqueue();
  }

  /**
   * A synchronous call: runs {@code enqueue} under the lock, waits for the stream and returns
   * {@code read} of the synchronous result slot's bytes (what {@code enqueue} wrote to {@link
   * #resultSlot} or {@link #copyToResultSlot}). The synchronous twin of {@link #enqueueAsync}.
   */
  <T> T callAndRead(Runnable enqueue, java.util.function.Function<ByteBuffer, T> read) {
    return call(
        () -> {
          enqueue.run();
          synchronize();
          return read.apply(slots.bytes(currentSlot));
        });
  }

  /**
   * An asynchronous call: runs {@code enqueue} under the lock with a result slot of its own (what
   * it enqueues that writes to {@link #resultSlot} or {@link #copyToResultSlot} fills that slot),
   * records an event after it and returns at once. The future completes, through {@link
   * QueueCompletions}, with {@code read} of the slot's bytes once the stream has passed the event;
   * {@code read} runs on the waiting thread and must make no CUDA call. While {@value #ASYNC_SLOTS}
   * calls are pending, the next one waits for a slot.
   */
  <T> java.util.concurrent.CompletableFuture<T> enqueueAsync(
      Runnable enqueue, java.util.function.Function<ByteBuffer, T> read) {
    return call(
        () -> {
          int slot = slots.lend();
          boolean submitted = false;
          try {
            currentSlot = slot;
            enqueue.run();
            CUevent event = idleEvent();
            cuEventRecord(event, stream);
            java.util.concurrent.CompletableFuture<T> future =
                completions.submit(
                    () -> cuEventSynchronize(event),
                    () -> read.apply(slots.bytes(slot)),
                    () -> {
                      idleEvents.add(event);
                      slots.giveBack(slot);
                    });
            submitted = true;
            return future;
          } finally {
            currentSlot = CudaResultSlots.SYNC;
            if (!submitted) {
              slots.giveBack(slot);
            }
          }
        });
  }

  /** An event for marking an asynchronous call's end, reused once its call completed. */
  private CUevent idleEvent() {
    CUevent event = idleEvents.poll();
    return event != null ? event : newEvent();
  }

  /**
   * A new event for marking calls, kept until close. The first {@value #EVENTS_AHEAD} are made with
   * the backend, so that the driver's event memory does not grow while calls run.
   */
  private CUevent newEvent() {
    CUevent event = new CUevent();
    cuEventCreate(
        event, CUevent_flags.CU_EVENT_BLOCKING_SYNC | CUevent_flags.CU_EVENT_DISABLE_TIMING);
    events.add(event);
    return event;
  }

  /** Copies {@code count} longs at {@code pointer} through the result slot, waiting for them. */
  long[] fetchLongs(CUdeviceptr pointer, int count) {
    beforeEnqueue();
    cuMemcpyDtoHAsync(slots.host(currentSlot), pointer, 8L * count, stream);
    afterEnqueue();
    synchronize();
    countToHost(8L * count);
    long[] values = new long[count];
    for (int i = 0; i < count; i++) {
      values[i] = slots.bytes(currentSlot).getLong(8 * i);
    }
    return values;
  }

  /**
   * The first {@code bytes} bytes kernels wrote into the result slot, in native order (call after
   * synchronize).
   */
  ByteBuffer readResultBytes(int bytes) {
    if (bytes > CudaResultSlots.BYTES) {
      throw new IllegalArgumentException(
          "the result slot holds " + CudaResultSlots.BYTES + " bytes");
    }
    countToHost(bytes);
    return slots.bytes(currentSlot);
  }

  /** The value a kernel wrote into the result slot (call after synchronize). */
  Number readResult(DType type) {
    return valueOf(slots.bytes(currentSlot), type);
  }

  /** The value of {@code type} at the start of a result slot's {@code bytes}, counted as moved. */
  Number valueOf(ByteBuffer bytes, DType type) {
    countToHost(type.bytes());
    return ScalarBytes.read(bytes, type);
  }

  /**
   * Refuses new calls, waits for the work already enqueued (asynchronous calls included) and for
   * their futures to complete, then frees everything. The futures' dependent stages run before
   * close returns (unless close is called from one of them); a stage that calls this backend finds
   * it closed.
   */
  @Override
  public void close() {
    CudaException failure = null;
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      cuCtxSetCurrent(context);
      synchronize();
    } catch (CudaException e) {
      failure = e;
    } finally {
      lock.unlock();
    }
    completions.close();
    lock.lock();
    try {
      cuCtxSetCurrent(context);
      if (failure == null) {
        ledger.closeBuffers();
        streamer.close();
        modules.unload();
        if (scratch != null) {
          cuMemFree(scratch);
          ledger.subtract(MemoryLedger.Kind.SCRATCH, scratchBytes);
        }
        namedScratch.free(p -> cuMemFree(p));
        cuMemFree(counters);
        ledger.subtract(MemoryLedger.Kind.SCRATCH, 4L * COUNTERS);
        launchParams.free();
        slots.free();
        ledger.subtract(MemoryLedger.Kind.STAGING, (ASYNC_SLOTS + 1L) * CudaResultSlots.BYTES);
        staging.free();
        ledger.subtract(MemoryLedger.Kind.STAGING, CudaUploadStaging.BYTES);
        for (CUevent event : events) {
          cuEventDestroy(event);
        }
        cuStreamDestroy(stream);
      }
    } catch (CudaException e) {
      failure = e;
    } finally {
      released = true;
      try {
        cuDevicePrimaryCtxRelease(device);
      } catch (CudaException e) {
        failure = failure == null ? e : failure;
      } finally {
        lock.unlock();
      }
    }
    if (failure != null) {
      throw new PrimsException(
          CudaBackendProvider.ID, "closing failed: " + failure.getMessage(), failure);
    }
  }
}
