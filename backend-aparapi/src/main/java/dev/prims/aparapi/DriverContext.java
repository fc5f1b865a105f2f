package dev.prims.aparapi;

import dev.prims.spi.CallContext;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.IntConsumer;

/**
 * What the driver of each primitive works with on one device: its buffers, the kernels, the
 * launcher and the device's shape.
 */
record DriverContext(
    AparapiBufferManager buffers, KernelSet kernels, KernelLauncher launcher, DeviceShape shape) {

  /** Runs {@code handle}'s kernel on {@code groups} work-groups of {@code block} work-items. */
  void launchGroups(KernelHandle<?> handle, int groups, int block, CallContext call) {
    launcher.launch(handle, groups * block, block, call);
  }

  /**
   * Runs {@code handle}'s kernel with one work-item per item of {@code items} (a chunk, an output
   * slot), in work-groups of {@link AparapiSegmentPolicy#BLOCK_SIZE}, the last one padded.
   */
  void launchItems(KernelHandle<?> handle, int items, CallContext call) {
    int block = AparapiSegmentPolicy.BLOCK_SIZE;
    launchGroups(handle, (items + block - 1) / block, block, call);
  }

  /** The work-groups of a reduce-shaped launch over {@code n} elements on this device. */
  int reduceGroups(int n) {
    return AparapiReducePolicy.groups(n, shape.computeUnits());
  }

  /**
   * Runs {@code handle}'s reduce-shaped kernel over {@code n} elements on {@code groups}
   * work-groups of {@link AparapiReducePolicy#BLOCK_SIZE} work-items: gives {@code span} the
   * elements per work-item for this device, launches, and copies each of {@code outputs} back to
   * the host.
   */
  void launchReduce(
      KernelHandle<?> handle,
      IntConsumer span,
      int n,
      int groups,
      CallContext call,
      Object... outputs) {
    span.accept(shape.span(n, (long) groups * AparapiReducePolicy.BLOCK_SIZE));
    launchGroups(handle, groups, AparapiReducePolicy.BLOCK_SIZE, call);
    for (Object output : outputs) {
      handle.get(output);
    }
  }

  /**
   * One launch of a {@link PartialsKernel} over {@code n} elements, under the kernel's lock: {@code
   * bind} sets the kernel's arguments and binds its inputs, each of {@link #reduceGroups}
   * work-groups writes its partial, and the host folds the partials with operator {@code code}
   * ({@link OpCode}).
   */
  <K extends PartialsKernel> Number foldPartials(
      KernelHandle<?> handle, Class<K> kind, int n, int code, CallContext call, Consumer<K> bind) {
    int groups = reduceGroups(n);
    return handle.locked(
        k -> {
          K kernel = kind.cast(k);
          bind.accept(kernel);
          Object partials = kernel.partials(groups);
          launchReduce(handle, kernel::span, n, groups, call, partials);
          return HostOps.fold(partials, code, groups);
        });
  }

  /**
   * One launch of a {@link PerItemKernel} over {@code input}, under the kernel's lock: {@code bind}
   * sets the kernel's arguments, the input goes to its field {@code a}, the work-items of {@link
   * #reduceGroups} work-groups write their results and these come back to the host; returns what
   * {@code result} makes of them, given the kernel and the number of work-items.
   */
  <K extends PerItemKernel, R> R perItem(
      KernelHandle<?> handle,
      Class<K> kind,
      AparapiBuffer input,
      CallContext call,
      Consumer<K> bind,
      BiFunction<K, Integer, R> result) {
    int n = input.size();
    int groups = reduceGroups(n);
    int items = groups * AparapiReducePolicy.BLOCK_SIZE;
    return handle.locked(
        k -> {
          K kernel = kind.cast(k);
          bind.accept(kernel);
          handle.bind("a", input);
          launchReduce(handle, kernel::span, n, groups, call, kernel.outputs(items));
          return result.apply(kernel, items);
        });
  }
}
