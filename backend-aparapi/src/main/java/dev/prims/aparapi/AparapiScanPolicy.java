package dev.prims.aparapi;

/**
 * Launch shape of scan (reduce-then-scan): the input is cut into one contiguous chunk per group, a
 * whole number of tiles of {@link #TILE} elements, each work-item scanning {@link
 * #ITEMS_PER_THREAD} consecutive elements of a tile.
 */
final class AparapiScanPolicy {
  /** Work-items per group; the size of the local scratch arrays. */
  static final int BLOCK_SIZE = 256;

  /** Consecutive elements each work-item scans per tile. */
  static final int ITEMS_PER_THREAD = 8;

  /** Elements per tile: what one group scans in local memory at a time. */
  static final int TILE = BLOCK_SIZE * ITEMS_PER_THREAD;

  /** log2 of the local-memory banks: the tile gets one element of padding per bank row. */
  static final int LOG_BANKS = 5;

  /**
   * Length of the padded local tile, so that work-items reading consecutive runs hit distinct
   * banks.
   */
  static final int PADDED_TILE = TILE + (TILE >> LOG_BANKS);

  /** Groups per compute unit. */
  static final int GROUPS_PER_COMPUTE_UNIT = 4;

  /** Upper bound on groups: every group reads the totals of those before it. */
  static final int MAX_GROUPS = 2048;

  private AparapiScanPolicy() {}

  /** Groups to launch for {@code n} elements on a device with {@code computeUnits}. */
  static int groups(long n, int computeUnits) {
    return GroupCount.of(n, BLOCK_SIZE, computeUnits, GROUPS_PER_COMPUTE_UNIT, MAX_GROUPS);
  }

  /**
   * Elements per group for the reproducible fold scan: a multiple of {@link #BLOCK_SIZE} covering
   * {@code n} with the groups.
   */
  static int chunk(long n, int groups) {
    long perGroup = (n + groups - 1) / groups;
    return (int) ((perGroup + BLOCK_SIZE - 1) / BLOCK_SIZE * BLOCK_SIZE);
  }

  /** Groups for the tiled scan: {@link #groups}, no more than there are tiles. */
  static int tiledGroups(long n, int computeUnits) {
    long tiles = (n + TILE - 1) / TILE;
    return (int) Math.max(1, Math.min(groups(n, computeUnits), tiles));
  }

  /** Elements per group of the tiled scan: a multiple of {@link #TILE} covering {@code n}. */
  static int tiledChunk(long n, int groups) {
    long perGroup = (n + groups - 1) / groups;
    return (int) Math.min(Integer.MAX_VALUE, (perGroup + TILE - 1) / TILE * TILE);
  }

  /**
   * Longest chain of sequential combinations behind one output element: a chunk total (strided per
   * work-item, then a tree), the group's offset (a work-item's run over the totals before it, then
   * Hillis-Steele), the carry across the tiles of one chunk, the Hillis-Steele steps over the
   * work-items' runs of a tile, and the element's own work-item run.
   */
  static long sequentialChain(long n, int computeUnits) {
    int groups = tiledGroups(n, computeUnits);
    long chunk = tiledChunk(n, groups);
    int treeDepth = Integer.numberOfTrailingZeros(BLOCK_SIZE);
    long chunkTotal = chunk / BLOCK_SIZE + treeDepth;
    long totals = (groups + BLOCK_SIZE - 1) / BLOCK_SIZE + treeDepth + 1;
    long tileScan = chunk / TILE + treeDepth + 2L * ITEMS_PER_THREAD + 2;
    return Math.min(chunkTotal + totals + tileScan, Math.max(n, 1));
  }
}
