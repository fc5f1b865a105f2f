package dev.prims.spi;

import dev.prims.DeviceBuffer;
import java.util.Optional;

/**
 * A skeletal {@link Backend}: holds its id, device, buffer manager and primitive drivers (the last
 * handed over once by the subclass's constructor with {@link #parts} and {@link #sortAndSelect})
 * and answers their accessors, so that a backend class writes only what is its own.
 */
public abstract class AbstractBackend implements Backend {
  private final String id;
  private final DeviceInfo device;

  /** The bytes this backend holds; its buffers are counted here. */
  protected final MemoryLedger ledger;

  private BufferManager buffers;
  private Reducer reducer;
  private Scanner scanner;
  private Histogrammer histogrammer;
  private DotProduct dot;
  private FoldKernels foldKernels;
  private ArgReducer argReducer;
  private MomentsReducer momentsReducer;
  private Segmenter segmenter;
  private Sorter sorter;
  private Selector selector;

  /**
   * A backend with id {@code id} on {@code device} with a new ledger; its constructor then calls
   * {@link #parts}.
   */
  protected AbstractBackend(String id, DeviceInfo device) {
    this(id, device, new MemoryLedger(id));
  }

  /** A backend with id {@code id} on {@code device} counting its buffers in {@code ledger}. */
  protected AbstractBackend(String id, DeviceInfo device, MemoryLedger ledger) {
    this.id = id;
    this.device = device;
    this.ledger = ledger;
  }

  /**
   * Sets the buffer manager and the drivers, once, from the subclass's constructor ({@code
   * foldKernels} null where reproducible mode is not supported; {@code argReducer}, {@code
   * momentsReducer} and {@code segmenter} null where those calls are not).
   */
  protected final void parts(
      BufferManager buffers,
      Reducer reducer,
      Scanner scanner,
      Histogrammer histogrammer,
      DotProduct dot,
      FoldKernels foldKernels,
      ArgReducer argReducer,
      MomentsReducer momentsReducer,
      Segmenter segmenter) {
    if (this.buffers != null) {
      throw new IllegalStateException("the parts of backend " + id + " are already set");
    }
    this.buffers = buffers;
    this.reducer = reducer;
    this.scanner = scanner;
    this.histogrammer = histogrammer;
    this.dot = dot;
    this.foldKernels = foldKernels;
    this.argReducer = argReducer;
    this.momentsReducer = momentsReducer;
    this.segmenter = segmenter;
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final DeviceInfo device() {
    return device;
  }

  @Override
  public final BufferManager buffers() {
    return buffers;
  }

  @Override
  public final Reducer reducer() {
    return reducer;
  }

  @Override
  public final Scanner scanner() {
    return scanner;
  }

  @Override
  public final Histogrammer histogrammer() {
    return histogrammer;
  }

  @Override
  public final DotProduct dot() {
    return dot;
  }

  @Override
  public final FoldKernels foldKernels() {
    return foldKernels;
  }

  @Override
  public final ArgReducer argReducer() {
    return argReducer;
  }

  @Override
  public final MomentsReducer momentsReducer() {
    return momentsReducer;
  }

  @Override
  public final Segmenter segmenter() {
    return segmenter != null ? segmenter : Backend.super.segmenter();
  }

  /**
   * Sets the sort and the select, once, from the subclass's constructor (either null where the
   * backend has none).
   */
  protected final void sortAndSelect(Sorter sorter, Selector selector) {
    if (this.sorter != null || this.selector != null) {
      throw new IllegalStateException("the sort and select of backend " + id + " are already set");
    }
    this.sorter = sorter;
    this.selector = selector;
  }

  @Override
  public Sorter sorter() {
    return sorter != null ? sorter : Backend.super.sorter();
  }

  @Override
  public Selector selector() {
    return selector != null ? selector : Backend.super.selector();
  }

  /** The ledger of the bytes this backend holds. */
  @Override
  public final Optional<MemoryLedger> ledger() {
    return Optional.of(ledger);
  }

  /** Only the buffers this backend made (those counted in its ledger), not another engine's. */
  @Override
  public final boolean owns(DeviceBuffer buffer) {
    return buffer instanceof AbstractBuffer b && b.ledger() == ledger;
  }

  /**
   * {@code buffer} as this backend's buffer class {@code type}.
   *
   * @throws IllegalArgumentException when this backend did not make it
   * @throws IllegalStateException when it is closed
   */
  protected final <B extends DeviceBuffer> B own(DeviceBuffer buffer, Class<B> type) {
    if (!owns(buffer)) {
      throw new IllegalArgumentException(
          "buffer " + buffer + " does not belong to this " + id + " backend");
    }
    buffer.requireOpen();
    return type.cast(buffer);
  }
}
