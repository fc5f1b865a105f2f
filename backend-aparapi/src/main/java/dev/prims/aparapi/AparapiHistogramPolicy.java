package dev.prims.aparapi;

/**
 * Launch shape of histogram: with {@code shared-atomics} every group counts into its own row in
 * local memory (up to {@link #LOCAL_BINS} bins) and stores it as its row in global memory; with
 * {@code group-rows} every group counts into its own row of bins in global memory (rows merged
 * afterwards), as many groups as the row budget allows; with {@code global-atomics} all groups
 * share one row.
 */
final class AparapiHistogramPolicy {
  /** Work-items per group. */
  static final int BLOCK_SIZE = 256;

  /** Groups per compute unit. */
  static final int GROUPS_PER_COMPUTE_UNIT = 4;

  /** Upper bound on groups. */
  static final int MAX_GROUPS = 1024;

  /** Groups per compute unit for {@code shared-atomics}, enough to keep a GPU's loads in flight. */
  static final int SHARED_GROUPS_PER_COMPUTE_UNIT = 8;

  /** Most bins of {@code shared-atomics}: the int counters of one group's local row (16 KiB). */
  static final int LOCAL_BINS = 4096;

  /** Most ints all group rows may take together (64 MiB). */
  static final int ROW_BUDGET = 1 << 24;

  private AparapiHistogramPolicy() {}

  /** Groups to launch for {@code n} elements on a device with {@code computeUnits}. */
  static int groups(long n, int computeUnits) {
    return GroupCount.of(n, BLOCK_SIZE, computeUnits, GROUPS_PER_COMPUTE_UNIT, MAX_GROUPS);
  }

  /** Groups for {@code shared-atomics}: more per compute unit, cut so their rows fit the budget. */
  static int sharedGroups(long n, int computeUnits, int bins) {
    int groups =
        GroupCount.of(n, BLOCK_SIZE, computeUnits, SHARED_GROUPS_PER_COMPUTE_UNIT, MAX_GROUPS);
    return Math.max(1, Math.min(groups, ROW_BUDGET / Math.max(1, bins)));
  }

  /** Whether {@code shared-atomics} can hold a row of {@code bins} in local memory. */
  static boolean sharedFits(int bins) {
    return bins <= LOCAL_BINS;
  }

  /** Groups for {@code group-rows}: {@link #groups} cut so that their rows fit the budget. */
  static int rowGroups(long n, int computeUnits, int bins) {
    return (int) Math.max(1, Math.min(groups(n, computeUnits), ROW_BUDGET / Math.max(1, bins)));
  }

  /** Whether {@code group-rows} can give even one group a row of {@code bins}. */
  static boolean rowsFit(int bins) {
    return bins <= ROW_BUDGET;
  }

  /** A global size covering {@code count} work-items in whole groups. */
  static int cover(int count) {
    long groups = Math.max(1, ((long) count + BLOCK_SIZE - 1) / BLOCK_SIZE);
    return (int) (groups * BLOCK_SIZE);
  }
}
