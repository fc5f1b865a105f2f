package dev.prims;

import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A test backend over int buffers (and long histogram counts) whose asynchronous path, when it has
 * one, queues the work on a "device" thread of its own that waits for {@link #release()} before
 * running anything, so a test can see that a future is not complete until the device gets to it.
 * Counts how often the synchronous and asynchronous methods run, and on which threads.
 */
final class DeferredProvider extends ArrayProvider {
  static final String DEVICE_THREAD = "deferred-device";
  static final String EXECUTED_ON = "deferred-device-7";

  private final boolean asyncPath;
  private final CountDownLatch gate;
  final AtomicInteger syncCalls = new AtomicInteger();
  final AtomicInteger asyncCalls = new AtomicInteger();
  final AtomicInteger closed = new AtomicInteger();
  volatile String lastSyncThread;
  volatile RuntimeException failNextAsync;
  volatile RuntimeException throwNextAsync;

  /** When set, synchronous calls wait for it before returning. */
  private volatile CountDownLatch heldSync;

  /** "sync" and "async", in the order the backend's methods were entered. */
  final List<String> order = java.util.Collections.synchronizedList(new java.util.ArrayList<>());

  private final ExecutorService device =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, DEVICE_THREAD);
            t.setDaemon(true);
            return t;
          });

  /** {@code held}: the device waits for {@link #release()}; else it runs work at once. */
  DeferredProvider(String id, boolean asyncPath, boolean held) {
    super(id, 1, 0);
    this.asyncPath = asyncPath;
    this.gate = new CountDownLatch(held ? 1 : 0);
  }

  /** Makes synchronous calls wait, from now on, until {@link #releaseSync()}. */
  void holdSync() {
    heldSync = new CountDownLatch(1);
  }

  /** Lets the waiting synchronous calls return, and later ones run without waiting. */
  void releaseSync() {
    CountDownLatch hold = heldSync;
    heldSync = null;
    hold.countDown();
  }

  /** Lets the device thread run what is queued, and everything after. */
  void release() {
    gate.countDown();
  }

  @Override
  public Backend create(BackendContext context) {
    return new DeferredBackend();
  }

  /** Runs {@code work} on the device thread once the gate opens. */
  private <T> CompletableFuture<T> enqueue(CallContext call, Supplier<T> work) {
    asyncCalls.incrementAndGet();
    order.add("async");
    call.usedVariant("queued");
    RuntimeException thrown = throwNextAsync;
    if (thrown != null) {
      throwNextAsync = null;
      throw thrown;
    }
    RuntimeException failure = failNextAsync;
    failNextAsync = null;
    CompletableFuture<T> result = new CompletableFuture<>();
    device.execute(
        () -> {
          try {
            if (!gate.await(30, TimeUnit.SECONDS)) {
              throw new IllegalStateException("the test never released the device");
            }
            if (failure != null) {
              result.completeExceptionally(failure);
              return;
            }
            call.executedOn(EXECUTED_ON);
            call.note("ran late");
            result.complete(work.get());
          } catch (Throwable e) {
            result.completeExceptionally(e);
          }
        });
    return result;
  }

  private void countSync() {
    syncCalls.incrementAndGet();
    lastSyncThread = Thread.currentThread().getName();
    order.add("sync");
    CountDownLatch hold = heldSync;
    try {
      if (hold != null && !hold.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the test never released the synchronous call");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private final class DeferredBackend extends ArrayBackend {
    @Override
    public boolean asyncPath(Primitive primitive) {
      return asyncPath;
    }

    @Override
    public Reducer reducer() {
      return new Reducer() {
        @Override
        public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
          countSync();
          return sum(ints(input));
        }

        @Override
        public CompletableFuture<Number> reduceAsync(
            DeviceBuffer input, ReduceOp op, CallContext call) {
          int[] values = ints(input);
          return enqueue(call, () -> sum(values));
        }
      };
    }

    @Override
    public DotProduct dot() {
      return new DotProduct() {
        @Override
        public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
          countSync();
          return dotOf(ints(a), ints(b));
        }

        @Override
        public CompletableFuture<Number> dotAsync(
            DeviceBuffer a, DeviceBuffer b, CallContext call) {
          int[] x = ints(a);
          int[] y = ints(b);
          return enqueue(call, () -> dotOf(x, y));
        }
      };
    }

    private int dotOf(int[] x, int[] y) {
      int dot = 0;
      for (int i = 0; i < x.length; i++) {
        dot += x[i] * y[i];
      }
      return dot;
    }

    @Override
    public Scanner scanner() {
      return new Scanner() {
        @Override
        public void scan(
            DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
          countSync();
          inclusiveSum(ints(input), ints(output));
        }

        @Override
        public CompletableFuture<Void> scanAsync(
            DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
          int[] in = ints(input);
          int[] out = ints(output);
          return enqueue(
              call,
              () -> {
                inclusiveSum(in, out);
                return null;
              });
        }
      };
    }

    private void inclusiveSum(int[] in, int[] out) {
      int running = 0;
      for (int i = 0; i < in.length; i++) {
        running += in[i];
        out[i] = running;
      }
    }

    @Override
    public Histogrammer histogrammer() {
      return new Histogrammer() {
        @Override
        public long histogram(
            DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
          countSync();
          return count(ints(input), (long[]) array(counts));
        }

        @Override
        public CompletableFuture<Long> histogramAsync(
            DeviceBuffer input, HistogramSpec spec, DeviceBuffer counts, CallContext call) {
          int[] keys = ints(input);
          long[] bins = (long[]) array(counts);
          return enqueue(call, () -> count(keys, bins));
        }
      };
    }

    private long count(int[] keys, long[] bins) {
      java.util.Arrays.fill(bins, 0);
      long outside = 0;
      for (int k : keys) {
        if (k >= 0 && k < bins.length) {
          bins[k]++;
        } else {
          outside++;
        }
      }
      return outside;
    }

    @Override
    public List<String> variants(Primitive primitive) {
      return List.of("plain", "queued");
    }

    /** Waits for queued work, as a backend with an asynchronous path must. */
    @Override
    public void close() {
      device.shutdown();
      try {
        device.awaitTermination(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      closed.incrementAndGet();
    }
  }
}
