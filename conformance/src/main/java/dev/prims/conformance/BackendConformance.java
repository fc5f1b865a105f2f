package dev.prims.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.opentest4j.TestAbortedException;

/**
 * Base of every conformance class: opens one engine per test class on the backend named by {@link
 * #backendId()} (no fallback) and closes it after. The class is skipped only when the backend's
 * probe says its hardware or driver is absent; any other unavailability fails.
 *
 * <p>A backend's test class only names the backend:
 *
 * <pre>{@code
 * class CpuReduceTest extends ReduceConformance {
 *   protected String backendId() { return "cpu"; }
 * }
 * }</pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BackendConformance {
  private Prims root;
  private Prims prims;
  private Backend backend;
  private String absent;

  /** Id of the backend under test, such as {@code "cpu"}. */
  protected abstract String backendId();

  /** Extra configuration keys (such as {@code prims.device}) for the engine under test. */
  protected Map<String, String> configuration() {
    return Map.of();
  }

  @BeforeAll
  final void openBackend() {
    try {
      prims();
    } catch (TestAbortedException e) {
      absent = e.getMessage();
    }
  }

  /** Reports each test skipped, with the reason, when the backend's hardware is absent. */
  @BeforeEach
  final void skipWhenAbsent() {
    if (absent != null) {
      Assumptions.abort(absent);
    }
  }

  @AfterAll
  final void closeBackendAfterAll() {
    closeBackend();
  }

  /** Closes the engine opened by {@link #prims()}, if any. */
  final synchronized void closeBackend() {
    if (root != null) {
      root.close();
      root = null;
      prims = null;
      backend = null;
    }
  }

  /**
   * The engine view running only on the backend under test, opened on first use.
   *
   * @throws org.opentest4j.TestAbortedException when the backend's hardware is absent here
   */
  protected final synchronized Prims prims() {
    if (prims == null) {
      String id = backendId();
      Map<String, String> values = new LinkedHashMap<>(configuration());
      values.put(PrimsConfig.BACKEND, id);
      values.put(PrimsConfig.FALLBACK, "false");
      Prims opened = Prims.create(PrimsConfig.of(values));
      try {
        Availability availability = opened.backends().get(id);
        if (availability == null) {
          fail("backend " + id + " is not discovered; known: " + opened.backends().keySet());
        }
        if (!availability.available()) {
          if (availability.hardwareAbsent()) {
            Assumptions.abort(id + " not available: " + availability.reason());
          }
          fail(id + " is present but broken: " + availability.reason());
        }
        Prims view = opened.backend(id);
        backend = view.primaryBackend();
        prims = view;
        root = opened;
      } finally {
        if (root == null) {
          opened.close();
        }
      }
    }
    return prims;
  }

  /** The opened backend under test. */
  protected final Backend backend() {
    prims();
    return backend;
  }

  /** The variants the backend offers for {@code primitive}, its default first. */
  protected final List<String> variants(Primitive primitive) {
    List<String> variants = backend().variants(primitive);
    if (variants.isEmpty()) {
      fail(backendId() + " lists no variant for " + primitive.id());
    }
    return variants;
  }

  /** The backend's longest sequential chain L for a floating sum or dot of n elements. */
  protected final long chain(DType type, long n) {
    long chain = backend().sequentialChain(type, n);
    if (chain < 0 || chain > Math.max(n, 1)) {
      fail(
          backendId()
              + " states a sequential chain of "
              + chain
              + " for "
              + n
              + " elements; it must lie in [0, n]");
    }
    return chain;
  }
}
