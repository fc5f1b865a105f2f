package dev.prims.conformance.seq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.conformance.configured.ConfiguredBackend;
import dev.prims.conformance.configured.ConfiguredDotTest;
import dev.prims.conformance.configured.ConfiguredHistogramTest;
import dev.prims.conformance.configured.ConfiguredReduceTest;
import dev.prims.conformance.configured.ConfiguredScanTest;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The suite catches bugs: each deliberate {@link Fault} of the sequential backend makes the
 * conformance test aimed at it fail, and the same test passes without the fault. Runs the suite
 * through the JUnit Platform launcher with the backend given as configuration parameters, the way
 * {@code prims conformance} does.
 */
class FaultDetectionTest {
  /**
   * Launch shapes of the sequential backend: chunks of 3 and 1000 elements (its default is one
   * chunk), so a result that depends on chunking shows.
   */
  private static final String SHAPES =
      SequentialProvider.CHUNK + "=3;" + SequentialProvider.CHUNK + "=1000";

  static Stream<Arguments> faults() {
    return Stream.of(
        Arguments.of(
            Fault.MIN_IGNORES_NAN,
            ConfiguredReduceTest.class,
            "nanAnywherePropagatesThroughMinMaxAndSum"),
        Arguments.of(
            Fault.SIGNED_ZERO, ConfiguredReduceTest.class, "signedZerosFollowMathMinAndMax"),
        Arguments.of(Fault.DROPS_LAST_AT_BLOCK_EDGE, ConfiguredReduceTest.class, "everyVariant"),
        Arguments.of(
            Fault.SATURATING_LONG_SUM,
            ConfiguredReduceTest.class,
            "integerArithmeticWrapsLikeJava"),
        Arguments.of(Fault.UNDERSTATED_CHAIN, ConfiguredReduceTest.class, "everyVariant"),
        Arguments.of(Fault.UNDERSTATED_CHAIN, ConfiguredDotTest.class, "everyVariant"),
        Arguments.of(Fault.EXCLUSIVE_OFF_BY_ONE, ConfiguredScanTest.class, "everyVariant"),
        Arguments.of(
            Fault.UPPER_BOUND_INCLUSIVE,
            ConfiguredHistogramTest.class,
            "edgesLandInTheDocumentedBins"),
        Arguments.of(
            Fault.TRUNCATED_LONG_KEYS,
            ConfiguredHistogramTest.class,
            "edgesLandInTheDocumentedBins"),
        Arguments.of(Fault.INT_DOT_IN_DOUBLE, ConfiguredDotTest.class, "integerDotWrapsLikeJava"),
        Arguments.of(
            Fault.FLOATING_CHUNK_PARTIALS,
            ConfiguredDotTest.class,
            "reproducibleDotsAgreeWithTheCpuBitForBit"));
  }

  @ParameterizedTest(name = "{0} caught by {1}.{2}")
  @MethodSource("faults")
  void faultIsCaughtAndTheCleanBackendPasses(Fault fault, Class<?> suite, String method) {
    TestExecutionSummary faulty = run(suite, method, fault);
    assertTrue(
        faulty.getTotalFailureCount() > 0,
        fault + " went unnoticed by " + suite.getSimpleName() + "." + method);
    TestExecutionSummary clean = run(suite, method, Fault.NONE);
    assertEquals(
        0,
        clean.getTotalFailureCount(),
        () -> "clean backend failed: " + clean.getFailures().get(0).getException());
    assertTrue(clean.getTestsSucceededCount() > 0, "the clean run ran tests");
    assertEquals(0, clean.getTestsAbortedCount(), "the clean run was not skipped");
  }

  /**
   * The chunk-dependent fault gives the reference's bits with the default single chunk, so only the
   * comparison across launch shapes catches it: without shapes the same tests pass.
   */
  @org.junit.jupiter.api.Test
  void onlyTheLaunchShapesCatchAChunkDependentSum() {
    String method = "reproducibleSumsAgreeWithTheCpuBitForBit";
    TestExecutionSummary withoutShapes =
        run(ConfiguredReduceTest.class, method, Fault.FLOATING_CHUNK_PARTIALS, "");
    assertEquals(0, withoutShapes.getTotalFailureCount(), "the default shape alone agrees");
    assertTrue(withoutShapes.getTestsSucceededCount() > 0, "tests ran");
    TestExecutionSummary withShapes =
        run(ConfiguredReduceTest.class, method, Fault.FLOATING_CHUNK_PARTIALS, SHAPES);
    assertTrue(withShapes.getTotalFailureCount() > 0, "other chunk sizes disagree");
  }

  private static TestExecutionSummary run(Class<?> suite, String method, Fault fault) {
    return run(suite, method, fault, SHAPES);
  }

  private static TestExecutionSummary run(
      Class<?> suite, String method, Fault fault, String shapes) {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(DiscoverySelectors.selectMethod(suite, method))
            .configurationParameter(ConfiguredBackend.BACKEND, SequentialProvider.ID)
            .configurationParameter(
                ConfiguredBackend.CONFIG, SequentialProvider.FAULT + "=" + fault.name())
            .configurationParameter(ConfiguredBackend.SHAPES, shapes)
            .build();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(request, listener);
    return listener.getSummary();
  }
}
