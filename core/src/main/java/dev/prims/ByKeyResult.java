package dev.prims;

/**
 * A reduce-by-key result: the key of each run of equal adjacent keys, the reduction of the run's
 * values, and the number of runs (the length of both arrays), with its {@link Provenance}.
 *
 * @param <K> the key array type ({@code int[]} or {@code long[]})
 * @param <A> the value array type ({@code int[]}, {@code long[]}, {@code float[]} or {@code
 *     double[]})
 */
public record ByKeyResult<K, A>(K keys, A values, int runs, Provenance provenance) {}
