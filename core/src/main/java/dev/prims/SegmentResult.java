package dev.prims;

/**
 * A segmented reduce result: one value per segment, in a new array of the input's type, with its
 * {@link Provenance}.
 *
 * @param <A> the array type ({@code int[]}, {@code long[]}, {@code float[]} or {@code double[]})
 */
public record SegmentResult<A>(A values, Provenance provenance) {}
