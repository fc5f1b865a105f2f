package dev.prims.spi;

/**
 * A skeletal {@link Backend}: holds its id, device, buffer manager and primitive drivers (the last
 * handed over once by the subclass's constructor with {@link #parts}) and answers their accessors,
 * so that a backend class writes only what is its own.
 */
public abstract class AbstractBackend implements Backend {
  private final String id;
  private final DeviceInfo device;
  private BufferManager buffers;
  private Reducer reducer;
  private Scanner scanner;
  private Histogrammer histogrammer;
  private DotProduct dot;
  private FoldKernels foldKernels;

  /** A backend with id {@code id} on {@code device}; its constructor then calls {@link #parts}. */
  protected AbstractBackend(String id, DeviceInfo device) {
    this.id = id;
    this.device = device;
  }

  /**
   * Sets the buffer manager and the drivers, once, from the subclass's constructor ({@code
   * foldKernels} null where reproducible mode is not supported).
   */
  protected final void parts(
      BufferManager buffers,
      Reducer reducer,
      Scanner scanner,
      Histogrammer histogrammer,
      DotProduct dot,
      FoldKernels foldKernels) {
    if (this.buffers != null) {
      throw new IllegalStateException("the parts of backend " + id + " are already set");
    }
    this.buffers = buffers;
    this.reducer = reducer;
    this.scanner = scanner;
    this.histogrammer = histogrammer;
    this.dot = dot;
    this.foldKernels = foldKernels;
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
}
