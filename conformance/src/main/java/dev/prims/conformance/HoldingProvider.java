package dev.prims.conformance;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.FoldKernels;
import dev.prims.spi.MemoryLedger;
import dev.prims.spi.Reducer;
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
  private final class Held extends ForwardingBackend {
    private final Reducer reducer;

    Held(Backend backend) {
      super(backend);
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
    public Reducer reducer() {
      return reducer;
    }

    @Override
    public FoldKernels foldKernels() {
      return delegate().foldKernels();
    }

    @Override
    public OptionalDouble deviceMillis(Runnable work) {
      return delegate().deviceMillis(work);
    }

    @Override
    public boolean owns(DeviceBuffer buffer) {
      return delegate().owns(buffer);
    }

    @Override
    public Optional<MemoryLedger> ledger() {
      return delegate().ledger();
    }
  }
}
