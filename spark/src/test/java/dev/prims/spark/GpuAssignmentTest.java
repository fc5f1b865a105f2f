package dev.prims.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.prims.PrimsConfig;
import java.util.Map;
import java.util.Optional;
import org.apache.spark.resource.ResourceInformation;
import org.junit.jupiter.api.Test;

/**
 * The task's GPU address becomes its {@code prims.device} (unit level: Spark hands these maps to
 * tasks from {@code TaskContext.resourcesJMap()}; no GPU needed).
 */
class GpuAssignmentTest {
  private static final ExecutorSettings SETTINGS =
      new ExecutorSettings(Map.of("prims.backend", "cuda", "prims.fallback", "false"));

  @Test
  void aTaskRunsOnTheFirstGpuSparkAssignedIt() {
    Map<String, ResourceInformation> resources =
        Map.of("gpu", new ResourceInformation("gpu", new String[] {"3", "5"}));
    assertEquals(Optional.of("3"), GpuAssignment.deviceFor(resources));
    PrimsConfig config = SETTINGS.configFor(resources);
    assertEquals("3", config.values().get(PrimsConfig.DEVICE));
    assertEquals("cuda", config.values().get(PrimsConfig.BACKEND));
  }

  @Test
  void twoTasksOnOneExecutorGetTheirOwnDevices() {
    for (String address : new String[] {"0", "1", "7"}) {
      Map<String, ResourceInformation> resources =
          Map.of("gpu", new ResourceInformation("gpu", new String[] {address}));
      assertEquals(address, SETTINGS.configFor(resources).values().get(PrimsConfig.DEVICE));
    }
  }

  @Test
  void withoutGpusTheConfiguredDeviceStays() {
    Map<String, ResourceInformation> fpgaOnly =
        Map.of("fpga", new ResourceInformation("fpga", new String[] {"0"}));
    assertFalse(GpuAssignment.deviceFor(fpgaOnly).isPresent());
    assertFalse(GpuAssignment.deviceFor(Map.of()).isPresent());
    ExecutorSettings pinned = new ExecutorSettings(Map.of("prims.device", "2"));
    assertEquals("2", pinned.configFor(fpgaOnly).values().get(PrimsConfig.DEVICE));
    assertEquals(
        "6",
        pinned
            .configFor(Map.of("gpu", new ResourceInformation("gpu", new String[] {"6"})))
            .values()
            .get(PrimsConfig.DEVICE));
  }
}
