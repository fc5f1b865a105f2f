package dev.prims.opencl;

import static org.jocl.CL.*;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.spi.AbstractBackend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.CallContext;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.OutOfDeviceMemory;
import dev.prims.spi.QueueCompletions;
import dev.prims.spi.ScalarBytes;
import dev.prims.spi.ScratchSlots;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;

/**
 * The OpenCL backend on one device: one context, one in-order profiling queue, a program cache and
 * reusable scratch buffers. Every device operation runs under one lock, so the backend is
 * thread-safe (calls are serialised on the device, as they would be on one queue anyway).
 * Asynchronous calls on buffers enqueue their kernels and a non-blocking read of their answer under
 * the lock and return; {@link QueueCompletions} waits for each call's event on a thread of the
 * backend. Scratch buffers may be replaced while enqueued calls still use the old ones: OpenCL
 * frees a released memory object only once the commands using it have finished.
 */
final class OpenClBackend extends AbstractBackend {
  static final String ID = "opencl";

  /** Extra OpenCL C build options appended to every program (for experiments and debugging). */
  static final String BUILD_OPTIONS_KEY = "prims.opencl.buildOptions";

  /**
   * A folder where every program's device binary is written once built (NVIDIA's is PTX: for
   * reading what the driver's compiler made of a kernel); unset writes nothing.
   */
  static final String BINARIES_KEY = "prims.opencl.binaries";

  /** Whether operators are compile-time (-DOP_x) or a kernel argument; see common.cl. */
  static final String RUNTIME_OP_KEY = "prims.opencl.runtimeOperator";

  /** Configuration key: {@code false} turns off 64-bit atomics even where the device has them. */
  static final String INT64_ATOMICS_KEY = "prims.opencl.int64Atomics";

  /** Bytes of local memory a kernel argument asks for (a {@code __local} pointer). */
  record LocalBytes(long bytes) {}

  /** Where an enqueued call leaves its scalar answer: element {@code index} of {@code mem}. */
  record ScalarAt(cl_mem mem, long index, DType type) {}

  /** A kernel ready to launch, with the operator code it takes last when built generic. */
  record Kernel(cl_kernel handle, int opcode, boolean runtimeOperator) {}

  private final OpenClDevice device;
  private final cl_context context;
  private final cl_command_queue queue;
  private final OpenClPrograms programs;
  private final ReentrantLock lock = new ReentrantLock();
  private final ScratchSlots<cl_mem> scratch =
      new ScratchSlots<>(
          ledger,
          bytes -> (Math.max(bytes, 64) + 7) & ~7L,
          (bytes, what) -> createMemory(bytes, what, true),
          mem -> clReleaseMemObject(mem));
  private final ThreadLocal<List<cl_event>> recording = new ThreadLocal<>();
  private final Map<cl_kernel, Object[]> kernelArgs = new java.util.IdentityHashMap<>();
  private final java.nio.ByteBuffer scalarHost =
      java.nio.ByteBuffer.allocateDirect(8).order(java.nio.ByteOrder.nativeOrder());
  private final boolean int64Atomics;
  private final boolean runtimeOperator;
  private final OpenClScanner scanner;
  private final OpenClHostStreamer streamer;
  private volatile boolean closed;
  private final QueueCompletions completions;
  private final boolean captureAllocationSites;

