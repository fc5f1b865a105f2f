import static jcuda.driver.JCudaDriver.*;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;

/**
 * Where the time of a host-array transfer goes, on a GPU host: the pinned link alone in each
 * direction, the copy from a Java array into pinned memory with 1..16 threads, and the two
 * overlapped as a staged pipeline with several slot counts and chunk sizes. Not part of the build:
 * compiled against prims.jar (which carries JCuda) by hand, run with
 * {@code java -cp prims.jar:probe HostLinkProbe [log2 elements]}.
 */
public final class HostLinkProbe {
  static final int REPS = 5;

  public static void main(String[] args) throws Exception {
    int log2 = args.length > 0 ? Integer.parseInt(args[0]) : 28;
    int n = 1 << log2;
    long bytes = 4L * n;
    setExceptionsEnabled(true);
    cuInit(0);
    CUdevice dev = new CUdevice();
    cuDeviceGet(dev, 0);
    CUcontext ctx = new CUcontext();
    cuCtxCreate(ctx, 0, dev);
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = i;
    }
    int cores = Runtime.getRuntime().availableProcessors();
    System.out.printf(Locale.ROOT, "elements 2^%d (%d MiB), %d processors%n", log2, bytes >> 20, cores);

    Link first = Link.allocate(bytes);
    CUdeviceptr whole = first.device();
    Pointer pinnedWhole = first.pinned();
    CUstream s1 = first.stream();
    // link alone
    for (String dir : new String[] {"H2D", "D2H"}) {
      double best =
          bestSeconds(
              () -> {
                if (dir.equals("H2D")) {
                  cuMemcpyHtoDAsync(whole, pinnedWhole, bytes, s1);
                } else {
                  cuMemcpyDtoHAsync(pinnedWhole, whole, bytes, s1);
                }
                cuStreamSynchronize(s1);
              });
      System.out.printf(Locale.ROOT, "link %s pinned one copy: %.2f ms %.1f GB/s%n", dir, best * 1e3, bytes / best / 1e9);
    }
    // both directions at once (the scan's case)
    {
      Link second = Link.allocate(bytes);
      double best =
          bestSeconds(
              () -> {
                cuMemcpyHtoDAsync(whole, pinnedWhole, bytes, s1);
                cuMemcpyDtoHAsync(second.pinned(), second.device(), bytes, second.stream());
                cuStreamSynchronize(s1);
                cuStreamSynchronize(second.stream());
              });
      System.out.printf(Locale.ROOT, "link both directions at once: %.2f ms (%.1f GB/s each way)%n", best * 1e3, bytes / best / 1e9);
      cuMemFree(second.device());
      cuMemFreeHost(second.pinned());
    }
    ByteBuffer pinnedBytes = pinnedWhole.getByteBuffer(0, bytes).order(ByteOrder.nativeOrder());
    // fill alone, whole array, T threads
    for (int threads : new int[] {1, 2, 4, 8, 12, 16}) {
      if (threads > cores) {
        continue;
      }
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      double best = bestSeconds(() -> fill(pool, threads, pinnedBytes, 0, x, 0, n));
      pool.shutdown();
      System.out.printf(Locale.ROOT, "fill Java->pinned %2d threads: %.2f ms %.1f GB/s%n", threads, best * 1e3, bytes / best / 1e9);
    }
    // the staged pipeline: fill chunk i while chunk i-1 copies
    for (int chunkMiB : new int[] {4, 8, 16, 32}) {
      for (int slots : new int[] {2, 3, 4}) {
        for (int threads : new int[] {8, Math.min(16, cores)}) {
          double t = pipeline(x, whole, chunkMiB, slots, threads);
          System.out.printf(Locale.ROOT, "pipeline chunk %2d MiB slots %d threads %2d: %.2f ms %.1f GB/s%n", chunkMiB, slots, threads, t * 1e3, bytes / t / 1e9);
        }
      }
    }
  }

  static double pipeline(float[] x, CUdeviceptr dst, int chunkMiB, int slots, int threads) throws Exception {
    int chunk = (chunkMiB << 20) / 4;
    int n = x.length;
    int chunks = (n + chunk - 1) / chunk;
    Pointer[] pinned = new Pointer[slots];
    ByteBuffer[] buf = new ByteBuffer[slots];
    CUevent[] copied = new CUevent[slots];
    for (int s = 0; s < slots; s++) {
      pinned[s] = new Pointer();
      cuMemHostAlloc(pinned[s], 4L * chunk, 0);
      buf[s] = pinned[s].getByteBuffer(0, 4L * chunk).order(ByteOrder.nativeOrder());
      copied[s] = new CUevent();
      cuEventCreate(copied[s], 0);
    }
    CUstream copy = new CUstream();
    cuStreamCreate(copy, CUstream_flags.CU_STREAM_NON_BLOCKING);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    double best =
        bestSeconds(
            () -> {
              for (int i = 0; i < chunks; i++) {
                int s = i % slots;
                if (i >= slots) {
                  cuEventSynchronize(copied[s]);
                }
                int from = i * chunk;
                int len = Math.min(chunk, n - from);
                fill(pool, threads, buf[s], 0, x, from, len);
                cuMemcpyHtoDAsync(dst.withByteOffset(4L * from), pinned[s], 4L * len, copy);
                cuEventRecord(copied[s], copy);
              }
              cuStreamSynchronize(copy);
            });
    pool.shutdown();
    for (int s = 0; s < slots; s++) {
      cuMemFreeHost(pinned[s]);
      cuEventDestroy(copied[s]);
    }
    cuStreamDestroy(copy);
    return best;
  }

  /** A device buffer, a pinned host buffer of the same size and a non-blocking stream. */
  record Link(CUdeviceptr device, Pointer pinned, CUstream stream) {
    static Link allocate(long bytes) {
      CUdeviceptr device = new CUdeviceptr();
      cuMemAlloc(device, bytes);
      Pointer pinned = new Pointer();
      cuMemHostAlloc(pinned, bytes, 0);
      CUstream stream = new CUstream();
      cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING);
      return new Link(device, pinned, stream);
    }
  }

  /** Work timed by {@link #bestSeconds}. */
  interface Timed {
    void run() throws Exception;
  }

  /** The shortest of {@link #REPS} runs of {@code work}, in seconds. */
  static double bestSeconds(Timed work) throws Exception {
    double best = Double.MAX_VALUE;
    for (int r = 0; r < REPS; r++) {
      long t0 = System.nanoTime();
      work.run();
      best = Math.min(best, (System.nanoTime() - t0) * 1e-9);
    }
    return best;
  }

  static void fill(ExecutorService pool, int threads, ByteBuffer slot, int offset, float[] a, int from, int len)
      throws Exception {
    int step = (len + threads - 1) / threads;
    List<Future<?>> parts = new ArrayList<>();
    for (int p = 0; p < threads; p++) {
      int start = p * step;
      int count = Math.min(step, len - start);
      if (count <= 0) {
        break;
      }
      parts.add(
          pool.submit(
              () -> {
                ByteBuffer view = slot.duplicate().order(ByteOrder.nativeOrder());
                view.position(offset + 4 * start);
                view.asFloatBuffer().put(a, from + start, count);
              }));
    }
    for (Future<?> f : parts) {
      f.get();
    }
  }
}
