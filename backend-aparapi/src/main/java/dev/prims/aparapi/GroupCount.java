package dev.prims.aparapi;

/**
 * How many work-groups a launch takes: enough to keep every compute unit busy, no more than the
 * elements need, under a bound.
 */
final class GroupCount {
  private GroupCount() {}

  /**
   * Work-groups for {@code n} elements at one per work-item of {@code block}-item groups: {@code
   * perComputeUnit} per compute unit (at least one unit), at most what {@code n} needs and {@code
   * max}, at least 1.
   */
  static int of(long n, int block, int computeUnits, int perComputeUnit, int max) {
    long wanted = (long) Math.max(1, computeUnits) * perComputeUnit;
    long needed = (n + block - 1) / block;
    return (int) Math.max(1, Math.min(Math.min(wanted, needed), max));
  }
}
