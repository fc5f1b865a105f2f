package dev.prims.aparapi;

import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceSelect;
import dev.prims.spi.Selector;

/**
 * Select, partition and top-k on Aparapi: {@link DeviceSelect} over {@link AparapiSelectKernels},
 * its top-k candidates sorted by {@link AparapiCandidateSort} (on the host; the provenance says
 * so). Kernel launches report a fallback to the call that made them.
 */
final class AparapiSelector implements Selector {
  private final AparapiSelectKernels kernels;
  private final DeviceSelect select;

  AparapiSelector(Backend backend, DriverContext context, AparapiSelectKernels kernels) {
    this.kernels = kernels;
    this.select = new DeviceSelect(backend, kernels, new AparapiCandidateSort(context));
  }

  @Override
  public long select(BufferSelect request, CallContext call) {
    long[] kept = new long[1];
    kernels.during(call, () -> kept[0] = select.select(request, call));
    return kept[0];
  }

  @Override
  public void topK(BufferTopK topK, CallContext call) {
    kernels.during(call, () -> select.topK(topK, call));
  }
}
