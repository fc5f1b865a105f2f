package dev.prims;

import dev.prims.spi.AbstractBuffer;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** A test backend that sums int arrays and int buffers in Java, or fails in a chosen way. */
final class FakeProvider implements BackendProvider {
  enum Mode {
    WORKS,
    UNAVAILABLE,
    FAILS_ON_CALL,
    THROWS_RUNTIME
  }

  /** The fake device's memory: 64 MiB. */
  static final long MEMORY_BYTES = 64L << 20;

  private final String id;
  private final int priority;
  private final Mode mode;
  final AtomicInteger opened = new AtomicInteger();
  final AtomicInteger closed = new AtomicInteger();

  FakeProvider(String id, int priority, Mode mode) {
    this.id = id;
    this.priority = priority;
    this.mode = mode;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public int priority() {
    return priority;
  }

  @Override
  public Availability probe(BackendContext context) {
    return mode == Mode.UNAVAILABLE
        ? Availability.absent("no fake device")
        : Availability.available(List.of(device()), Map.of());
  }

  /** The one device of this provider. */
  DeviceInfo device() {
    return new DeviceInfo(0, id + "-device", MEMORY_BYTES, 1, Map.of());
  }

  @Override
  public Backend create(BackendContext context) {
    if (mode == Mode.UNAVAILABLE) {
      throw new BackendUnavailableException(id, "no fake device");
    }
    opened.incrementAndGet();
    return new FakeBackend();
  }

  private final class FakeBackend implements Backend {
    @Override
    public String id() {
      return id;
    }

    @Override
    public DeviceInfo device() {
      return FakeProvider.this.device();
    }

    @Override
    public BufferManager buffers() {
      return new BufferManager() {
        @Override
        public DeviceBuffer allocate(DType type, long length) {
          return new IntBuffer(new int[(int) length]);
        }

        @Override
        public DeviceBuffer upload(Object array) {
          return new IntBuffer(((int[]) array).clone());
        }

        @Override
        public void download(DeviceBuffer buffer, Object array) {
          int[] source = ((IntBuffer) buffer).values;
          System.arraycopy(source, 0, array, 0, ((int[]) array).length);
        }
      };
    }

    private final class IntBuffer extends AbstractBuffer {
      final int[] values;

      IntBuffer(int[] values) {
        super(id, DType.INT, values.length, null, null, null, false);
        this.values = values;
      }
    }

    @Override
    public Reducer reducer() {
      return new Reducer() {
        @Override
        public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
          return reduce(null, ((IntBuffer) input).values, op, call);
        }

        @Override
        public Number reduce(BufferManager buffers, Object array, ReduceOp op, CallContext call) {
          if (mode == Mode.FAILS_ON_CALL) {
            throw new PrimsException(id, "launch failed");
          }
          if (mode == Mode.THROWS_RUNTIME) {
            throw new IllegalStateException("driver exploded");
          }
          int sum = 0;
          for (int v : (int[]) array) {
            sum += v;
          }
          return sum;
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
    public long sequentialChain(DType type, long n) {
      return n;
    }

    @Override
    public void close() {
      closed.incrementAndGet();
    }
  }
}
