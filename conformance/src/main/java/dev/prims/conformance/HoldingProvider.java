package dev.prims.conformance;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.DotProduct;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.ServiceLoader;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A real backend whose reduce calls, once started, wait until {@link #release()} before the real
 * backend does the work: a test can then close the engine while a call is certainly in flight,
 * without depending on timing.
 */
final class HoldingProvider implements BackendProvider {
  private final BackendProvider real;
  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);

  /** The provider of backend {@code id} found by {@link ServiceLoader}, holding its reduces. */
  HoldingProvider(String id) {
    this.real =
        ServiceLoader.load(BackendProvider.class).stream()
            .map(ServiceLoader.Provider::get)
            .filter(p -> p.id().equals(id))
            .findFirst()
            .orElseThrow(
                () -> new IllegalStateException("no provider " + id + " on the classpath"));
  }

  /** Waits until a reduce call has started and is held; false after {@code seconds}. */
  boolean awaitHeld(long seconds) throws InterruptedException {
    return started.await(seconds, TimeUnit.SECONDS);
  }

  /** Lets held calls (and later ones) go on to the real backend. */
  void release() {
    released.countDown();
  }

  private <T> T hold(Supplier<T> work) {
    started.countDown();
    try {
      released.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while held", e);
    }
    return work.get();
  }

  @Override
  public String id() {
    return real.id();
  }

  @Override
  public int priority() {
    return real.priority();
  }

  @Override
  public java.util.Set<String> configurationKeys() {
    return real.configurationKeys();
  }

  @Override
  public Availability probe(BackendContext context) {
    return real.probe(context);
  }

  @Override
  public Backend create(BackendContext context) {
    return new Held(real.create(context));
  }

  /** The real backend with its reducer holding calls. */
  private final class Held implements Backend {
    private final Backend backend;
    private final Reducer reducer;

    Held(Backend backend) {
      this.backend = backend;
      Reducer realReducer = backend.reducer();
      this.reducer =
          new Reducer() {
            @Override
            public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
              return hold(() -> realReducer.reduce(input, op, call));
            }

            @Override
            public Number reduce(
                BufferManager buffers, Object array, ReduceOp op, CallContext call) {
              return hold(() -> realReducer.reduce(buffers, array, op, call));
            }
          };
    }

    @Override
    public String id() {
      return backend.id();
    }

    @Override
    public DeviceInfo device() {
      return backend.device();
    }

    @Override
    public BufferManager buffers() {
      return backend.buffers();
    }

    @Override
    public Reducer reducer() {
      return reducer;
    }

    @Override
    public Scanner scanner() {
      return backend.scanner();
    }

    @Override
    public Histogrammer histogrammer() {
      return backend.histogrammer();
    }

    @Override
    public DotProduct dot() {
      return backend.dot();
    }

    @Override
    public List<String> variants(Primitive primitive) {
      return backend.variants(primitive);
    }

    @Override
    public long sequentialChain(DType type, long n) {
      return backend.sequentialChain(type, n);
    }

    @Override
    public FoldKernels foldKernels() {
      return backend.foldKernels();
    }

    @Override
    public OptionalDouble deviceMillis(Runnable work) {
      return backend.deviceMillis(work);
    }

    @Override
    public boolean owns(DeviceBuffer buffer) {
      return backend.owns(buffer);
    }

    @Override
    public Optional<MemoryLedger> ledger() {
      return backend.ledger();
    }

    @Override
    public void close() {
      backend.close();
    }
  }
}
