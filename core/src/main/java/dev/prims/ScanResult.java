package dev.prims;

/**
 * A scan result: a new array of the input's type and length, with its {@link Provenance}.
 *
 * @param <A> the array type ({@code int[]}, {@code long[]}, {@code float[]} or {@code double[]})
 */
public record ScanResult<A>(A values, Provenance provenance) {}
