package dev.prims.app.reliability;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;

/** A real backend under another id whose kernels, launches or allocations fail as told. */
final class FaultyBackend implements Backend {
  private final String id;
  private final Backend real;
  private final Fault fault;

  FaultyBackend(String id, Backend real, Fault fault) {
    this.id = id;
    this.real = real;
    this.fault = fault;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public DeviceInfo device() {
    return real.device();
  }

  @Override
  public BufferManager buffers() {
    if (fault != Fault.OUT_OF_MEMORY) {
      return real.buffers();
    }
    return new BufferManager() {
      @Override
      public DeviceBuffer allocate(DType type, long length) {
        throw outOfMemory(length * type.bytes());
      }

      @Override
      public DeviceBuffer upload(Object array) {
        DType type = DType.ofArray(array);
        throw outOfMemory((long) java.lang.reflect.Array.getLength(array) * type.bytes());
      }

      @Override
      public void download(DeviceBuffer buffer, Object array) {
        real.buffers().download(buffer, array);
      }
    };
  }

  private PrimsException outOfMemory(long bytes) {
    return new PrimsException(
        id, "out of device memory allocating " + bytes + " bytes (0 bytes free of 16 MiB)");
  }

  @Override
  public Reducer reducer() {
    switch (fault) {
      case OUT_OF_MEMORY:
        return (input, op, call) -> real.reducer().reduce(input, op, call);
      case WRONG_ANSWER:
        return new Reducer() {
          @Override
          public Number reduce(DeviceBuffer input, ReduceOp op, dev.prims.spi.CallContext call) {
            return skew(real.reducer().reduce(input, op, call), op);
          }

          @Override
          public Number reduce(
              BufferManager buffers, Object array, ReduceOp op, dev.prims.spi.CallContext call) {
            return skew(real.reducer().reduce(buffers, array, op, call), op);
          }
        };
      default:
        return isFailing() ? (input, op, call) -> fail("reduce") : real.reducer();
    }
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
    if (fault == Fault.OUT_OF_MEMORY) {
      return (input, output, op, kind, call) -> real.scanner().scan(input, output, op, kind, call);
    }
    return isFailing() ? (input, output, op, kind, call) -> fail("scan") : real.scanner();
  }

  @Override
  public Histogrammer histogrammer() {
    if (fault == Fault.OUT_OF_MEMORY) {
      return (values, spec, counts, call) ->
          real.histogrammer().histogram(values, spec, counts, call);
    }
    return isFailing() ? (values, spec, counts, call) -> fail("histogram") : real.histogrammer();
  }

  @Override
  public DotProduct dot() {
    if (fault == Fault.OUT_OF_MEMORY) {
      return (a, b, call) -> real.dot().dot(a, b, call);
    }
    return isFailing() ? (a, b, call) -> fail("dot") : real.dot();
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

  @Override
  public List<String> variants(Primitive primitive) {
    return real.variants(primitive);
  }

  @Override
  public long sequentialChain(DType type, long n) {
    return real.sequentialChain(type, n);
  }

  @Override
  public void close() {
    real.close();
  }
}
