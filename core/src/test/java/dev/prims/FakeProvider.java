package dev.prims;

import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** A test backend that sums int arrays and int buffers in Java, or fails in a chosen way. */
final class FakeProvider extends ArrayProvider {
  enum Mode {
    WORKS,
    UNAVAILABLE,
    FAILS_ON_CALL,
    THROWS_RUNTIME
  }

  /** The fake device's memory: 64 MiB. */
  static final long MEMORY_BYTES = 64L << 20;

  private final Mode mode;
  final AtomicInteger opened = new AtomicInteger();
  final AtomicInteger closed = new AtomicInteger();

  FakeProvider(String id, int priority, Mode mode) {
    super(id, priority, MEMORY_BYTES);
    this.mode = mode;
  }

  @Override
  public Availability probe(BackendContext context) {
    return mode == Mode.UNAVAILABLE ? Availability.absent("no fake device") : super.probe(context);
  }

  @Override
  public Backend create(BackendContext context) {
    if (mode == Mode.UNAVAILABLE) {
      throw new BackendUnavailableException(id, "no fake device");
    }
    opened.incrementAndGet();
    return new FakeBackend();
  }

  private final class FakeBackend extends ArrayBackend {
    @Override
    public Reducer reducer() {
      return new Reducer() {
        @Override
        public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
          return reduce(null, ints(input), op, call);
        }

        @Override
        public Number reduce(BufferManager buffers, Object array, ReduceOp op, CallContext call) {
          if (mode == Mode.FAILS_ON_CALL) {
            throw new PrimsException(id, "launch failed");
          }
          if (mode == Mode.THROWS_RUNTIME) {
            throw new IllegalStateException("driver exploded");
          }
          return sum((int[]) array);
        }
      };
    }

    @Override
    public Scanner scanner() {
      throw new UnsupportedOperationException();
    }

    @Override
    public Histogrammer histogrammer() {
      throw new UnsupportedOperationException();
    }

    @Override
    public DotProduct dot() {
      throw new UnsupportedOperationException();
    }

    @Override
    public List<String> variants(Primitive primitive) {
      return List.of("plain", "other");
    }

    @Override
    public void close() {
      closed.incrementAndGet();
    }
  }
}