  OpenClBackend(OpenClDevice device, BackendContext config) {
    super(ID, device.info());
    this.device = device;
    this.captureAllocationSites = BufferCleaner.captureSites(config);
    this.int64Atomics = device.int64Atomics() && config.flag(INT64_ATOMICS_KEY, true);
    this.runtimeOperator = config.flag(RUNTIME_OP_KEY, !device.gpu());
    try {
      cl_context_properties properties = new cl_context_properties();
      properties.addProperty(CL_CONTEXT_PLATFORM, device.platform());
      this.context =
          clCreateContext(properties, 1, new cl_device_id[] {device.device()}, null, null, null);
      this.queue = clCreateCommandQueue(context, device.device(), CL_QUEUE_PROFILING_ENABLE, null);
    } catch (CLException e) {
      throw new PrimsException(ID, "cannot open " + device.describe() + ": " + e.getMessage(), e);
    }
    String binaries = config.get(BINARIES_KEY, "");
    this.programs =
        new OpenClPrograms(
            context,
            device.device(),
            config.get(BUILD_OPTIONS_KEY, ""),
            binaries.isBlank() ? null : java.nio.file.Path.of(binaries));
    this.streamer = new OpenClHostStreamer(this, OpenClTransferPolicy.of(config));
    this.scanner = new OpenClScanner(this, OpenClScanPolicy.of(config, device));
    // reproducible mode only where the device has fp64 (the fold recipe is in double)
    parts(
        new OpenClBufferManager(this),
        new OpenClReducer(this),
        scanner,
        new OpenClHistogrammer(this),
        new OpenClDot(this),
        device.fp64() ? new OpenClFoldKernels(this) : null,
        new OpenClArgReducer(this),
        new OpenClMomentsReducer(this),
        new OpenClSegmenter(this, config.flag(OpenClSegmentPolicy.REGISTER_CAP_KEY, true)));
    // select, partition and top-k: DeviceSelect over select.cl
    sortAndSelect(
        new OpenClSorter(this, scanner),
        new dev.prims.spi.DeviceSelect(this, OpenClSelectKernels.of(this, config)));
    this.completions =
        new QueueCompletions(
            ID, () -> {}, e -> e instanceof CLException c ? failure("asynchronous call", c) : e);
  }

  /** The context every memory object and queue of this backend lives in. */
  cl_context context() {
    return context;
  }

  /** The in-order queue every call of this backend is enqueued on. */
  cl_command_queue queue() {
    return queue;
  }

  /** The pinned staging of host arrays. */
  OpenClHostStreamer streamer() {
    return streamer;
  }

  /** The ledger of the bytes this backend holds. */
  MemoryLedger memoryLedger() {
    return ledger;
  }

  /** Whether new buffers capture a stack trace for leak warnings ({@code prims.debug.leaks}). */
  boolean captureAllocationSites() {
    return captureAllocationSites;
  }

  /**
   * {@code e}, raised while doing {@code what}, as a {@link PrimsException}: out-of-memory codes
   * ({@code CL_MEM_OBJECT_ALLOCATION_FAILURE}, {@code CL_OUT_OF_RESOURCES}, {@code
   * CL_OUT_OF_HOST_MEMORY}) become an out-of-device-memory message with what the ledger holds.
   */
  PrimsException failure(String what, CLException e) {
    if (isOutOfMemory(e)) {
      return new PrimsException(
          ID,
          OutOfDeviceMemory.during(
              what, device.describe(), -1, device.globalMemory(), ledger, e.getMessage()),
          e);
    }
    return new PrimsException(
        ID, what + " on " + device.describe() + " failed: " + e.getMessage(), e);
  }

  OpenClDevice openClDevice() {
    return device;
  }

  /** Whether and how the device orders memory across work-groups (scan and reduce use it). */
  OpenClLookback lookback() {
    return scanner.policy().lookback();
  }

  /** Whether 64-bit global atomics are used (present and not disabled by configuration). */
  boolean int64Atomics() {
    return int64Atomics;
  }

  @Override
  public List<String> variants(Primitive primitive) {
    switch (primitive) {
      case REDUCE:
        return OpenClReducePolicy.VARIANTS;
      case SCAN:
        return scanner.policy().variants();
      case HISTOGRAM:
        return OpenClHistogramPolicy.VARIANTS;
      default:
        return OpenClDotPolicy.VARIANTS;
    }
  }

  /** The variant a call asked for, or the default. */
  String variant(Primitive primitive, CallContext call) {
    return call.variant() != null ? call.variant() : variants(primitive).get(0);
  }

  @Override
  public long sequentialChain(DType type, long n) {
    return scanner.policy().sequentialChain(n);
  }

  @Override
  public OptionalDouble deviceMillis(Runnable work) {
    List<cl_event> events = new ArrayList<>();
    recording.set(events);
    try {
      work.run();
    } finally {
      recording.remove();
    }
    return locked(
        "timing",
        () -> {
          if (events.isEmpty()) {
            return OptionalDouble.of(0);
          }
          clWaitForEvents(events.size(), events.toArray(new cl_event[0]));
          long first = Long.MAX_VALUE;
          long last = Long.MIN_VALUE;
          for (cl_event e : events) {
            first = Math.min(first, profilingTime(e, CL_PROFILING_COMMAND_START));
            last = Math.max(last, profilingTime(e, CL_PROFILING_COMMAND_END));
            clReleaseEvent(e);
          }
          return OptionalDouble.of((last - first) / 1e6);
        });
  }

