package dev.prims.spi;

import java.lang.ref.Cleaner;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Frees a backend's buffer when it is closed, or, with a warning, when it becomes unreachable
 * without being closed. The warning names where the buffer was allocated when allocation sites are
 * captured ({@code prims.debug.leaks=true}: a stack trace per allocation), otherwise it is one
 * line.
 *
 * <pre>{@code
 * handle = BufferCleaner.register(this, "cuda buffer of 10 float", () -> free(ptr), captureSites);
 * ...
 * public void close() { handle.close(); }   // frees once; later calls do nothing
 * }</pre>
 */
public final class BufferCleaner {
  private static final Logger LOG = LoggerFactory.getLogger(BufferCleaner.class);
  private static final Cleaner CLEANER = Cleaner.create();

  /** Configuration key: capture a stack trace at every allocation to name leaks' origins. */
  public static final String DEBUG_KEY = "prims.debug.leaks";

  /** Where leak warnings go (the log; tests may replace it). */
  static volatile Consumer<String> warnings = LOG::warn;

  private static final java.util.Set<Consumer<String>> LISTENERS =
      new java.util.concurrent.CopyOnWriteArraySet<>();

  private BufferCleaner() {}

  /** Whether {@code context} asks for allocation sites ({@code prims.debug.leaks=true}). */
  public static boolean captureSites(BackendContext context) {
    return context.get(DEBUG_KEY).map(Boolean::parseBoolean).orElse(false);
  }

  /**
   * Sends every leak warning to {@code listener} too (besides the log) until the returned handle is
   * closed: for tests and monitoring.
   */
  public static AutoCloseable listen(Consumer<String> listener) {
    Consumer<String> own = listener::accept; // a distinct element even if added twice
    LISTENERS.add(own);
    return () -> LISTENERS.remove(own);
  }

  /**
   * Registers {@code owner}, which must not be reachable from {@code release}; {@code release} runs
   * once, on {@link Handle#close()} or after {@code owner} becomes unreachable.
   */
  public static Handle register(
      Object owner, String description, Runnable release, boolean captureSite) {
    State state =
        new State(
            description,
            release,
            captureSite ? new Throwable("allocation site of " + description) : null);
    return new Handle(state, CLEANER.register(owner, state));
  }

  /** The owner's side: close it from the buffer's {@code close()}. */
  public static final class Handle {
    private final State state;
    private final Cleaner.Cleanable cleanable;

    private Handle(State state, Cleaner.Cleanable cleanable) {
      this.state = state;
      this.cleanable = cleanable;
    }

    /** Releases now, without a warning. Idempotent. */
    public void close() {
      state.closedExplicitly = true;
      cleanable.clean();
    }

    /** The stack trace of the allocation, or null when sites are not captured. */
    public Throwable allocationSite() {
      return state.site;
    }
  }

  private static final class State implements Runnable {
    private final String description;
    private final Runnable release;
    private final Throwable site;
    private volatile boolean closedExplicitly;

    State(String description, Runnable release, Throwable site) {
      this.description = description;
      this.release = release;
      this.site = site;
    }

    @Override
    public void run() {
      if (!closedExplicitly) {
        String message = message();
        warnings.accept(message);
        LISTENERS.forEach(l -> l.accept(message));
      }
      release.run();
    }

    private String message() {
      if (site == null) {
        return description
            + " was never closed; freed by the cleaner (set "
            + DEBUG_KEY
            + "=true to see where it was allocated)";
      }
      StringBuilder trace = new StringBuilder();
      for (StackTraceElement e : site.getStackTrace()) {
        trace.append("\n    at ").append(e);
      }
      return description + " was never closed; freed by the cleaner; allocated" + trace;
    }
  }
}
