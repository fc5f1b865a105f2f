package dev.prims;

/**
 * A run-length encoding: the value of each run of equal adjacent values, in input order, the run's
 * length, and the number of runs (the length of both arrays), with its {@link Provenance}.
 *
 * @param <A> the value array type ({@code int[]} or {@code long[]})
 */
public record RunLengthResult<A>(A values, long[] lengths, int runs, Provenance provenance) {}
