package dev.prims.app.reliability;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.conformance.ForwardingBackend;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;

/** A real backend under another id whose kernels, launches or allocations fail as told. */
final class FaultyBackend extends ForwardingBackend {
  private final String id;
  private final Backend real;
  private final Fault fault;

  FaultyBackend(String id, Backend real, Fault fault) {
    super(real);
    this.id = id;
    this.real = real;
    this.fault = fault;
  }

  @Override
  public String id() {
    return id;
  }

  /**
   * A buffer of the real backend under this backend's id, so the engine routes calls on it here
   * (and knows it as this backend's own).
   */
  private final class Wrapped implements DeviceBuffer {
    private final DeviceBuffer inner;

    Wrapped(DeviceBuffer inner) {
      this.inner = inner;
    }

    @Override
    public DType type() {
      return inner.type();
    }

    @Override
    public long length() {
      return inner.length();
    }

    @Override
    public String backend() {
      return id;
    }

    @Override
    public boolean isClosed() {
      return inner.isClosed();
    }

    @Override
    public void close() {
      inner.close();
    }

    FaultyBackend owner() {
      return FaultyBackend.this;
    }

    @Override
    public String toString() {
      return id + " " + inner;
    }
  }

  private DeviceBuffer wrapped(DeviceBuffer inner) {
    return new Wrapped(inner);
  }

  /** The real backend's buffer behind {@code buffer}. */
  private static DeviceBuffer in(DeviceBuffer buffer) {
    return buffer instanceof Wrapped w ? w.inner : buffer;
  }

  @Override
  public boolean owns(DeviceBuffer buffer) {
    return buffer instanceof Wrapped w && w.owner() == this;
  }

  @Override
  public BufferManager buffers() {
    BufferManager buffers = real.buffers();
    boolean full = fault == Fault.OUT_OF_MEMORY;
    return new BufferManager() {
      @Override
      public DeviceBuffer allocate(DType type, long length) {
        if (full) {
          throw outOfMemory(length * type.bytes());
        }
        return wrapped(buffers.allocate(type, length));
      }

      @Override
      public DeviceBuffer upload(Object array) {
        if (full) {
          DType type = DType.ofArray(array);
          throw outOfMemory((long) java.lang.reflect.Array.getLength(array) * type.bytes());
        }
        return wrapped(buffers.upload(array));
      }

      @Override
      public void download(DeviceBuffer buffer, Object array) {
        buffers.download(in(buffer), array);
      }
    };
  }

  private PrimsException outOfMemory(long bytes) {
    return new PrimsException(
        id, "out of device memory allocating " + bytes + " bytes (0 bytes free of 16 MiB)");
  }

  @Override
  public Reducer reducer() {
    Reducer r = real.reducer();
    return new Reducer() {
      @Override
      public Number reduce(DeviceBuffer input, ReduceOp op, dev.prims.spi.CallContext call) {
        return faulty("reduce", () -> r.reduce(in(input), op, call), op);
      }

      @Override
      public Number reduce(
          BufferManager buffers, Object array, ReduceOp op, dev.prims.spi.CallContext call) {
        return faulty("reduce", () -> r.reduce(host(buffers, array), array, op, call), op);
      }
    };
  }

  /**
   * The real backend's buffers for a call on {@code array}; with OUT_OF_MEMORY the allocation
   * through {@code buffers} (this backend's) fails first.
   */
  private BufferManager host(BufferManager buffers, Object array) {
    if (fault == Fault.OUT_OF_MEMORY) {
      buffers.upload(array).close();
    }
    return real.buffers();
  }

  /** {@code work}'s answer, skewed for WRONG_ANSWER; a failure for the failing faults. */
  private Number faulty(String kernel, java.util.function.Supplier<Number> work, ReduceOp op) {
    if (isFailing()) {
      return fail(kernel);
    }
    Number value = work.get();
    return fault == Fault.WRONG_ANSWER ? skew(value, op) : value;
  }

  private static Number skew(Number value, ReduceOp op) {
    if (op != ReduceOp.SUM) {
      return value;
    }
    if (value instanceof Integer) {
      return value.intValue() + 1;
    }
    return value instanceof Long ? (Number) (value.longValue() + 1) : value;
  }

  @Override
  public Scanner scanner() {
    Scanner s = real.scanner();
    return new Scanner() {
      @Override
      public void scan(
          DeviceBuffer input,
          DeviceBuffer output,
          ReduceOp op,
          dev.prims.ScanKind kind,
          dev.prims.spi.CallContext call) {
        if (isFailing()) {
          fail("scan");
        }
        s.scan(in(input), in(output), op, kind, call);
      }

      @Override
      public void scan(
          BufferManager buffers,
          dev.prims.spi.HostScanRange range,
          ReduceOp op,
          dev.prims.ScanKind kind,
          dev.prims.spi.CallContext call) {
        if (isFailing()) {
          fail("scan");
        }
        s.scan(host(buffers, range.input()), range, op, kind, call);
      }
    };
  }

  @Override
  public Histogrammer histogrammer() {
    Histogrammer h = real.histogrammer();
    return new Histogrammer() {
      @Override
      public long histogram(
          DeviceBuffer values,
          dev.prims.HistogramSpec spec,
          DeviceBuffer counts,
          dev.prims.spi.CallContext call) {
        return isFailing() ? fail("histogram") : h.histogram(in(values), spec, in(counts), call);
      }

      @Override
      public long histogram(
          BufferManager buffers,
          Object array,
          dev.prims.HistogramSpec spec,
          long[] counts,
          dev.prims.spi.CallContext call) {
        return isFailing()
            ? fail("histogram")
            : h.histogram(host(buffers, array), array, spec, counts, call);
      }
    };
  }

  @Override
  public DotProduct dot() {
    DotProduct d = real.dot();
    return new DotProduct() {
      @Override
      public Number dot(DeviceBuffer a, DeviceBuffer b, dev.prims.spi.CallContext call) {
        return isFailing() ? fail("dot") : d.dot(in(a), in(b), call);
      }

      @Override
      public Number dot(BufferManager buffers, Object a, Object b, dev.prims.spi.CallContext call) {
        return isFailing() ? fail("dot") : d.dot(host(buffers, a), a, b, call);
      }
    };
  }

  private boolean isFailing() {
    return fault == Fault.BUILD_FAILURE
        || fault == Fault.LAUNCH_FAILURE
        || fault == Fault.LINKAGE_ERROR;
  }

  private <T> T fail(String kernel) {
    switch (fault) {
      case BUILD_FAILURE:
        throw new PrimsException(
            id,
            "program build failed for "
                + kernel
                + ".cl: build log: error: use of undeclared identifier 'undeclared_x'");
      case LAUNCH_FAILURE:
        throw new PrimsException(
            id, "kernel " + kernel + " launch failed: CL_OUT_OF_RESOURCES (-5)");
      default:
        throw new UnsatisfiedLinkError("'int org.jocl.CL.clEnqueueNDRangeKernelNative(...)'");
    }
  }
}
