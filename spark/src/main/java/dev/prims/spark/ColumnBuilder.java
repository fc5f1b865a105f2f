package dev.prims.spark;

import dev.prims.DType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A partition's non-null values of one numeric column as a primitive array of the type prims runs
 * on (int columns may be read as long, any column as double), grown as rows or columnar batches
 * arrive.
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

  /**
   * Appends the non-null values of the first {@code rows} rows of {@code vector} and returns how
   * many were null: one bulk copy when the vector has no nulls and the types match.
   */
  long addAll(ColumnVector vector, int rows) {
    while (capacity() - size < rows) {
      grow();
    }
    if (!vector.hasNull() && source == target) {
      switch (target) {
        case INT -> System.arraycopy(vector.getInts(0, rows), 0, ints, size, rows);
        case LONG -> System.arraycopy(vector.getLongs(0, rows), 0, longs, size, rows);
        case FLOAT -> System.arraycopy(vector.getFloats(0, rows), 0, floats, size, rows);
        case DOUBLE -> System.arraycopy(vector.getDoubles(0, rows), 0, doubles, size, rows);
      }
      size += rows;
      return 0;
    }
    long nulls = 0;
    for (int r = 0; r < rows; r++) {
      if (vector.isNullAt(r)) {
        nulls++;
      } else {
        add(vector, r);
      }
    }
    return nulls;
  }

  /** Appends the value of row {@code r} of {@code vector} (which must not be null there). */
  void add(ColumnVector vector, int r) {
    if (size == capacity()) {
      grow();
    }
    switch (target) {
      case INT -> ints[size] = vector.getInt(r);
      case LONG -> longs[size] = source == DType.INT ? vector.getInt(r) : vector.getLong(r);
      case FLOAT -> floats[size] = vector.getFloat(r);
      case DOUBLE ->
          doubles[size] =
              switch (source) {
                case INT -> vector.getInt(r);
                case LONG -> vector.getLong(r);
                case FLOAT -> vector.getFloat(r);
                case DOUBLE -> vector.getDouble(r);
              };
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
    if (size == capacity()) {
      return switch (target) {
        case INT -> ints;
        case LONG -> longs;
        case FLOAT -> floats;
        case DOUBLE -> doubles;
      };
    }
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
    if (capacity() == Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException(
          "a partition holds more than " + size + " values; repartition into more partitions");
    }
    int next = (int) Math.min(Integer.MAX_VALUE - 8L, 2L * capacity());
    switch (target) {
      case INT -> ints = Arrays.copyOf(ints, next);
      case LONG -> longs = Arrays.copyOf(longs, next);
      case FLOAT -> floats = Arrays.copyOf(floats, next);
      case DOUBLE -> doubles = Arrays.copyOf(doubles, next);
    }
  }
}
