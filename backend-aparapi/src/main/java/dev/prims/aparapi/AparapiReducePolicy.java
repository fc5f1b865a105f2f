package dev.prims.aparapi;

/**
 * Launch shape of reduce and dot: one partial per work-group, the partials combined on the host.
 */
final class AparapiReducePolicy {
  /** Work-items per group; the size of the kernels' local scratch arrays. */
  static final int BLOCK_SIZE = 256;

  /** Groups per compute unit, enough to keep a GPU's memory system busy. */
  static final int GROUPS_PER_COMPUTE_UNIT = 8;

  /** Upper bound on groups (and so on partials copied back per call). */
  static final int MAX_GROUPS = 4096;

  /** Independent accumulators per work-item in the SUM and dot loops. */
  static final int ACCUMULATORS = 4;

  private AparapiReducePolicy() {}

  /** Groups to launch for {@code n} elements on a device with {@code computeUnits}. */
  static int groups(long n, int computeUnits) {
    return GroupCount.of(n, BLOCK_SIZE, computeUnits, GROUPS_PER_COMPUTE_UNIT, MAX_GROUPS);
  }

  /**
   * Longest chain of sequential additions of a reduce or dot: each work-item's accumulators, their
   * combination, the group's tree and the host's pairwise combination of the partials.
   */
  static long sequentialChain(long n, int computeUnits) {
    int groups = groups(n, computeUnits);
    long items = (long) groups * BLOCK_SIZE;
    long perItem = (n + items - 1) / items;
    long chain =
        (perItem + ACCUMULATORS - 1) / ACCUMULATORS
            + 2
            + Integer.numberOfTrailingZeros(BLOCK_SIZE)
            + HostOps.ceilLog2(groups);
    return Math.min(chain, Math.max(n, 1));
  }
}
