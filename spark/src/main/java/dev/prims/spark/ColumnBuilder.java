package dev.prims.spark;

import dev.prims.DType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;

/**
 * A partition's non-null values of one numeric column as a primitive array of the type prims runs
 * on (int columns may be read as long, any column as double), grown as rows arrive.
 */
final class ColumnBuilder {
  private static final int FIRST_CAPACITY = 1 << 12;

  private final DType source;
  private final DType target;
  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  private int size;

  ColumnBuilder(DType source, DType target) {
    this.source = source;
    this.target = target;
    if (!source.isFloating() && target == DType.FLOAT
        || source.isFloating() && !target.isFloating()
        || source == DType.LONG && target == DType.INT
        || source == DType.DOUBLE && target == DType.FLOAT) {
      throw new IllegalArgumentException("cannot read " + source.id() + " as " + target.id());
    }
    switch (target) {
      case INT -> ints = new int[FIRST_CAPACITY];
      case LONG -> longs = new long[FIRST_CAPACITY];
      case FLOAT -> floats = new float[FIRST_CAPACITY];
      case DOUBLE -> doubles = new double[FIRST_CAPACITY];
    }
  }

  /** Appends the value at {@code ordinal} of {@code row} (which must not be null there). */
  void add(InternalRow row, int ordinal) {
    if (size == capacity()) {
      grow();
    }
    switch (target) {
      case INT -> ints[size] = row.getInt(ordinal);
      case LONG -> longs[size] = source == DType.INT ? row.getInt(ordinal) : row.getLong(ordinal);
      case FLOAT -> floats[size] = row.getFloat(ordinal);
      case DOUBLE -> doubles[size] = asDouble(row, ordinal);
    }
    size++;
  }

  private double asDouble(InternalRow row, int ordinal) {
    return switch (source) {
      case INT -> row.getInt(ordinal);
      case LONG -> row.getLong(ordinal);
      case FLOAT -> row.getFloat(ordinal);
      case DOUBLE -> row.getDouble(ordinal);
    };
  }

  /** Number of values added. */
  int size() {
    return size;
  }

  /** The values added, as an array of exactly {@link #size} elements of the target type. */
  Object values() {
    return switch (target) {
      case INT -> Arrays.copyOf(ints, size);
      case LONG -> Arrays.copyOf(longs, size);
      case FLOAT -> Arrays.copyOf(floats, size);
      case DOUBLE -> Arrays.copyOf(doubles, size);
    };
  }

  private int capacity() {
    return switch (target) {
      case INT -> ints.length;
      case LONG -> longs.length;
      case FLOAT -> floats.length;
      case DOUBLE -> doubles.length;
    };
  }

  private void grow() {
    if (size == Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "a partition holds more than " + size + " values; repartition into more partitions");
    }
    int next = (int) Math.min(Integer.MAX_VALUE - 8L, 2L * size);
    switch (target) {
      case INT -> ints = Arrays.copyOf(ints, next);
      case LONG -> longs = Arrays.copyOf(longs, next);
      case FLOAT -> floats = Arrays.copyOf(floats, next);
      case DOUBLE -> doubles = Arrays.copyOf(doubles, next);
    }
  }
}
