package dev.prims;

/**
 * A sort result: a new sorted array of the input's type and length, with its {@link Provenance}.
 *
 * @param <A> the array type ({@code int[]}, {@code long[]}, {@code float[]} or {@code double[]})
 */
public record SortResult<A>(A keys, Provenance provenance) {}
