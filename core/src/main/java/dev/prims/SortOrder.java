package dev.prims;

/**
 * The order of a sort. Floating keys are ordered as {@link Float#compare}/{@link Double#compare}
 * order them: {@code -0.0} before {@code +0.0}, every NaN after {@code +Infinity} (all NaNs equal
 * keys, together; a sort may return them as the canonical {@link Float#NaN}). {@link #DESCENDING}
 * is the exact reverse of that order, so NaNs come first; equal keys keep their input order in
 * both.
 */
public enum SortOrder {
  ASCENDING,
  DESCENDING
}
