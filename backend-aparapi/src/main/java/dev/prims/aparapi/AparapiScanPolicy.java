package dev.prims.aparapi;

/**
 * Launch shape of scan (reduce-then-scan): the input is cut into one contiguous chunk per group, a
 * whole number of tiles of {@link #BLOCK_SIZE} elements each.
 */
final class AparapiScanPolicy {
  /** Work-items per group and elements per tile; the size of the local scratch arrays. */
  static final int BLOCK_SIZE = 256;

  /** Groups per compute unit. */
  static final int GROUPS_PER_COMPUTE_UNIT = 4;

  /** Upper bound on groups (their totals are scanned on the host). */
  static final int MAX_GROUPS = 2048;

  private AparapiScanPolicy() {}

  /** Groups to launch for {@code n} elements on a device with {@code computeUnits}. */
  static int groups(long n, int computeUnits) {
    long wanted = (long) Math.max(1, computeUnits) * GROUPS_PER_COMPUTE_UNIT;
    long needed = (n + BLOCK_SIZE - 1) / BLOCK_SIZE;
    return (int) Math.max(1, Math.min(Math.min(wanted, needed), MAX_GROUPS));
  }

  /** Elements per group: a multiple of {@link #BLOCK_SIZE} covering {@code n} with the groups. */
  static int chunk(long n, int groups) {
    long perGroup = (n + groups - 1) / groups;
    return (int) ((perGroup + BLOCK_SIZE - 1) / BLOCK_SIZE * BLOCK_SIZE);
  }

  /**
   * Longest chain of sequential additions behind one output element: the group totals (strided per
   * work-item, then a tree), their sequential scan on the host, the carry across the tiles of one
   * chunk, and the tile's Hillis-Steele steps.
   */
  static long sequentialChain(long n, int computeUnits) {
    int groups = groups(n, computeUnits);
    long tiles = chunk(n, groups) / BLOCK_SIZE;
    int treeDepth = Integer.numberOfTrailingZeros(BLOCK_SIZE);
    long chain = tiles + treeDepth + groups + tiles + treeDepth + 2;
    return Math.min(chain, Math.max(n, 1));
  }
}
