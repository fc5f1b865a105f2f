package dev.prims;

/**
 * The k smallest or largest values of an array in order ({@link TopKOrder}), with the index in the
 * input of each.
 *
 * @param <A> the array type
 */
public record TopKResult<A>(A values, int[] indices, Provenance provenance) {}