  private static long profilingTime(cl_event event, int param) {
    long[] value = new long[1];
    clGetEventProfilingInfo(event, param, Sizeof.cl_ulong, Pointer.to(value), null);
    return value[0];
  }

  /**
   * Runs {@code work} under the device lock, turning OpenCL errors into {@link PrimsException}s
   * that say what was being done.
   */
  <T> T locked(String what, Supplier<T> work) {
    lock.lock();
    try {
      if (closed) {
        throw new IllegalStateException(
            "the OpenCL backend on " + device.describe() + " is closed");
      }
      return work.get();
    } catch (CLException e) {
      throw failure(what, e);
    } finally {
      lock.unlock();
    }
  }

  /** {@link #locked} for work without an answer. */
  void run(String what, Runnable work) {
    locked(
        what,
        () -> {
          work.run();
          return null;
        });
  }

  /**
   * Kernel {@code name} of {@code file} for {@code type} and {@code op}. Builds the
   * operator-generic program instead where operators are runtime arguments (by default on every
   * device but GPUs, whose compilers are fast and whose speed matters: {@code
   * prims.opencl.runtimeOperator}).
   *
   * @param extraOptions further {@code -D} options (may be empty)
   */
  Kernel kernel(
      String file,
      DType type,
      ReduceOp op,
      int blockSize,
      int itemsPerThread,
      String extraOptions,
      String name) {
    String options =
        KernelOptions.of(type, runtimeOperator ? null : op, blockSize, itemsPerThread)
            + extraOptions;
    return new Kernel(
        programs.kernel(file, options, name), KernelOptions.opcode(op), runtimeOperator);
  }

  OpenClPrograms programs() {
    return programs;
  }

  /**
   * Sets {@code args} (cl_mem, Long as ulong, Integer as int, Float, Double, {@link LocalBytes}),
   * then the operator code where the kernel takes one, and launches {@code groups} work-groups of
   * {@code local} work-items. An argument equal to the one the kernel was last launched with (the
   * same cl_mem object, an equal number) is not set again: kernels keep their arguments between
   * launches, so a repeated call on the same buffers sets only what changed.
   */
  void launch(Kernel launched, long groups, int local, Object... args) {
    cl_kernel kernel = launched.handle();
    Object[] last = kernelArgs.get(kernel);
    Object[] now = java.util.Arrays.copyOf(args, args.length + 1);
    now[args.length] = launched.runtimeOperator() ? launched.opcode() : null;
    if (launched.runtimeOperator()
        && (last == null || !now[args.length].equals(last[args.length]))) {
      clSetKernelArg(kernel, args.length, Sizeof.cl_int, Pointer.to(new int[] {launched.opcode()}));
    }
    kernelArgs.remove(kernel);
    for (int i = 0; i < args.length; i++) {
      Object a = args[i];
      if (last != null && last.length == now.length && sameArgument(a, last[i])) {
        continue;
      }
      if (a instanceof cl_mem m) {
        clSetKernelArg(kernel, i, Sizeof.cl_mem, Pointer.to(m));
      } else if (a instanceof Long v) {
        clSetKernelArg(kernel, i, Sizeof.cl_ulong, Pointer.to(new long[] {v}));
      } else if (a instanceof Integer v) {
        clSetKernelArg(kernel, i, Sizeof.cl_int, Pointer.to(new int[] {v}));
      } else if (a instanceof Float v) {
        clSetKernelArg(kernel, i, Sizeof.cl_float, Pointer.to(new float[] {v}));
      } else if (a instanceof Double v) {
        clSetKernelArg(kernel, i, Sizeof.cl_double, Pointer.to(new double[] {v}));
      } else if (a instanceof LocalBytes l) {
        clSetKernelArg(kernel, i, l.bytes(), null);
      } else {
        throw new IllegalArgumentException("unsupported kernel argument " + a);
      }
    }
    kernelArgs.put(kernel, now);
    cl_event event = newEvent();
    clEnqueueNDRangeKernel(
        queue, kernel, 1, null, new long[] {groups * local}, new long[] {local}, 0, null, event);
  }

  private static boolean sameArgument(Object a, Object b) {
    return a instanceof cl_mem ? a == b : a.equals(b);
  }

  /** Zeroes the first {@code bytes} (a multiple of 4) of {@code mem}. */
  void zero(cl_mem mem, long bytes) {
    clEnqueueFillBuffer(queue, mem, Pointer.to(new int[] {0}), 4, 0, bytes, 0, null, newEvent());
  }

