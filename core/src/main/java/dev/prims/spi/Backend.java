package dev.prims.spi;

import dev.prims.DType;
import dev.prims.Primitive;
import java.util.List;

/**
 * One opened backend on one device: buffer management and one accessor per primitive. A backend is
 * shared by every thread of an engine, so all its methods must be thread-safe.
 */
public interface Backend extends AutoCloseable {
  /** The provider id. */
  String id();

  /** The device this backend runs on. */
  DeviceInfo device();

  /** Allocation and transfers. */
  BufferManager buffers();

  Reducer reducer();

  Scanner scanner();

  Histogrammer histogrammer();

  DotProduct dot();

  /**
   * Arg-min and arg-max, or null when this backend does not offer them (calls then fail with {@link
   * UnsupportedOperationException} naming the backend). They run on the REDUCE path and record
   * their own variant.
   */
  default ArgReducer argReducer() {
    return null;
  }

  /** One-pass moments, or null when this backend does not offer them (as {@link #argReducer}). */
  default MomentsReducer momentsReducer() {
    return null;
  }

  /**
   * Algorithm variants this backend offers for {@code primitive}, the default first. A variant name
   * not in this list is rejected with {@link IllegalArgumentException}.
   */
  List<String> variants(Primitive primitive);

  /**
   * L, the longest chain of sequential floating additions in a sum or dot of {@code n} elements of
   * {@code type} in fast mode. The error bound the conformance suite checks is {@code (L +
   * ceil(log2 n)) * u * sum|x_i|}.
   */
  long sequentialChain(DType type, long n);

  /**
   * The kernels of reproducible mode, or null when this backend does not offer it (reproducible
   * calls then fail with {@link UnsupportedOperationException} naming the backend).
   */
  default FoldKernels foldKernels() {
    return null;
  }

  /**
   * Segmented reduce and scan, and the runs behind the by-key calls.
   *
   * @throws UnsupportedOperationException when this backend has no segmented kernels (the default;
   *     the message names the backend)
   */
  default Segmenter segmenter() {
    throw new UnsupportedOperationException(
        "backend " + id() + " has no segmented reduce or scan yet");
  }

  /**
   * Stable sort of keys and key-value pairs.
   *
   * @throws UnsupportedOperationException when this backend has no sort (the default; the message
   *     names the backend)
   */
  default Sorter sorter() {
    throw new UnsupportedOperationException("backend " + id() + " has no sort yet");
  }

  /**
   * Select, partition and top-k.
   *
   * @throws UnsupportedOperationException when this backend has none (the default; the message
   *     names the backend)
   */
  default Selector selector() {
    throw new UnsupportedOperationException(
        "backend " + id() + " has no select, partition or top-k yet");
  }

  /**
   * Runs {@code work} (calls on this backend's buffers) and returns the milliseconds the device
   * spent on it by its own clock (GPU events, OpenCL profiling), or empty when the backend has no
   * device clock and the caller should use wall time.
   */
  default java.util.OptionalDouble deviceMillis(Runnable work) {
    work.run();
    return java.util.OptionalDouble.empty();
  }

  /**
   * Whether the asynchronous buffer method of {@code primitive} ({@link Reducer#reduceAsync},
   * {@link Scanner#scanAsync}, {@link Histogrammer#histogramAsync}, {@link DotProduct#dotAsync})
   * returns as soon as the work is enqueued on the device, its future completing when the device
   * reaches that point. When false (the default) the engine runs asynchronous calls on its own
   * thread pool. A backend that says true must be safe to call from many threads, complete its
   * futures on threads of its own (never a driver callback thread), complete them exceptionally
   * with the exception the synchronous call would throw, and make {@link #close()} wait for work
   * already enqueued.
   */
  default boolean asyncPath(Primitive primitive) {
    return false;
  }

  /**
   * Whether {@code buffer} was made by this very backend instance (not merely by a backend of the
   * same id in another engine). The engine checks it before any call on buffers. The default
   * compares ids only; a backend that can tell its own buffers apart overrides it.
   */
  default boolean owns(dev.prims.DeviceBuffer buffer) {
    return buffer.backend().equals(id());
  }

  /**
   * The ledger of bytes this backend holds (buffers, scratch, staging), or empty when it keeps
   * none.
   */
  default java.util.Optional<MemoryLedger> ledger() {
    return java.util.Optional.empty();
  }

  /**
   * Releases every resource and closes every buffer still open ({@link
   * dev.prims.DeviceBuffer#isClosed()} becomes true; using one is an {@link
   * IllegalStateException}).
   */
  @Override
  void close();
}
