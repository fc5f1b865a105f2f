package dev.prims.conformance.seq;

import java.util.Locale;

/** Deliberate bugs the sequential test backend can carry, each of which the suite must catch. */
enum Fault {
  NONE,
  /** Floating MIN/MAX with {@code <}/{@code >}: a NaN after the first element is lost. */
  MIN_IGNORES_NAN,
  /** MIN/MAX that cannot tell -0.0 from 0.0. */
  SIGNED_ZERO,
  /** SUM drops the last element when n is one past a multiple of 256 (a block-edge bug). */
  DROPS_LAST_AT_BLOCK_EDGE,
  /** Long sums saturate instead of wrapping. */
  SATURATING_LONG_SUM,
  /** States a sequential chain of 0 while summing sequentially. */
  UNDERSTATED_CHAIN,
  /** Exclusive scans start one element late from index 1024 on. */
  EXCLUSIVE_OFF_BY_ONE,
  /** Even histograms count the upper bound in the last bin. */
  UPPER_BOUND_INCLUSIVE,
  /** Long keys are truncated to int before the range check. */
  TRUNCATED_LONG_KEYS,
  /** Integer dot products accumulate in double. */
  INT_DOT_IN_DOUBLE,
  /**
   * Reproducible sums and dots add each chunk's value in floating point instead of its integer fold
   * sums: right with one chunk, wrong (and dependent on {@code prims.seq.chunk}) with more.
   */
  FLOATING_CHUNK_PARTIALS;

  static Fault parse(String id) {
    return valueOf(id.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
  }
}