  /** Copies {@code bytes} from the start of {@code from} to the start of {@code to}. */
  void copy(cl_mem from, cl_mem to, long bytes) {
    clEnqueueCopyBuffer(queue, from, to, 0, 0, bytes, 0, null, newEvent());
  }

  private cl_event newEvent() {
    List<cl_event> events = recording.get();
    if (events == null) {
      return null;
    }
    cl_event event = new cl_event();
    events.add(event);
    return event;
  }

  /** Reduce, scan, histogram and dot on buffers all enqueue on the queue without waiting. */
  @Override
  public boolean asyncPath(Primitive primitive) {
    return true;
  }

  /**
   * A synchronous call: runs {@code enqueue} under the lock and reads the scalar it names (null
   * when it names none), waiting for the queue.
   */
  Number callAndRead(String what, Supplier<ScalarAt> enqueue) {
    return locked(
        what,
        () -> {
          ScalarAt at = enqueue.get();
          return at == null ? null : awaitScalar(at);
        });
  }

  /**
   * Reads the scalar {@code at} names with a non-blocking read and waits for its event (the queue
   * is flushed with the read, so the call's kernels and the read go to the device together).
   */
  private Number awaitScalar(ScalarAt at) {
    cl_event done = new cl_event();
    enqueueScalarRead(at, scalarHost, done);
    try {
      clWaitForEvents(1, new cl_event[] {done});
    } finally {
      clReleaseEvent(done);
    }
    return ScalarBytes.read(scalarHost, at.type());
  }

  /**
   * An asynchronous call: runs {@code enqueue} under the lock, enqueues a non-blocking read of the
   * scalar it names into host memory of the call's own (or a marker when it names none) and returns
   * at once. The future completes, through {@link QueueCompletions}, with {@code convert} of the
   * scalar (null when none) once the queue has passed the read.
   */
  <T> CompletableFuture<T> callAsync(
      String what, Supplier<ScalarAt> enqueue, java.util.function.Function<Number, T> convert) {
    return locked(
        what,
        () -> {
          ScalarAt at = enqueue.get();
          java.nio.ByteBuffer host =
              java.nio.ByteBuffer.allocateDirect(8).order(java.nio.ByteOrder.nativeOrder());
          cl_event done = new cl_event();
          if (at == null) {
            clEnqueueMarkerWithWaitList(queue, 0, null, done);
          } else {
            enqueueScalarRead(at, host, done);
          }
          clFlush(queue);
          return completions.submit(
              () -> clWaitForEvents(1, new cl_event[] {done}),
              () -> convert.apply(at == null ? null : ScalarBytes.read(host, at.type())),
              () -> clReleaseEvent(done));
        });
  }

  /** Enqueues a non-blocking read of the scalar {@code at} names into {@code host}. */
  private void enqueueScalarRead(ScalarAt at, java.nio.ByteBuffer host, cl_event done) {
    long bytes = at.type().bytes();
    clEnqueueReadBuffer(
        queue, at.mem(), CL_FALSE, at.index() * bytes, bytes, Pointer.to(host), 0, null, done);
  }

  /** Blocking write of a whole Java array to the start of {@code mem}. */
  void write(cl_mem mem, Pointer array, long bytes) {
    write(mem, 0, array, bytes);
  }

  /** Blocking write of {@code bytes} from {@code array} to {@code mem} from byte {@code offset}. */
  void write(cl_mem mem, long offset, Pointer array, long bytes) {
    clEnqueueWriteBuffer(queue, mem, CL_TRUE, offset, bytes, array, 0, null, null);
  }

  /** Blocking read of {@code bytes} from {@code offset} of {@code mem} into {@code array}. */
  void read(cl_mem mem, long offset, Pointer array, long bytes) {
    clEnqueueReadBuffer(queue, mem, CL_TRUE, offset, bytes, array, 0, null, null);
  }

  /** Element {@code index} of {@code mem}, boxed as {@code type}. */
  Number readScalar(cl_mem mem, long index, DType type) {
    long offset = index * type.bytes();
    switch (type) {
      case INT:
        int[] i = new int[1];
        read(mem, offset, Pointer.to(i), 4);
        return i[0];
      case LONG:
        long[] l = new long[1];
        read(mem, offset, Pointer.to(l), 8);
        return l[0];
      case FLOAT:
        float[] f = new float[1];
        read(mem, offset, Pointer.to(f), 4);
        return f[0];
      default:
        double[] d = new double[1];
        read(mem, offset, Pointer.to(d), 8);
        return d[0];
    }
  }

