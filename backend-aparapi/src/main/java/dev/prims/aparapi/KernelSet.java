package dev.prims.aparapi;

import com.aparapi.Kernel;
import dev.prims.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The kernels of one backend, created on first use and reused (Aparapi translates and builds each
 * once per instance), one per primitive and element type.
 */
final class KernelSet implements AutoCloseable {
  private final Map<String, KernelHandle<?>> handles = new ConcurrentHashMap<>();
  private volatile boolean closed;

  @SuppressWarnings("unchecked")
  private <K extends Kernel> KernelHandle<K> handle(String key, Supplier<K> factory) {
    if (closed) {
      throw new IllegalStateException("aparapi backend is closed");
    }
    return (KernelHandle<K>) handles.computeIfAbsent(key, k -> new KernelHandle<>(factory.get()));
  }

  /** The reduce kernel for {@code type}. */
  KernelHandle<? extends Kernel> reduce(DType type) {
    switch (type) {
      case INT:
        return handle("reduce-int", IntReduceKernel::new);
      case LONG:
        return handle("reduce-long", LongReduceKernel::new);
      case FLOAT:
        return handle("reduce-float", FloatReduceKernel::new);
      default:
        return handle("reduce-double", DoubleReduceKernel::new);
    }
  }

  /** The scan kernel for {@code type}. */
  KernelHandle<? extends Kernel> scan(DType type) {
    switch (type) {
      case INT:
        return handle("scan-int", IntScanKernel::new);
      case LONG:
        return handle("scan-long", LongScanKernel::new);
      case FLOAT:
        return handle("scan-float", FloatScanKernel::new);
      default:
        return handle("scan-double", DoubleScanKernel::new);
    }
  }

  /** The histogram kernel for values of {@code type}. */
  KernelHandle<? extends Kernel> histogram(DType type) {
    switch (type) {
      case INT:
        return handle("histogram-int", IntKeyHistogramKernel::new);
      case LONG:
        return handle("histogram-long", LongKeyHistogramKernel::new);
      case FLOAT:
        return handle("histogram-float", FloatBinHistogramKernel::new);
      default:
        return handle("histogram-double", DoubleBinHistogramKernel::new);
    }
  }

  /** The dot kernel for {@code type}. */
  KernelHandle<? extends Kernel> dot(DType type) {
    switch (type) {
      case INT:
        return handle("dot-int", IntDotKernel::new);
      case LONG:
        return handle("dot-long", LongDotKernel::new);
      case FLOAT:
        return handle("dot-float", FloatDotKernel::new);
      default:
        return handle("dot-double", DoubleDotKernel::new);
    }
  }

  /** The segmented reduce and scan kernel for {@code type}. */
  KernelHandle<? extends Kernel> segment(DType type) {
    switch (type) {
      case INT:
        return handle("segment-int", IntSegmentKernel::new);
      case LONG:
        return handle("segment-long", LongSegmentKernel::new);
      case FLOAT:
        return handle("segment-float", FloatSegmentKernel::new);
      default:
        return handle("segment-double", DoubleSegmentKernel::new);
    }
  }

  /** The reproducible-mode fold kernel for {@code type} (float or double). */
  KernelHandle<? extends Kernel> fold(DType type) {
    return type == DType.FLOAT
        ? handle("fold-float", FloatFoldKernel::new)
        : handle("fold-double", DoubleFoldKernel::new);
  }

  /** The arg-min/arg-max kernel for {@code type}. */
  KernelHandle<? extends Kernel> arg(DType type) {
    switch (type) {
      case INT:
        return handle("arg-int", IntArgKernel::new);
      case LONG:
        return handle("arg-long", LongArgKernel::new);
      case FLOAT:
        return handle("arg-float", FloatArgKernel::new);
      default:
        return handle("arg-double", DoubleArgKernel::new);
    }
  }

  /** The moments kernel for {@code type}. */
  KernelHandle<? extends Kernel> moments(DType type) {
    switch (type) {
      case INT:
        return handle("moments-int", IntMomentsKernel::new);
      case LONG:
        return handle("moments-long", LongMomentsKernel::new);
      case FLOAT:
        return handle("moments-float", FloatMomentsKernel::new);
      default:
        return handle("moments-double", DoubleMomentsKernel::new);
    }
  }

  /** Disposes every kernel. */
  @Override
  public void close() {
    closed = true;
    List<KernelHandle<?>> all = new ArrayList<>(handles.values());
    handles.clear();
    for (KernelHandle<?> h : all) {
      h.close();
    }
  }
}
