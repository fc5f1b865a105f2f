package dev.prims.aparapi;

import com.aparapi.device.Device;
import com.aparapi.device.OpenCLDevice;
import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.spi.AbstractBackend;
import dev.prims.spi.DeviceInfo;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The Aparapi backend on one OpenCL device. Kernels are built once per backend and reused; each is
 * used by one thread at a time. Results say when Aparapi ran a kernel on its Java thread pool
 * instead of the device.
 */
final class AparapiBackend extends AbstractBackend {
  private final DeviceShape shape;
  private final AparapiBufferManager buffers;
  private final KernelSet kernels = new KernelSet();

  AparapiBackend(DeviceInfo info, OpenCLDevice device, boolean fallbackAllowed) {
    this(info, device, fallbackAllowed, false);
  }

  /** As above, with allocation sites for leak warnings when {@code captureSites}. */
  AparapiBackend(
      DeviceInfo info, OpenCLDevice device, boolean fallbackAllowed, boolean captureSites) {
    this(
        info,
        new DeviceShape(device.getMaxComputeUnits(), device.getType() == Device.TYPE.CPU),
        device.getMaxMemAllocSize(),
        new KernelLauncher(AparapiBackendProvider.ID, device, fallbackAllowed),
        captureSites);
  }

  /** A backend on a device of {@code shape} launching through {@code launcher}. */
  AparapiBackend(DeviceInfo info, DeviceShape shape, long maxAllocBytes, KernelLauncher launcher) {
    this(info, shape, maxAllocBytes, launcher, false);
  }

  private AparapiBackend(
      DeviceInfo info,
      DeviceShape shape,
      long maxAllocBytes,
      KernelLauncher launcher,
      boolean captureSites) {
    super(AparapiBackendProvider.ID, info, launcher.ledger());
    this.shape = shape;
    this.buffers =
        new AparapiBufferManager(AparapiBackendProvider.ID, maxAllocBytes, ledger, captureSites);
    DriverContext context = new DriverContext(buffers, kernels, launcher, shape);
    AparapiSelectKernels selectKernels = new AparapiSelectKernels(context);
    // reproducible mode: exact fold sums on the device (AparapiFoldKernels)
    parts(
        buffers,
        new AparapiReducer(context),
        new AparapiScanner(context),
        new AparapiHistogrammer(context),
        new AparapiDotProduct(context),
        new AparapiFoldKernels(context),
        new AparapiArgReducer(context),
        new AparapiMomentsReducer(context),
        new AparapiSegmenter(context, selectKernels));
    sortAndSelect(null, new AparapiSelector(this, context, selectKernels));
  }

  @Override
  public List<String> variants(Primitive primitive) {
    switch (primitive) {
      case REDUCE:
        return List.of(AparapiReducer.LOCAL_TREE);
      case SCAN:
        return List.of(AparapiScanner.REDUCE_THEN_SCAN);
      case HISTOGRAM:
        return List.of(
            AparapiHistogrammer.SHARED_ATOMICS,
            AparapiHistogrammer.GROUP_ROWS,
            AparapiHistogrammer.GLOBAL_ATOMICS);
      default:
        return List.of(AparapiDotProduct.LOCAL_TREE);
    }
  }

  @Override
  public long sequentialChain(DType type, long n) {
    long reduce = AparapiReducePolicy.sequentialChain(n, shape.computeUnits());
    long scan = AparapiScanPolicy.sequentialChain(n, shape.computeUnits());
    // dot runs in reduce's launch shape, so its chain is reduce's
    return Math.max(reduce, scan);
  }

  /** Device time by OpenCL profiling events when {@code -Dcom.aparapi.enableProfiling=true}. */
  @Override
  public OptionalDouble deviceMillis(Runnable work) {
    long nanos = KernelLauncher.deviceNanos(work);
    return nanos < 0 ? OptionalDouble.empty() : OptionalDouble.of(nanos / 1e6);
  }

  /** The kernels of this backend. */
  KernelSet kernels() {
    return kernels;
  }

  /** Releases the kernels and closes every buffer still open. */
  @Override
  public void close() {
    try {
      kernels.close();
    } finally {
      ledger.closeBuffers();
    }
  }
}
