package dev.prims;

/** Element types every primitive supports, with the Java array class that holds them. */
public enum DType {
  INT(4, int[].class),
  LONG(8, long[].class),
  FLOAT(4, float[].class),
  DOUBLE(8, double[].class);

  private final int bytes;
  private final Class<?> arrayClass;

  DType(int bytes, Class<?> arrayClass) {
    this.bytes = bytes;
    this.arrayClass = arrayClass;
  }

  /** Size of one element in bytes. */
  public int bytes() {
    return bytes;
  }

  /** The Java array class of this type, such as {@code float[].class}. */
  public Class<?> arrayClass() {
    return arrayClass;
  }

  /** A new Java array of this type with {@code length} elements, all zero. */
  public Object newArray(int length) {
    return java.lang.reflect.Array.newInstance(arrayClass.getComponentType(), length);
  }

  /** Whether this is {@link #FLOAT} or {@link #DOUBLE}. */
  public boolean isFloating() {
    return this == FLOAT || this == DOUBLE;
  }

  /** Lower-case name used in configuration, kernels and the CLI ({@code "float"}). */
  public String id() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The type of a Java primitive array.
   *
   * @throws IllegalArgumentException if {@code array} is null or not an int, long, float or double
   *     array
   */
  public static DType ofArray(Object array) {
    if (array == null) {
      throw new IllegalArgumentException("array must not be null");
    }
    for (DType t : values()) {
      if (t.arrayClass == array.getClass()) {
        return t;
      }
    }
    throw new IllegalArgumentException(
        "unsupported array type "
            + array.getClass().getSimpleName()
            + "; expected int[], long[], float[] or double[]");
  }

  /** The size in bytes of the elements of a Java primitive array (see {@link #ofArray}). */
  static long bytesOf(Object array) {
    return (long) java.lang.reflect.Array.getLength(array) * ofArray(array).bytes();
  }

  /** Parses {@code int|long|float|double} (case-insensitive). */
  public static DType parse(String id) {
    return Arguments.parseName(DType.class, id, "type", "int, long, float or double");
  }
}
