package dev.prims.spark;

import java.util.Map;
import java.util.Optional;
import org.apache.spark.resource.ResourceInformation;

/**
 * The GPU Spark assigned to a task ({@code spark.task.resource.gpu.amount}), as the {@code
 * prims.device} the task's prims uses: the first address of the task's {@code gpu} resource.
 * Spark's addresses are the ones its GPU discovery script reports (device ordinals for the usual
 * {@code nvidia-smi} script), so each concurrent task of an executor runs on its own GPU, not
 * device 0.
 */
final class GpuAssignment {
  /** The resource name Spark schedules GPUs under. */
  static final String GPU = "gpu";

  private GpuAssignment() {}

  /**
   * The device for a task holding {@code resources} ({@code TaskContext.resourcesJMap()}): the
   * first GPU address, or empty when the task was given no GPU.
   */
  static Optional<String> deviceFor(Map<String, ResourceInformation> resources) {
    if (resources == null) {
      return Optional.empty();
    }
    ResourceInformation gpu = resources.get(GPU);
    if (gpu == null || gpu.addresses().length == 0) {
      return Optional.empty();
    }
    return Optional.of(gpu.addresses()[0]);
  }
}
