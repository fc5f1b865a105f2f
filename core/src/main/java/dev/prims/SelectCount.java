package dev.prims;

/** The result of a select or partition of a buffer: how many values were kept. */
public record SelectCount(long kept, Provenance provenance) {}
