package dev.prims.spi;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes one backend has allocated and not yet freed: its buffers (each registered here with its
 * {@link BufferCleaner} handle), its scratch memory and its pinned staging memory. Tests, {@code
 * prims info} and {@code prims stress} read {@link #usage()}; a backend's {@code close()} calls
 * {@link #closeBuffers()} so that no buffer outlives it. Thread-safe.
 *
 * <pre>{@code
 * handle = ledger.register(this, "opencl buffer of 10 float", 40, () -> release(mem), sites);
 * ledger.add(MemoryLedger.Kind.SCRATCH, bytes);   // and subtract(...) when freed
 * }</pre>
 */
public final class MemoryLedger {
  /** What the bytes are for. */
  public enum Kind {
    /** Buffers a user allocated, uploaded or wrapped (each also counted in {@code buffers}). */
    BUFFERS,
    /** Memory the backend keeps between calls (partials, counters, temporaries). */
    SCRATCH,
    /** Pinned or mapped host memory used to stage transfers. */
    STAGING
  }

  /** One reading of the ledger. */
  public record Usage(long buffers, long bufferBytes, long scratchBytes, long stagingBytes) {
    /** All bytes held. */
    public long totalBytes() {
      return bufferBytes + scratchBytes + stagingBytes;
    }

    @Override
    public String toString() {
      return String.format(
          java.util.Locale.ROOT,
          "%,d bytes (%,d buffers of %,d bytes, scratch %,d, staging %,d)",
          totalBytes(),
          buffers,
          bufferBytes,
          scratchBytes,
          stagingBytes);
    }
  }

  private final String backend;
  private final AtomicLong buffers = new AtomicLong();
  private final AtomicLong[] bytes = {new AtomicLong(), new AtomicLong(), new AtomicLong()};
  private final Set<BufferCleaner.Handle> open = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  /** An empty ledger of backend {@code backend}. */
  public MemoryLedger(String backend) {
    this.backend = backend;
  }

  /** The backend this ledger counts for. */
  public String backend() {
    return backend;
  }

  /**
   * Counts a buffer of {@code bytes} and registers it with {@link BufferCleaner}: {@code release}
   * runs once, when the returned handle is closed, when {@link #closeBuffers()} runs, or (with a
   * warning) when {@code owner} becomes unreachable without being closed; the bytes leave the
   * ledger then. {@code release} must not reach {@code owner}.
   */
  public BufferCleaner.Handle register(
      Object owner, String description, long bytes, Runnable release, boolean captureSite) {
    add(Kind.BUFFERS, bytes);
    buffers.incrementAndGet();
    BufferCleaner.Handle[] self = new BufferCleaner.Handle[1];
    Runnable counted =
        () -> {
          try {
            release.run();
          } finally {
            subtract(Kind.BUFFERS, bytes);
            buffers.decrementAndGet();
            open.remove(self[0]);
          }
        };
    BufferCleaner.Handle handle = BufferCleaner.register(owner, description, counted, captureSite);
    self[0] = handle;
    open.add(handle);
    java.lang.ref.Reference.reachabilityFence(owner);
    return handle;
  }

  /** Counts {@code bytes} more of {@code kind}. */
  public void add(Kind kind, long bytes) {
    this.bytes[kind.ordinal()].addAndGet(bytes);
  }

  /** Counts {@code bytes} of {@code kind} as freed. */
  public void subtract(Kind kind, long bytes) {
    this.bytes[kind.ordinal()].addAndGet(-bytes);
  }

  /**
   * Marks the backend closed ({@link #isClosed()}: its buffers report themselves closed) and
   * releases every buffer still registered, without a warning. Idempotent.
   */
  public void closeBuffers() {
    closed = true;
    for (BufferCleaner.Handle handle : open.toArray(new BufferCleaner.Handle[0])) {
      handle.close();
    }
  }

  /** Whether {@link #closeBuffers()} ran: every buffer counted here is closed. */
  public boolean isClosed() {
    return closed;
  }

  /** What is held now. */
  public Usage usage() {
    return new Usage(
        buffers.get(),
        bytes[Kind.BUFFERS.ordinal()].get(),
        bytes[Kind.SCRATCH.ordinal()].get(),
        bytes[Kind.STAGING.ordinal()].get());
  }

  @Override
  public String toString() {
    return backend + " ledger: " + usage();
  }
}
