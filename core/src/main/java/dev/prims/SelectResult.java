package dev.prims;

/**
 * The result of a select or a partition of an array: a new array of the input's type holding the
 * kept values in input order ({@code kept} of them, the whole array for a select), followed for a
 * partition by the other values in input order.
 *
 * @param <A> the array type
 */
public record SelectResult<A>(A values, int kept, Provenance provenance) {}
