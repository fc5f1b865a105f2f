package dev.prims.conformance;

import static dev.prims.Determinism.REPRODUCIBLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.function.Executable;
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
  private final Map<Map<String, String>, Opened> shapes = new LinkedHashMap<>();
  private Optional<Prims> cpu;
  private Prims cpuRoot;
  private static final String CPU = "cpu";

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

  /**
   * Skips the class's tests when the backend lacks the capability {@code what}: when {@code probe}
   * (its accessor, such as {@code backend().sorter()}) throws {@link
   * UnsupportedOperationException}.
   */
  protected final void requireCapability(String what, Runnable probe) {
    try {
      probe.run();
    } catch (UnsupportedOperationException e) {
      Assumptions.abort(
          backendId()
              + " offers no "
              + what
              + " (capability absent in this backend): "
              + e.getMessage());
    }
  }

  @AfterAll
  final void closeBackendAfterAll() {
    closeBackend();
  }

  /** Closes the engine opened by {@link #prims()}, if any. */
  final synchronized void closeBackend() {
    for (Opened opened : shapes.values()) {
      opened.root().close();
    }
    shapes.clear();
    if (cpuRoot != null) {
      cpuRoot.close();
      cpuRoot = null;
    }
    cpu = null;
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
      Opened opened = open(backendId(), configuration());
      backend = opened.view().primaryBackend();
      prims = opened.view();
      root = opened.root();
    }
    return prims;
  }

  /**
   * Alternative launch shapes of the backend under test: configurations (such as {@code
   * prims.cpu.threads=1}) added to {@link #configuration()} for extra engines that reproducible
   * results must agree with. By default the shapes {@link LaunchShapes#known} lists for the id.
   */
  protected List<Map<String, String>> launchShapes() {
    return LaunchShapes.known(backendId());
  }

  /**
   * A view of the backend under test opened with {@link #configuration()} plus {@code shape}, one
   * engine per shape, kept open until the class's engine closes.
   */
  protected final synchronized Prims engineWith(Map<String, String> shape) {
    prims();
    Opened opened = shapes.get(shape);
    if (opened == null) {
      Map<String, String> values = new LinkedHashMap<>(configuration());
      values.putAll(shape);
      opened = open(backendId(), values);
      shapes.put(Map.copyOf(shape), opened);
    }
    return opened.view();
  }

  /**
   * A view of the {@code cpu} backend (default configuration) to compare reproducible results with,
   * or empty when no {@code cpu} backend is on this classpath (a backend module's own tests do not
   * depend on it; {@code prims conformance} has it).
   */
  protected final synchronized Optional<Prims> cpuEngine() {
    prims();
    if (cpu == null) {
      if (CPU.equals(backendId()) && configuration().isEmpty()) {
        cpu = Optional.of(prims);
      } else {
        if (!prims.backends().containsKey(CPU)) {
          cpu = Optional.empty();
          return cpu;
        }
        Opened opened = open(CPU, Map.of());
        cpuRoot = opened.root();
        cpu = Optional.of(opened.view());
      }
    }
    return cpu;
  }

  /** One way of running the backend under test: a variant or a launch shape, named for messages. */
  protected record Setting(String name, Prims view) {}

  /**
   * The settings reproducible results must agree across, each a reproducible-mode view of the
   * backend under test: its defaults, and when {@code everySetting} also every other variant of
   * {@code primitive} and every one of {@link #launchShapes()}.
   */
  protected final List<Setting> reproducibleSettings(Primitive primitive, boolean everySetting) {
    List<Setting> settings = new java.util.ArrayList<>();
    List<String> variants = variants(primitive);
    settings.add(
        new Setting("default (" + variants.get(0) + ")", prims().determinism(REPRODUCIBLE)));
    if (everySetting) {
      for (String variant : variants.subList(1, variants.size())) {
        settings.add(
            new Setting(
                "variant " + variant,
                prims().variant(primitive, variant).determinism(REPRODUCIBLE)));
      }
      for (Map<String, String> shape : launchShapes()) {
        settings.add(
            new Setting(
                "shape " + LaunchShapes.describe(shape),
                engineWith(shape).determinism(REPRODUCIBLE)));
      }
    }
    return settings;
  }

  /**
   * Asserts that {@code result}, taken on every reproducible setting of {@code primitive} (every
   * variant and launch shape) and on the cpu backend, has the bits of {@code expected}.
   */
  protected final void assertReproducibleAgreement(
      String what, Object expected, Primitive primitive, Function<Prims, Object> result) {
    Agreement agreement = new Agreement(what, expected);
    for (Setting setting : reproducibleSettings(primitive, true)) {
      agreement.add(setting.name(), result.apply(setting.view()));
    }
    cpuEngine().ifPresent(cpu -> agreement.cpu(result.apply(cpu.determinism(REPRODUCIBLE))));
    agreement.assertAgree();
  }

  /**
   * Checks one case of reproducible fold data: a backend without fold kernels must refuse {@code
   * call}; otherwise its result on every reproducible setting of {@code primitive} ({@link
   * #reproducibleSettings}) must name the backend under test in its provenance, and those results,
   * the ones {@code more} adds after them and the cpu backend's must all have the bits of {@code
   * expected}.
   */
  final <R> void assertFoldAgreement(
      String what,
      Object expected,
      Primitive primitive,
      boolean everySetting,
      Function<Prims, R> call,
      Function<R, Provenance> provenance,
      Function<R, Object> bits,
      Consumer<Agreement> more) {
    if (backend().foldKernels() == null) {
      expectReproducibleRefusal(() -> call.apply(prims().determinism(REPRODUCIBLE)), what);
      return;
    }
    Agreement agreement = new Agreement(what, expected);
    for (Setting setting : reproducibleSettings(primitive, everySetting)) {
      R result = call.apply(setting.view());
      assertEquals(backendId(), provenance.apply(result).backend(), what + ": provenance backend");
      agreement.add(setting.name(), bits.apply(result));
    }
    more.accept(agreement);
    cpuEngine()
        .ifPresent(cpu -> agreement.cpu(bits.apply(call.apply(cpu.determinism(REPRODUCIBLE)))));
    agreement.assertAgree();
  }

  /**
   * Asserts {@code call} fails the documented way of a backend without reproducible mode: an
   * exception whose message says so.
   */
  static void expectReproducibleRefusal(Executable call, String what) {
    RuntimeException e = assertThrows(RuntimeException.class, call, what);
    assertTrue(
        String.valueOf(e.getMessage()).contains("reproducible"),
        what + ": a backend without reproducible mode must say so, got " + e);
  }

  /** What reproducible results are compared with, for test names. */
  protected final String comparedWith() {
    return cpuEngine().isPresent()
        ? "vs reference and cpu"
        : "vs reference; no cpu backend on this classpath";
  }

  /**
   * One reproducible-mode check of a variant ({@code null}: the default) on a data kind and size.
   */
  @FunctionalInterface
  protected interface ReproducibleCheck {
    void check(String variant, DType type, DataKind kind, int n) throws Throwable;
  }

  /**
   * One container per floating type, named {@code prefix} and the type's id, of {@code check} on
   * every data kind and size with the default variant, then on random data of a few sizes with each
   * variant of {@code primitive}.
   */
  protected final List<DynamicNode> reproducibleTests(
      Primitive primitive, String prefix, ReproducibleCheck check) {
    List<DynamicNode> nodes = new java.util.ArrayList<>();
    for (DType type : new DType[] {DType.FLOAT, DType.DOUBLE}) {
      List<DynamicNode> tests = new java.util.ArrayList<>();
      for (DataKind kind : DataKind.values()) {
        for (int n : Sizes.all()) {
          tests.add(
              DynamicTest.dynamicTest(
                  kind.id() + " n=" + n, () -> check.check(null, type, kind, n)));
        }
      }
      for (String variant : variants(primitive)) {
        for (int n : List.of(33, 4097, Sizes.LARGE)) {
          tests.add(
              DynamicTest.dynamicTest(
                  variant + " random n=" + n,
                  () -> check.check(variant, type, DataKind.RANDOM, n)));
        }
      }
      nodes.add(DynamicContainer.dynamicContainer(prefix + type.id(), tests.stream()));
    }
    return nodes;
  }

  /** One bit-for-bit agreement check of a floating type on fold data of size {@code n}. */
  @FunctionalInterface
  protected interface AgreementCheck {
    void check(DType type, FoldData kind, int n) throws Throwable;
  }

  /**
   * One container per floating type and kind of fold data, named {@code prefix}, the type, the kind
   * and what results are compared with, of {@code check} at every reproducible size; with {@code
   * randomOnlyAtLargest} the largest size runs on random data only.
   */
  protected final List<DynamicNode> agreementTests(
      String prefix, boolean randomOnlyAtLargest, AgreementCheck check) {
    List<DynamicNode> nodes = new java.util.ArrayList<>();
    for (DType type : new DType[] {DType.FLOAT, DType.DOUBLE}) {
      for (FoldData kind : FoldData.values()) {
        List<DynamicNode> tests = new java.util.ArrayList<>();
        for (int n : Sizes.reproducible()) {
          if (randomOnlyAtLargest && n == Sizes.REPRODUCIBLE_LARGE && kind != FoldData.RANDOM) {
            continue;
          }
          tests.add(DynamicTest.dynamicTest("n=" + n, () -> check.check(type, kind, n)));
        }
        nodes.add(
            DynamicContainer.dynamicContainer(
                prefix + type.id() + " " + kind.id() + " (" + comparedWith() + ")",
                tests.stream()));
      }
    }
    return nodes;
  }

  /** The reproducible-mode view of {@code variant} of {@code primitive} ({@code null}: default). */
  protected final Prims reproducibleView(Primitive primitive, String variant) {
    return (variant == null ? prims() : prims().variant(primitive, variant))
        .determinism(REPRODUCIBLE);
  }

  /**
   * How a reproducible check names its call in messages: the backend, the variant if any, then
   * "reproducible {@code operation} of n kind type".
   */
  protected final String reproducibleWhat(
      String variant, String operation, int n, String kind, DType type) {
    return describe(variant, "reproducible " + operation, n, kind, type);
  }

  /**
   * How a check names its call in messages: the backend, the variant if any, then "{@code
   * operation} of n kind type".
   */
  protected final String describe(
      String variant, String operation, int n, String kind, DType type) {
    return backendId()
        + (variant == null ? "" : " " + variant)
        + " "
        + operation
        + " of "
        + n
        + " "
        + kind
        + " "
        + type.id();
  }

  /**
   * Asserts that {@code provenance} names this backend and, where {@code variant} is not null, that
   * variant.
   */
  protected final void assertProvenance(Provenance provenance, String variant, String what) {
    assertEquals(backendId(), provenance.backend(), what + ": provenance backend");
    if (variant != null) {
      assertEquals(variant, provenance.variant(), what + ": provenance variant");
    }
  }

  private record Opened(Prims root, Prims view) {}

  private static Opened open(String id, Map<String, String> configuration) {
    Map<String, String> values = new LinkedHashMap<>(configuration);
    values.put(PrimsConfig.BACKEND, id);
    values.put(PrimsConfig.FALLBACK, "false");
    Prims opened = Prims.create(PrimsConfig.of(values));
    boolean kept = false;
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
      view.primaryBackend();
      kept = true;
      return new Opened(opened, view);
    } finally {
      if (!kept) {
        opened.close();
      }
    }
  }

  /**
   * A new engine of its own on the backend under test (with {@link #configuration()}), for tests of
   * buffers across engines and of closing; the caller closes it.
   */
  protected final Prims newEngine() {
    Opened opened = open(backendId(), configuration());
    return opened.root();
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

  /**
   * One container per variant of {@code primitive}, named after it, holding the tests {@code cases}
   * gives for the variant and a view of the engine that runs it.
   */
  protected final Stream<DynamicNode> perVariant(
      Primitive primitive, BiFunction<String, Prims, Stream<? extends DynamicNode>> cases) {
    return variants(primitive).stream()
        .map(
            variant ->
                DynamicContainer.dynamicContainer(
                    variant, cases.apply(variant, prims().variant(primitive, variant))));
  }

  /** One container per type, named after its id, holding the tests {@code cases} gives for it. */
  protected static Stream<DynamicNode> perType(
      Function<DType, Stream<? extends DynamicNode>> cases) {
    return Arrays.stream(DType.values())
        .map(type -> DynamicContainer.dynamicContainer(type.id(), cases.apply(type)));
  }

  /**
   * One container per type and per operator of {@code ops} the type supports, named {@code prefix}
   * then the type and operator ids, holding the tests {@code cases} gives for them.
   */
  protected static Stream<DynamicNode> perTypeAndOp(
      String prefix,
      ReduceOp[] ops,
      BiFunction<DType, ReduceOp, Stream<? extends DynamicNode>> cases) {
    return Arrays.stream(DType.values())
        .flatMap(
            type ->
                Arrays.stream(ops)
                    .filter(op -> op.supports(type))
                    .map(
                        op ->
                            DynamicContainer.dynamicContainer(
                                prefix + type.id() + " " + op.id(), cases.apply(type, op))));
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
