package dev.prims.engine;

import dev.prims.BackendUnavailableException;
import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.PrimsException;
import dev.prims.Provenance;
import dev.prims.spi.Backend;
import dev.prims.spi.CallContext;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one primitive call: picks the backend from {@code prims.backend}, falls back to the next one
 * (logging why) when {@code prims.fallback=true}, and records the result's {@link Provenance}. Owns
 * the thread pool that asynchronous calls run on; {@link #close()} ends it with the backends. An
 * asynchronous call on buffers goes straight to the backend's own asynchronous path where it has
 * one ({@link Backend#asyncPath}) and the call is in fast mode; otherwise it runs on the pool.
 *
 * <p>Every call passes a {@link CallGate}: {@link #close()} refuses new calls at once, waits up to
 * {@link #CLOSE_TIMEOUT} for the calls already running (synchronous ones on other threads, and
 * asynchronous ones already submitted), then closes the backends, which close their buffers.
 */
public final class Engine implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Engine.class);

  /** How long {@link #close()} waits for calls in flight before closing the backends anyway. */
  public static final java.time.Duration CLOSE_TIMEOUT = java.time.Duration.ofSeconds(60);

  private final CallGate gate = new CallGate();

  private final BackendRegistry registry;
  private final java.util.Set<String> unavailableLogged =
      java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final Object executorLock = new Object();
  private ExecutorService executor;

  /** The latest pool call on each backend's buffers (guarded by executorLock). */
  private final java.util.Map<String, CompletableFuture<?>> poolTails = new java.util.HashMap<>();

  private boolean closed;
  private volatile CostModel costModel;

  @Inject
  Engine(BackendRegistry registry) {
    this.registry = registry;
  }

  /** The registry of providers and open backends. */
  public BackendRegistry registry() {
    return registry;
  }

  /**
   * Runs {@code work} on the engine's thread pool (daemon threads named {@code prims-async-N},
   * created on first use).
   *
   * @throws IllegalStateException if the engine is closed
   */
  public <T> CompletableFuture<T> async(Supplier<T> work) {
    synchronized (executorLock) {
      ExecutorService pool = openExecutor();
      gate.admit();
      try {
        return CompletableFuture.supplyAsync(() -> gate.adopt(work), pool);
      } catch (RuntimeException e) {
        gate.adopt(() -> null);
        throw e;
      }
    }
  }

  /**
   * Runs {@code work} as one call of this engine on the calling thread: {@link #close()} waits for
   * it.
   *
   * @throws IllegalStateException if the engine is closed
   */
  public <T> T call(Supplier<T> work) {
    gate.enter();
    try {
      return work.get();
    } finally {
      gate.exit();
    }
  }

  /** Whether {@link #close()} has begun: new calls are refused. */
  public boolean isClosing() {
    return gate.isClosed();
  }

  /** The pool, created on first use (under executorLock); refused once the engine is closed. */
  private ExecutorService openExecutor() {
    requireOpen();
    if (executor == null) {
      executor = Executors.newFixedThreadPool(asyncThreads(), asyncThreadFactory());
    }
    return executor;
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException(CallGate.CLOSED);
    }
  }

  private static int asyncThreads() {
    return Math.max(2, Runtime.getRuntime().availableProcessors());
  }

  private static ThreadFactory asyncThreadFactory() {
    AtomicInteger count = new AtomicInteger();
    return r -> new AsyncThread(r, "prims-async-" + count.incrementAndGet());
  }

  /** A pool thread; closing from one does not wait for the pool (it would wait for itself). */
  private static final class AsyncThread extends Thread {
    AsyncThread(Runnable work, String name) {
      super(work, name);
      setDaemon(true);
    }
  }

  /**
   * Refuses new calls at once, waits up to {@link #CLOSE_TIMEOUT} for the calls in flight
   * (synchronous calls on other threads and asynchronous calls already submitted; a call of the
   * closing thread itself is not waited for), then ends the pool and closes every backend, which
   * closes its buffers. Calls still running after the timeout are logged and may then fail.
   * Idempotent.
   */
  @Override
  public void close() {
    int running = gate.closeAndAwait(CLOSE_TIMEOUT);
    if (running > 0) {
      LOG.warn(
          "{} prims calls still running after {} s; closing the backends anyway",
          running,
          CLOSE_TIMEOUT.toSeconds());
    }
    ExecutorService toStop;
    synchronized (executorLock) {
      closed = true;
      poolTails.clear();
      toStop = executor;
      executor = null;
    }
    if (toStop != null) {
      toStop.shutdown();
    }
    // the calls have left the gate; their futures complete (and run dependents) on the pool
    if (toStop != null && !(Thread.currentThread() instanceof AsyncThread)) {
      try {
        if (!toStop.awaitTermination(CLOSE_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
          LOG.warn(
              "asynchronous prims calls still completing after {} s", CLOSE_TIMEOUT.toSeconds());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    registry.close();
  }

  /** Work done on one backend. */
  @FunctionalInterface
  public interface BackendCall<T> {
    T apply(Backend backend, CallContext call);
  }

  /** Work enqueued on one backend, done when its future completes. */
  @FunctionalInterface
  public interface AsyncBackendCall<T> {
    CompletableFuture<T> apply(Backend backend, CallContext call);
  }

  /** A value with where it was computed. */
  public record Outcome<T>(T value, Provenance provenance) {}

  /**
   * The backend ids to try, in order, for {@code config}.
   *
   * @throws IllegalArgumentException when an id is unknown (listing the known ones)
   */
  public List<String> candidates(ResolvedConfig config) {
    List<String> ids;
    if (config.auto()) {
      ids = registry.idsByPriority();
    } else {
      ids = config.backendIds();
      if (ids.isEmpty()) {
        throw new IllegalArgumentException(
            "prims.backend is empty; known backends: " + String.join(", ", registry.ids()));
      }
      for (String id : ids) {
        registry.provider(id);
      }
    }
    return config.fallback() ? ids : ids.subList(0, 1);
  }

  /** The first backend of {@code config} that opens (with fallback), for allocating buffers. */
  public Backend primary(ResolvedConfig config) {
    List<String> ids = candidates(config);
    List<String> reasons = new ArrayList<>();
    for (String id : ids) {
      try {
        return registry.open(id);
      } catch (BackendUnavailableException e) {
        reasons.add(e.getMessage());
        logFallback(ids, id, e);
      }
    }
    throw noBackend(reasons);
  }

  /** Whether {@code config} asks for {@code prims.backend=auto}. */
  public static boolean isAuto(ResolvedConfig config) {
    return config.auto();
  }

  /**
   * The cost model {@code auto} ranks backends with (one per engine; its cache file comes from the
   * first {@code config} that asks).
   */
  public CostModel costModel(ResolvedConfig config) {
    CostModel model = costModel;
    if (model != null) {
      return model;
    }
    synchronized (this) {
      if (costModel == null) {
        costModel = new CostModel(registry, CostModel.cacheFile(config));
      }
      return costModel;
    }
  }

  /** Runs {@code work} on the first backend that succeeds. */
  public <T> Outcome<T> run(ResolvedConfig config, Primitive primitive, BackendCall<T> work) {
    return run(config, primitive, -1, work);
  }

  /**
   * Runs {@code work}, a call on host arrays moving {@code hostBytes} to the device, on the first
   * backend that succeeds; under {@code auto} the backends are tried cheapest first by the {@link
   * CostModel} and the provenance note says why.
   */
  public <T> Outcome<T> run(
      ResolvedConfig config, Primitive primitive, long hostBytes, BackendCall<T> work) {
    return run(config, primitive, DType.INT, hostBytes, work);
  }

  /**
   * {@link #run(ResolvedConfig, Primitive, long, BackendCall)} of a call on host arrays of {@code
   * type}: under {@code auto} the cost model ranks the backends by their measured times for this
   * primitive on this type.
   */
  public <T> Outcome<T> run(
      ResolvedConfig config, Primitive primitive, DType type, long hostBytes, BackendCall<T> work) {
    return run(config, primitive, Workload.of(primitive, type, true), hostBytes, work);
  }

  /**
   * {@link #run(ResolvedConfig, Primitive, long, BackendCall)} of a call on host arrays whose cost
   * is {@code cost}'s (a sort runs on the SCAN path at a cost of its own): under {@code auto} the
   * cost model ranks the backends by their measured times for it.
   */
  public <T> Outcome<T> run(
      ResolvedConfig config,
      Primitive primitive,
      Workload cost,
      long hostBytes,
      BackendCall<T> work) {
    return call(() -> runGated(config, primitive, cost, hostBytes, work));
  }

  private <T> Outcome<T> runGated(
      ResolvedConfig config,
      Primitive primitive,
      Workload cost,
      long hostBytes,
      BackendCall<T> work) {
    List<String> ids = null;
    String choice = null;
    if (hostBytes >= 0 && isAuto(config)) {
      CostModel.Choice ranked = costModel(config).rank(cost, hostBytes);
      if (!ranked.ranking().isEmpty()) {
        ids = config.fallback() ? ranked.order() : ranked.order().subList(0, 1);
        choice = ranked.note();
      }
    }
    if (ids == null) {
      ids = candidates(config);
    }
    List<String> reasons = new ArrayList<>();
    Determinism determinism = config.determinism();
    String variant = config.variant(primitive);
    for (String id : ids) {
      Backend backend;
      try {
        backend = registry.open(id);
      } catch (BackendUnavailableException e) {
        reasons.add(e.getMessage());
        logFallback(ids, id, e);
        continue;
      }
      try {
        return runOn(backend, primitive, variant, determinism, choice, reasons, work);
      } catch (IllegalArgumentException e) {
        throw e;
      } catch (RuntimeException | LinkageError e) {
        PrimsException failure = asPrimsException(id, e);
        reasons.add(failure.getMessage());
        if (id.equals(ids.get(ids.size() - 1))) {
          throw failure;
        }
        logFallback(ids, id, failure);
      }
    }
    throw noBackend(reasons);
  }

  /**
   * Runs {@code work} on the backend that owns {@code buffers} (no fallback: data lives there).
   *
   * @throws IllegalStateException if the engine or a buffer is closed
   * @throws IllegalArgumentException if the buffers are not all of one backend of this engine
   */
  public <T> Outcome<T> runOn(
      ResolvedConfig config, Primitive primitive, BackendCall<T> work, DeviceBuffer... buffers) {
    return call(
        () -> {
          Backend backend = owner(buffers);
          awaitPoolCalls(backend.id());
          Determinism determinism = config.determinism();
          return runOn(
              backend,
              primitive,
              config.variant(primitive),
              determinism,
              isAuto(config) ? "auto: " + backend.id() + ", where the buffer lives" : null,
              List.of(),
              work);
        });
  }

  /**
   * The backend of this engine that owns every one of {@code buffers}, checked before anything runs
   * on them.
   *
   * @throws IllegalStateException if a buffer is closed (closing an engine closes its buffers)
   * @throws IllegalArgumentException if the buffers live on different backends, or one was made by
   *     another engine
   */
  public Backend owner(DeviceBuffer... buffers) {
    for (DeviceBuffer b : buffers) {
      b.requireOpen();
    }
    String id = buffers[0].backend();
    for (DeviceBuffer b : buffers) {
      if (!b.backend().equals(id)) {
        throw new IllegalArgumentException(
            "buffers live on different backends: " + id + " and " + b.backend());
      }
    }
    Backend backend = registry.open(id);
    for (DeviceBuffer b : buffers) {
      if (!backend.owns(b)) {
        throw new IllegalArgumentException(
            "buffer "
                + b
                + " does not belong to this "
                + id
                + " backend (it was made by another prims engine; use the engine that made it)");
      }
    }
    return backend;
  }

  /**
   * An asynchronous call on the backend that owns {@code buffer}. In fast mode, on a backend with
   * an asynchronous path for {@code primitive} ({@link Backend#asyncPath}), {@code work} runs on
   * the calling thread and enqueues the call (it should validate its input first, as the
   * synchronous call does); the provenance is recorded when the backend's future completes.
   * Otherwise (no such path, reproducible mode, or a null or closed {@code buffer}) {@code sync},
   * the synchronous call, runs on the engine's pool. Either way a failure completes the future
   * exceptionally with the exception the synchronous call would throw.
   *
   * <p>Calls on one backend's buffers take effect in the order they were issued, so that a chain
   * such as scan, then histogram of the scan, then reduce of the histogram may be issued without
   * waiting in between: a backend's stream or queue orders its own calls, and a call that runs on
   * the pool starts only after every earlier pool call on that backend has finished (a stream call
   * issued while one is pending waits for it too, and so does a synchronous call or a download:
   * {@link #awaitPoolCalls}).
   *
   * @throws IllegalStateException if the engine is closed
   */
  public <T> CompletableFuture<Outcome<T>> runOnAsync(
      ResolvedConfig config,
      DeviceBuffer buffer,
      Primitive primitive,
      Supplier<Outcome<T>> sync,
      AsyncBackendCall<T> work) {
    return call(() -> runOnAsyncGated(config, buffer, primitive, sync, work));
  }

  private <T> CompletableFuture<Outcome<T>> runOnAsyncGated(
      ResolvedConfig config,
      DeviceBuffer buffer,
      Primitive primitive,
      Supplier<Outcome<T>> sync,
      AsyncBackendCall<T> work) {
    Backend backend;
    Determinism determinism;
    try {
      determinism = config.determinism();
      if (buffer == null) {
        return async(sync);
      }
      if (determinism != Determinism.FAST || buffer.isClosed()) {
        return poolCallInOrder(buffer.backend(), sync);
      }
      backend = owner(buffer);
      if (!backend.asyncPath(primitive)) {
        return poolCallInOrder(buffer.backend(), sync);
      }
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
    Supplier<CompletableFuture<Outcome<T>>> enqueue =
        () -> {
          String variant = config.variant(primitive);
          String choice =
              isAuto(config) ? "auto: " + backend.id() + ", where the buffer lives" : null;
          CallContext call = callContext(backend, primitive, variant, determinism);
          return work.apply(backend, call)
              .thenApply(
                  value -> outcome(backend, primitive, variant, choice, List.of(), call, value));
        };
    synchronized (executorLock) {
      requireOpen();
      CompletableFuture<?> pending = poolTails.get(backend.id());
      if (pending != null && !pending.isDone()) {
        gate.admit();
        CompletableFuture<Outcome<T>> next =
            pending
                .handle((v, e) -> null)
                .thenComposeAsync(ignored -> gate.adopt(enqueue), openExecutor());
        poolTails.put(backend.id(), next);
        return next;
      }
    }
    try {
      return enqueue.get();
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /**
   * Waits until every asynchronous call that the pool runs (or has chained) for backend {@code
   * backendId}'s buffers has finished, so that a synchronous call on that backend's buffers (a
   * primitive or a download) sees their results, as it would on a stream. Does not wait on the
   * engine's own pool threads, which run those calls in order already.
   */
  public void awaitPoolCalls(String backendId) {
    if (Thread.currentThread() instanceof AsyncThread) {
      return;
    }
    CompletableFuture<?> pending;
    synchronized (executorLock) {
      pending = poolTails.get(backendId);
    }
    if (pending != null && !pending.isDone()) {
      pending.handle((v, e) -> null).join();
    }
  }

  /**
   * Runs {@code sync} on the pool once every earlier pool call on backend {@code backendId}'s
   * buffers has finished (at once when none is pending), and registers it as the latest.
   */
  private <T> CompletableFuture<T> poolCallInOrder(String backendId, Supplier<T> sync) {
    synchronized (executorLock) {
      ExecutorService pool = openExecutor();
      CompletableFuture<?> pending = poolTails.get(backendId);
      gate.admit();
      CompletableFuture<T> next =
          pending == null || pending.isDone()
              ? CompletableFuture.supplyAsync(() -> gate.adopt(sync), pool)
              : pending.handle((v, e) -> null).thenApplyAsync(ignored -> gate.adopt(sync), pool);
      poolTails.put(backendId, next);
      return next;
    }
  }

  private <T> Outcome<T> runOn(
      Backend backend,
      Primitive primitive,
      String variant,
      Determinism determinism,
      String choice,
      List<String> earlierFailures,
      BackendCall<T> work) {
    CallContext call = callContext(backend, primitive, variant, determinism);
    T value = work.apply(backend, call);
    return outcome(backend, primitive, variant, choice, earlierFailures, call, value);
  }

  /**
   * The context of one call of {@code variant} (null for the default).
   *
   * @throws IllegalArgumentException when {@code backend} has no such variant (listing its own)
   */
  private static CallContext callContext(
      Backend backend, Primitive primitive, String variant, Determinism determinism) {
    List<String> variants = backend.variants(primitive);
    if (variant != null && !variants.contains(variant)) {
      throw new IllegalArgumentException(
          "unknown "
              + primitive.id()
              + " variant '"
              + variant
              + "' for backend "
              + backend.id()
              + "; known: "
              + String.join(", ", variants));
    }
    return new CallContext(variant, determinism);
  }

  /** {@code value} with the provenance of {@code call}, which ran on {@code backend}. */
  private static <T> Outcome<T> outcome(
      Backend backend,
      Primitive primitive,
      String variant,
      String choice,
      List<String> earlierFailures,
      CallContext call,
      T value) {
    String note;
    if (earlierFailures.isEmpty() && (choice == null || call.note() == null)) {
      note = choice != null ? choice : call.note() != null ? call.note() : "";
    } else {
      List<String> notes = new ArrayList<>();
      if (choice != null) {
        notes.add(choice);
      }
      earlierFailures.forEach(r -> notes.add("fell back from " + r));
      if (call.note() != null) {
        notes.add(call.note());
      }
      note = String.join("; ", notes);
    }
    String used = call.usedVariant();
    if (used == null) {
      List<String> variants = backend.variants(primitive);
      used = variant != null ? variant : variants.isEmpty() ? "" : variants.get(0);
    }
    String device = call.executedOn() != null ? call.executedOn() : backend.device().name();
    return new Outcome<>(value, new Provenance(backend.id(), device, used, note));
  }

  private static PrimsException asPrimsException(String backend, Throwable e) {
    if (e instanceof PrimsException) {
      return (PrimsException) e;
    }
    return new PrimsException(
        backend, "failed: " + FailureMessages.withType(e, "a call on backend " + backend), e);
  }

  /** Logs a fallback: a backend that cannot open is reported once per engine, then at debug. */
  private void logFallback(List<String> ids, String id, RuntimeException e) {
    int next = ids.indexOf(id) + 1;
    if (next < ids.size()) {
      boolean first = !(e instanceof BackendUnavailableException) || unavailableLogged.add(id);
      String format = "backend {} failed, falling back to {}: {}";
      if (first) {
        LOG.warn(format, id, ids.get(next), e.getMessage());
      } else {
        LOG.debug(format, id, ids.get(next), e.getMessage());
      }
    }
  }

  private BackendUnavailableException noBackend(List<String> reasons) {
    return new BackendUnavailableException(
        "prims",
        "no configured backend could run ("
            + String.join("; ", reasons)
            + "); known backends: "
            + String.join(", ", registry.ids()));
  }
}