  /**
   * A new memory object of {@code bytes} (at least 16, rounded up to 8), committed on the device
   * when {@code commit} (zero-filled and waited for; under the lock).
   *
   * @throws PrimsException naming the sizes when the device cannot hold it
   */
  cl_mem createMemory(long bytes, String what, boolean commit) {
    long size = (Math.max(bytes, 16) + 7) & ~7L;
    if (size > device.maxAllocation()) {
      throw new PrimsException(
          ID,
          what
              + " needs "
              + size
              + " bytes but "
              + device.describe()
              + " allows at most "
              + device.maxAllocation()
              + " bytes per allocation ("
              + device.globalMemory()
              + " bytes in all)");
    }
    cl_mem mem;
    try {
      mem = clCreateBuffer(context, CL_MEM_READ_WRITE, size, null, null);
    } catch (CLException e) {
      throw allocationFailure(size, what, e);
    }
    if (commit) {
      try {
        cl_event filled = new cl_event();
        clEnqueueFillBuffer(queue, mem, Pointer.to(new int[] {0}), 4, 0, size, 0, null, filled);
        try {
          clWaitForEvents(1, new cl_event[] {filled});
        } finally {
          clReleaseEvent(filled);
        }
      } catch (CLException e) {
        clReleaseMemObject(mem);
        throw allocationFailure(size, what, e);
      }
    }
    return mem;
  }

  /** Whether {@code e} is one of OpenCL's out-of-memory codes. */
  static boolean isOutOfMemory(CLException e) {
    int status = e.getStatus();
    return status == CL_MEM_OBJECT_ALLOCATION_FAILURE
        || status == CL_OUT_OF_RESOURCES
        || status == CL_OUT_OF_HOST_MEMORY;
  }

  private PrimsException allocationFailure(long size, String what, CLException e) {
    return new PrimsException(
        ID,
        isOutOfMemory(e)
            ? OutOfDeviceMemory.allocation(
                size, what, device.describe(), -1, device.globalMemory(), ledger, e.getMessage())
            : "cannot allocate "
                + size
                + " bytes for "
                + what
                + " on "
                + device.describe()
                + " ("
                + device.globalMemory()
                + " bytes of global memory): "
                + e.getMessage(),
        e);
  }

  /** A scratch buffer of at least {@code bytes} for {@code slot}, kept for later calls. */
  cl_mem scratch(String slot, long bytes) {
    return scratch.get(slot, bytes);
  }

  /** The bytes of the named scratch {@code slot} (0 when it has none). */
  long scratchBytes(String slot) {
    return scratch.bytes(slot);
  }

  /** {@code buffer} as this backend's buffer, open. */
  OpenClBuffer own(DeviceBuffer buffer) {
    return own(buffer, OpenClBuffer.class);
  }

  /**
   * @throws PrimsException when {@code type} is double and the device has no fp64
   */
  void requireType(DType type) {
    if (type == DType.DOUBLE && !device.fp64()) {
      throw new PrimsException(
          ID, device.describe() + " has no double precision (cl_khr_fp64): double is unsupported");
    }
  }

  /**
   * Refuses new calls, waits for the work already enqueued (asynchronous calls included) and for
   * their futures to complete, then releases everything. A dependent stage that calls this backend
   * finds it closed.
   */
  @Override
  public void close() {
    lock.lock();
    try {
      if (closed) {
        return;
      }
      closed = true;
      clFinish(queue);
    } catch (CLException e) {
      // the completions below fail with the queue's error; release what can be released
    } finally {
      lock.unlock();
    }
    completions.close();
    lock.lock();
    try {
      kernelArgs.clear();
      streamer.close();
      ledger.closeBuffers();
      scratch.free(mem -> clReleaseMemObject(mem));
      programs.close();
      clReleaseCommandQueue(queue);
      clReleaseContext(context);
    } catch (CLException e) {
      throw new PrimsException(
          ID, "closing " + device.describe() + " failed: " + e.getMessage(), e);
    } finally {
      lock.unlock();
    }
  }

  @Override
  public String toString() {
    return "OpenClBackend[" + device.describe() + "]";
  }
}
