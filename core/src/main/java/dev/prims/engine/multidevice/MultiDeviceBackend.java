package dev.prims.engine.multidevice;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.spi.AbstractBackend;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.Sorter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One backend id over several devices: a member backend per device (each opened by its provider as
 * for a single device), buffers split into one shard per device, and every primitive run on all
 * shards at once with the partial results combined on the host. Reproducible results merge the
 * members' exact fold sums, so they are the same bits as on one device.
 */
public final class MultiDeviceBackend extends AbstractBackend {
  private final List<Backend> members;
  private final long align;
  private final boolean captureSites;
  private final ShardTasks tasks;
  private final ShardedBuffers buffers;

  /**
   * Composes {@code members} (at least two, all of backend {@code id}, in device order), splitting
   * buffers into shards of a multiple of {@code align} elements; closing this backend closes them.
   * {@code captureSites} records where each buffer was made, for the unclosed-buffer warning.
   */
  public MultiDeviceBackend(String id, List<Backend> members, long align, boolean captureSites) {
    super(id, describe(members));
    if (members.size() < 2) {
      throw new IllegalArgumentException(
          "a multi-device backend needs at least two devices, got " + members.size());
    }
    this.members = List.copyOf(members);
    this.align = align;
    this.captureSites = captureSites;
    this.tasks = new ShardTasks(id);
    this.buffers = new ShardedBuffers(this);
    MultiDeviceReducer reducer = new MultiDeviceReducer(this);
    boolean folds = this.members.stream().allMatch(m -> m.foldKernels() != null);
    parts(
        buffers,
        reducer,
        new MultiDeviceScanner(this),
        new MultiDeviceHistogrammer(this),
        new MultiDeviceDot(this),
        folds ? new MultiDeviceFoldKernels(this) : null,
        this.members.stream().allMatch(m -> m.argReducer() != null)
            ? new MultiDeviceArgReducer(this)
            : null,
        this.members.stream().allMatch(m -> m.momentsReducer() != null)
            ? new MultiDeviceMoments(this)
            : null,
        segments(this.members.get(0)) ? new GatheringSegmenter(this) : null);
  }

  /** Whether {@code member} has segmented calls (those of the engine gather on it). */
  private static boolean segments(Backend member) {
    try {
      return member.segmenter() != null;
    } catch (UnsupportedOperationException e) {
      return false;
    }
  }

  private static DeviceInfo describe(List<Backend> members) {
    Map<String, String> details = new LinkedHashMap<>();
    long memory = 0;
    int units = 0;
    for (int i = 0; i < members.size(); i++) {
      DeviceInfo d = members.get(i).device();
      details.put("device." + i, d.index() + ": " + d.name());
      memory += d.memoryBytes();
      units += d.computeUnits();
    }
    details.put("devices", Integer.toString(members.size()));
    String name =
        members.stream()
            .map(m -> m.device().index() + ": " + m.device().name())
            .collect(Collectors.joining(" + ", members.size() + " devices [", "]"));
    return new DeviceInfo(members.get(0).device().index(), name, memory, units, details);
  }

  /** Number of devices. */
  public int deviceCount() {
    return members.size();
  }

  /** The backend of device {@code i}. */
  public Backend member(int i) {
    return members.get(i);
  }

  ShardTasks tasks() {
    return tasks;
  }

  ShardedBuffers shardedBuffers() {
    return buffers;
  }

  ShardLayout layout(long length) {
    return ShardLayout.of(length, members.size(), align);
  }

  /**
   * {@code buffer} as a buffer of this backend.
   *
   * @throws IllegalArgumentException when another backend made it
   */
  ShardedBuffer sharded(DeviceBuffer buffer) {
    if (buffer instanceof ShardedBuffer s && s.owner() == this) {
      s.requireOpen();
      return s;
    }
    throw new IllegalArgumentException(
        "buffer " + buffer + " does not belong to this multi-device " + id() + " backend");
  }

  /**
   * Runs {@code task} on every shard of {@code layout} at once, each shard's call with a context of
   * its own, and records the devices on {@code call}; the results in shard order.
   */
  <T> List<T> onShards(
      ShardLayout layout,
      CallContext call,
      java.util.function.BiFunction<Integer, CallContext, T> task) {
    int shards = layout.shards();
    CallContext[] calls = new CallContext[shards];
    List<T> results =
        tasks.map(
            shards,
            i -> {
              calls[i] = shardCall(call);
              return task.apply(i, calls[i]);
            });
    record(call, shards, calls[0]);
    return results;
  }

  /** One device's call on the shard of a buffer that it holds. */
  interface ShardCall<T> {
    T run(Backend member, DeviceBuffer shard, CallContext call);
  }

  /**
   * Runs {@code task} on every shard of {@code values} at once, on the device that holds it, as
   * {@link #onShards(ShardLayout, CallContext, java.util.function.BiFunction)} does; the results in
   * shard order.
   */
  <T> List<T> onShards(ShardedBuffer values, CallContext call, ShardCall<T> task) {
    return onShards(values.layout(), call, (i, c) -> task.run(members.get(i), values.shard(i), c));
  }

  /** A context for one shard's call, with the caller's variant and determinism. */
  static CallContext shardCall(CallContext call) {
    return new CallContext(call.variant(), call.determinism());
  }

  /**
   * Records on {@code call} the devices that ran {@code shards} shards and the variant and note of
   * the first shard's call.
   */
  void record(CallContext call, int shards, CallContext first) {
    StringBuilder on = new StringBuilder();
    for (int i = 0; i < shards; i++) {
      DeviceInfo d = members.get(i).device();
      on.append(i == 0 ? "" : " + ").append(d.index()).append(": ").append(d.name());
    }
    call.executedOn(shards == 1 ? on.toString() : shards + " devices [" + on + "]");
    if (first != null && first.usedVariant() != null) {
      call.usedVariant(first.usedVariant());
    }
    if (first != null && first.note() != null) {
      call.note(first.note());
    }
  }

  /** Host arrays sort on the first device; buffers gather there ({@link GatheringSorter}). */
  @Override
  public Sorter sorter() {
    return new GatheringSorter(this, members.get(0).sorter());
  }

  /** Host arrays select on the first device; buffers gather there ({@link GatheringSelector}). */
  @Override
  public dev.prims.spi.Selector selector() {
    return new GatheringSelector(this, members.get(0).selector());
  }

  @Override
  public List<String> variants(Primitive primitive) {
    return members.get(0).variants(primitive);
  }

  /**
   * The longest chain of one device over its shard, plus one addition per shard for the combine (a
   * scan's carry), and never more than {@code n}.
   */
  @Override
  public long sequentialChain(DType type, long n) {
    ShardLayout layout = layout(n);
    long chain = 0;
    for (int i = 0; i < layout.shards(); i++) {
      chain = Math.max(chain, members.get(i).sequentialChain(type, layout.length(i)));
    }
    return Math.min(n, chain + layout.shards());
  }

  boolean capturesSites() {
    return captureSites;
  }

  @Override
  public void close() {
    ledger.closeBuffers();
    tasks.close();
    RuntimeException failure = null;
    for (Backend member : members) {
      try {
        member.close();
      } catch (RuntimeException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }
}
