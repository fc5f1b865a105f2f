package dev.prims.spark;

import java.lang.reflect.Array;

/**
 * A chunk of one partition of one or two numeric columns as primitive arrays: the rows where no
 * column is null, and how many rows were skipped for a null. {@code second} is null for one column.
 * The arrays may be reused for the next chunk once the chunk's work is done.
 */
record PartitionColumn(Object values, Object second, long nulls) {
  /** Number of non-null values (rows for a pair). */
  int length() {
    return Array.getLength(values);
  }
}
