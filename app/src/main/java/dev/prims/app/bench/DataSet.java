package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * The deterministic inputs of one (type, size) point, made the same way as the CUB reference
 * program makes them on the GPU, so both see the same values: integers {@code hash(i) mod 1000}
 * (histogram keys {@code hash(i) mod 256}), floating values {@code (hash(i) >>> 8) / 2^24} in
 * {@code [0, 1)}. The second dot operand uses the index offset {@link #SECOND_SALT}. Integer sort
 * keys span their type's whole range ({@link #sortKeys}). The keys of unique and run-length encode
 * come in runs ({@link #runKeys}). Arrays are made on first use and kept for the life of this
 * object. A point longer than the longest Java array exists only on devices: {@link #uploadValues}
 * and its siblings build its buffers slice by slice through {@link Prims#write}.
 */
public final class DataSet {
  /** Index offset of the second dot operand (as in the reference program). */
  public static final long SECOND_SALT = 0x5EEDL;

  /** Index offset of the low halves of long {@link #sortKeys} (as in the reference program). */
  static final long SORT_SALT = 0x534F5254L;

  /** Index offset of the run-start test of {@link #runKeys} (as in the reference program). */
  static final long RUN_SALT = 0x52554E53L;

  private static final int VALUE_MODULUS = 1000;

  /** Run counts of the first n run keys, by n (the same for int and long keys). */
  private static final Map<Long, Long> RUN_COUNTS = new ConcurrentHashMap<>();

  /** The longest array the JVM allocates. */
  static final int LARGEST_JAVA_ARRAY = Integer.MAX_VALUE - 8;

  /** Elements per slice when a device-only point is written to a buffer. */
  private static final int SLICE = 1 << 26;

  private final DType type;
  private final long n;
  private final long largestArray;
  private final int slice;
  private Object values;
  private Object second;
  private Object keys;
  private Object runKeys;
  private Object sortKeys;
  private double[] valuesAsDoubles;

  public DataSet(DType type, long n) {
    this(type, n, LARGEST_JAVA_ARRAY, SLICE);
  }

  /** A data set whose arrays stop at {@code largestArray} elements, written in {@code slice}s. */
  DataSet(DType type, long n, long largestArray, int slice) {
    if (n < 0) {
      throw new IllegalArgumentException("a data set cannot have " + n + " elements");
    }
    this.type = type;
    this.n = n;
    this.largestArray = largestArray;
    this.slice = slice;
  }

  public DType type() {
    return type;
  }

  public long n() {
    return n;
  }

  /** Whether the point fits in Java arrays (else it exists only in device buffers). */
  public boolean fitsInArrays() {
    return n <= largestArray;
  }

  /** The length of the point's Java arrays. */
  public int arrayLength() {
    if (!fitsInArrays()) {
      throw new IllegalStateException(
          n + " elements do not fit in a Java array: this point exists only on devices");
    }
    return (int) n;
  }

  /** The main input in a new buffer of {@code view}. */
  public DeviceBuffer uploadValues(Prims view) {
    return fitsInArrays() ? view.upload(values()) : writeSlices(view, 0, VALUE_MODULUS);
  }

  /** The second dot operand in a new buffer of {@code view}. */
  public DeviceBuffer uploadSecond(Prims view) {
    return fitsInArrays() ? view.upload(second()) : writeSlices(view, SECOND_SALT, VALUE_MODULUS);
  }

  /** The histogram input in a new buffer of {@code view}. */
  public DeviceBuffer uploadHistogramInput(Prims view) {
    if (fitsInArrays()) {
      return view.upload(histogramInput());
    }
    return writeSlices(view, 0, type.isFloating() ? VALUE_MODULUS : Operation.BINS);
  }

  /** A buffer of all {@link #n} elements, made on the host one slice at a time. */
  private DeviceBuffer writeSlices(Prims view, long salt, int modulus) {
    DeviceBuffer buffer = view.allocate(type, n);
    try {
      for (long from = 0; from < n; from += slice) {
        int length = (int) Math.min(slice, n - from);
        view.write(buffer, from, fill(from + salt, length, modulus));
      }
      return buffer;
    } catch (RuntimeException | Error e) {
      buffer.close();
      throw e;
    }
  }

  /** The main input. */
  public synchronized Object values() {
    if (values == null) {
      values = fill(0, arrayLength(), VALUE_MODULUS);
    }
    return values;
  }

  /** The second operand of dot. */
  public synchronized Object second() {
    if (second == null) {
      second = fill(SECOND_SALT, arrayLength(), VALUE_MODULUS);
    }
    return second;
  }

  /**
   * The histogram input: keys {@code 0..255} for integer types, the main values (in {@code [0, 1)})
   * for floating types.
   */
  public synchronized Object histogramInput() {
    if (!type.isFloating()) {
      if (keys == null) {
        keys = fill(0, arrayLength(), Operation.BINS);
      }
      return keys;
    }
    return values();
  }

  /**
   * The keys of the sort benchmark: for int keys {@code hash(i)}, for long keys {@code hash(i) <<
   * 32 | hash(i + SORT_SALT)} (uniform over the type's whole range, as radix sorts are measured:
   * every digit varies); for floating types the main values.
   */
  public synchronized Object sortKeys() {
    if (sortKeys == null) {
      int length = arrayLength();
      sortKeys =
          switch (type) {
            case INT -> {
              int[] a = new int[length];
              IntStream.range(0, length).parallel().forEach(i -> a[i] = hash32(i));
              yield a;
            }
            case LONG -> {
              long[] a = new long[length];
              IntStream.range(0, length).parallel().forEach(i -> a[i] = longSortKey(i));
              yield a;
            }
            default -> values();
          };
    }
    return sortKeys;
  }

  /** Long sort key {@code i}. */
  static long longSortKey(long i) {
    return (long) hash32(i) << 32 | (hash32(i + SORT_SALT) & 0xFFFFFFFFL);
  }

  /**
   * Integer keys in runs of random length, the input of unique and run-length encode: a run starts
   * at index 0 and wherever {@code (hash(i + RUN_SALT) & 3) == 0}, so run lengths are geometric
   * with mean 4, and every key of a run is {@code hash(start) mod 1000} (adjacent runs share a
   * value one time in 1000, and then are one run). About a quarter of the keys start a run: {@link
   * #runCount} of them.
   *
   * @throws IllegalStateException for float or double data (unique takes int or long keys)
   */
  public synchronized Object runKeys() {
    if (runKeys == null) {
      int length = arrayLength();
      switch (type) {
        case INT -> {
          int[] a = new int[length];
          IntStream.range(0, length).parallel().forEach(i -> a[i] = runKey(i));
          runKeys = a;
        }
        case LONG -> {
          long[] a = new long[length];
          IntStream.range(0, length).parallel().forEach(i -> a[i] = runKey(i));
          runKeys = a;
        }
        default ->
            throw new IllegalStateException(
                "run keys are int or long, not " + type.id() + " (unique compares keys by ==)");
      }
    }
    return runKeys;
  }

  /**
   * The number of runs of equal adjacent keys among the first {@code n} {@link #runKeys}: the count
   * unique keeps and run-length encode returns (computed once per n).
   */
  public static long runCount(long n) {
    if (n <= 0) {
      return 0;
    }
    return RUN_COUNTS.computeIfAbsent(
        n,
        k ->
            1
                + LongStream.range(1, k)
                    .parallel()
                    .filter(i -> runStarts(i) && runKey(i) != runKey(i - 1))
                    .count());
  }

  private static boolean runStarts(long i) {
    return i == 0 || (hash32(i + RUN_SALT) & 3) == 0;
  }

  /** Key {@code i} of {@link #runKeys}: the value of the run it belongs to. */
  static int runKey(long i) {
    long start = i;
    while (!runStarts(start)) {
      start--;
    }
    return integer(start, VALUE_MODULUS);
  }

  /** The main input widened to doubles (for the JDK's DoubleStream peer on float data). */
  public synchronized double[] valuesAsDoubles() {
    if (valuesAsDoubles == null) {
      Object v = values();
      int n = arrayLength();
      double[] d = new double[n];
      switch (type) {
        case INT -> IntStream.range(0, n).parallel().forEach(i -> d[i] = ((int[]) v)[i]);
        case LONG -> IntStream.range(0, n).parallel().forEach(i -> d[i] = ((long[]) v)[i]);
        case FLOAT -> IntStream.range(0, n).parallel().forEach(i -> d[i] = ((float[]) v)[i]);
        case DOUBLE -> System.arraycopy((double[]) v, 0, d, 0, n);
      }
      valuesAsDoubles = d;
    }
    return valuesAsDoubles;
  }

  /** Elements {@code salt .. salt + n - 1} of the sequence. */
  private Object fill(long salt, int n, int modulus) {
    switch (type) {
      case INT -> {
        int[] a = new int[n];
        IntStream.range(0, n).parallel().forEach(i -> a[i] = integer(i + salt, modulus));
        return a;
      }
      case LONG -> {
        long[] a = new long[n];
        IntStream.range(0, n).parallel().forEach(i -> a[i] = integer(i + salt, modulus));
        return a;
      }
      case FLOAT -> {
        float[] a = new float[n];
        IntStream.range(0, n).parallel().forEach(i -> a[i] = (float) unit(i + salt));
        return a;
      }
      default -> {
        double[] a = new double[n];
        IntStream.range(0, n).parallel().forEach(i -> a[i] = unit(i + salt));
        return a;
      }
    }
  }

  /** The 32-bit hash of an index shared with the reference program. */
  static int hash32(long i) {
    long x = i * 0x9E3779B97F4A7C15L;
    x ^= x >>> 32;
    x *= 0xD6E8FEB86659FD93L;
    x ^= x >>> 32;
    return (int) x;
  }

  private static int integer(long i, int modulus) {
    return Integer.remainderUnsigned(hash32(i), modulus);
  }

  private static double unit(long i) {
    return (hash32(i) >>> 8) / 16777216.0;
  }
}
