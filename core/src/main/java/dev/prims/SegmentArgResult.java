package dev.prims;

/**
 * A segmented arg-min or arg-max result: per segment the first extreme element (in a new array of
 * the input's type) and its index in the whole input; an empty segment has the operator's identity
 * and index -1. With the {@link Provenance} of the call.
 *
 * @param <A> the array type ({@code int[]}, {@code long[]}, {@code float[]} or {@code double[]})
 */
public record SegmentArgResult<A>(A values, long[] indices, Provenance provenance) {}
