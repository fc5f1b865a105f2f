package dev.prims.spark;

import dev.prims.DType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.vectorized.ColumnVector;

/**
 * A chunk of one numeric column's non-null values as a primitive array of the type prims runs on
 * (int columns may be read as long, any column as double), filled from rows or column vectors up to
 * a fixed capacity and then reused.
 */
final class ColumnBuilder {
  private final DType source;
  private final DType target;
  private int[] ints;
  private long[] longs;
  private float[] floats;
  private double[] doubles;
  private final int capacity;
  private int size;

  ColumnBuilder(DType source, DType target, int capacity) {
    this.source = source;
    this.target = target;
    this.capacity = capacity;
    if (!source.isFloating() && target == DType.FLOAT
        || source.isFloating() && !target.isFloating()
        || source == DType.LONG && target == DType.INT
        || source == DType.DOUBLE && target == DType.FLOAT) {
      throw new IllegalArgumentException("cannot read " + source.id() + " as " + target.id());
    }
    switch (target) {
      case INT -> ints = new int[capacity];
      case LONG -> longs = new long[capacity];
      case FLOAT -> floats = new float[capacity];
      case DOUBLE -> doubles = new double[capacity];
    }
  }

  /** How many more values fit. */
  int room() {
    return capacity - size;
  }

  /** Appends the value at {@code ordinal} of {@code row} (not null there; {@link #room} > 0). */
  void add(InternalRow row, int ordinal) {
    switch (target) {
      case INT -> ints[size] = row.getInt(ordinal);
      case LONG -> longs[size] = source == DType.INT ? row.getInt(ordinal) : row.getLong(ordinal);
      case FLOAT -> floats[size] = row.getFloat(ordinal);
      case DOUBLE ->
          doubles[size] =
              switch (source) {
                case INT -> row.getInt(ordinal);
                case LONG -> row.getLong(ordinal);
                case FLOAT -> row.getFloat(ordinal);
                case DOUBLE -> row.getDouble(ordinal);
              };
    }
    size++;
  }

  /** Appends row {@code r} of {@code vector} (not null there; {@link #room} > 0). */
  void add(ColumnVector vector, int r) {
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

  /** Appends rows {@code [from, from + count)} of a vector without nulls (count <= room). */
  void addAll(ColumnVector vector, int from, int count) {
    if (source == target && target == DType.DOUBLE) {
      for (int r = 0; r < count; r++) {
        doubles[size + r] = vector.getDouble(from + r);
      }
      size += count;
      return;
    }
    for (int r = 0; r < count; r++) {
      add(vector, from + r);
    }
  }

  /** Number of values held. */
  int size() {
    return size;
  }

  /**
   * The values held: the buffer itself when full (valid until {@link #clear}), else a copy of
   * exactly {@link #size} elements.
   */
  Object values() {
    return switch (target) {
      case INT -> size == capacity ? ints : Arrays.copyOf(ints, size);
      case LONG -> size == capacity ? longs : Arrays.copyOf(longs, size);
      case FLOAT -> size == capacity ? floats : Arrays.copyOf(floats, size);
      case DOUBLE -> size == capacity ? doubles : Arrays.copyOf(doubles, size);
    };
  }

  /** Empties the chunk for reuse. */
  void clear() {
    size = 0;
  }
}
