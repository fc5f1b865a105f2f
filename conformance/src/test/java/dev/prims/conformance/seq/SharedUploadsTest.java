package dev.prims.conformance.seq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.conformance.configured.ConfiguredBackend;
import dev.prims.conformance.configured.ConfiguredScanTest;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * A backend whose uploads share the caller's array (as the cpu backend's once did; the SPI now asks
 * for a copy, which {@code BufferConformance} checks) still passes the reproducible scan agreement:
 * the suite's scans on device buffers must not overwrite the input array that is then scanned again
 * for the comparison with the cpu backend. (They once scanned an upload of it in place, so the cpu
 * backend was compared on an already-scanned array.)
 */
class SharedUploadsTest {
  @Test
  void reproducibleScanAgreementLeavesTheSharedInputIntact() {
    LauncherDiscoveryRequest request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(
                DiscoverySelectors.selectMethod(
                    ConfiguredScanTest.class, "reproducibleScansAgreeWithTheCpuBitForBit"))
            .configurationParameter(ConfiguredBackend.BACKEND, SequentialProvider.ID)
            .configurationParameter(
                ConfiguredBackend.CONFIG, SequentialProvider.SHARED_UPLOADS + "=true")
            .build();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request, listener);
    TestExecutionSummary summary = listener.getSummary();
    assertEquals(
        0,
        summary.getTotalFailureCount(),
        () -> "with shared uploads: " + summary.getFailures().get(0).getException());
    assertTrue(summary.getTestsSucceededCount() > 0, "the agreement tests ran");
    assertEquals(0, summary.getTestsAbortedCount(), "the agreement tests were not skipped");
  }
}
