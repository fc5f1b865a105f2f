package dev.prims.cpu;

import java.util.Arrays;

/**
 * The vectorised fast path of {@link FloatFoldTotals}: exact float sums in float arithmetic only,
 * which C2 auto-vectorises on Java 17 (it does not vectorise float-to-double or float-to-int
 * conversions there).
 *
 * <p>A span of rows of {@link #WIDTH} values is summed lane by lane (value {@code j} of each row in
 * lane {@code j}) into three layers of float accumulators. Layer {@code k} starts at {@code 1.5 *
 * 2^E_k} and stays in the binade {@code [2^E_k, 2^(E_k + 1)]} for {@link #ROWS} rows, so {@code t =
 * s + x} rounds {@code x} to a multiple of its fixed unit, {@code q = t - s} is that multiple and
 * {@code x - q} the exact remainder, passed to the next layer. With every magnitude below {@code
 * 2^bound}, the units are {@code 2^(bound - 16)}, {@code 2^(bound - 33)} and {@code 2^(bound -
 * 50)}: a value whose last remainder is zero is the exact sum of its three parts. A span is taken
 * only when every magnitude is below {@code 2^bound} (no NaN, no infinity) and every last remainder
 * is zero; then its values have no bits below {@code 2^(bound - 50)}, far above the top grid's
 * {@code 2^low}, so truncation leaves them unchanged and the layers' exact sums are the span's
 * total.
 */
final class FloatFoldLanes {
  /** Values per row: one per lane. */
  static final int WIDTH = 512;

  /** Rows per span: 64 remainders of at most half a unit keep every layer in its binade. */
  static final int ROWS = 64;

  /** {@link #bound} when the fast path does not apply. */
  static final int NONE = Integer.MIN_VALUE;

  private static final ThreadLocal<FloatFoldLanes> LOCAL =
      ThreadLocal.withInitial(FloatFoldLanes::new);

  private final float[] row = new float[WIDTH];
  private final float[] layer1 = new float[WIDTH];
  private final float[] layer2 = new float[WIDTH];
  private final float[] layer3 = new float[WIDTH];
  private final float[] largest = new float[WIDTH];
  private final float[] lost = new float[WIDTH];

  private FloatFoldLanes() {}

  /** This thread's lanes. */
  static FloatFoldLanes local() {
    return LOCAL.get();
  }

  /**
   * The exponent bound for a range at top grid {@code top} whose first values' largest magnitude is
   * {@code first}: room for values 2^7 times larger, at most the top grid's own ceiling {@code
   * 2^(top + 30)}; {@link #NONE} where the layers' constants would leave the normal float range.
   */
  static int bound(float first, int top) {
    int bound = Math.min(Math.getExponent(first) + 8, top + 30);
    return bound >= -99 && bound <= 120 ? bound : NONE;
  }

  /**
   * Adds the exact total of {@code a[base..end)} ({@code end - base} a positive multiple of {@link
   * #WIDTH}, at most {@link #ROWS} rows), in units of {@code 2^low}, to the 128-bit integer {@code
   * total[0] + 2^64 * total[1]}, when every magnitude is below {@code 2^bound} and a multiple of
   * {@code 2^(bound - 50)}. Returns false, adding nothing, otherwise.
   */
  boolean add(float[] a, int base, int end, int bound, int low, long[] total) {
    float start1 = Math.scalb(1.5f, bound + 7);
    float start2 = Math.scalb(1.5f, bound - 10);
    float start3 = Math.scalb(1.5f, bound - 27);
    Arrays.fill(layer1, start1);
    Arrays.fill(layer2, start2);
    Arrays.fill(layer3, start3);
    Arrays.fill(largest, 0f);
    Arrays.fill(lost, 0f);
    for (int at = base; at < end; at += WIDTH) {
      // a row copy indexed like the accumulators lets C2 vectorise the loop
      System.arraycopy(a, at, row, 0, WIDTH);
      addRow();
    }
    float max = 0f;
    float rest = 0f;
    for (int j = 0; j < WIDTH; j++) {
      max = Math.max(max, largest[j]);
      rest += lost[j];
    }
    if (!(max < Math.scalb(1f, bound)) || rest != 0) {
      return false;
    }
    addShifted(total, units(layer1, start1, bound - 16), bound - 16 - low);
    addShifted(total, units(layer2, start2, bound - 33), bound - 33 - low);
    addShifted(total, units(layer3, start3, bound - 50), bound - 50 - low);
    return true;
  }

  /** One row into the layers: a simple counted loop over arrays, no calls, no branches. */
  private void addRow() {
    float[] x = row;
    float[] s1 = layer1;
    float[] s2 = layer2;
    float[] s3 = layer3;
    float[] m = largest;
    float[] e = lost;
    for (int j = 0; j < WIDTH; j++) {
      float v = x[j];
      m[j] = Math.max(m[j], Math.abs(v));
      float t = s1[j] + v;
      float r = v - (t - s1[j]);
      s1[j] = t;
      t = s2[j] + r;
      r = r - (t - s2[j]);
      s2[j] = t;
      t = s3[j] + r;
      r = r - (t - s3[j]);
      s3[j] = t;
      e[j] += Math.abs(r);
    }
  }

  /**
   * A layer's exact sum in units of {@code 2^unit}: each lane's distance from its start is exact
   * (same binade) and below 2^22 units, so 512 lanes fit in a long.
   */
  private static long units(float[] layer, float start, int unit) {
    double scale = Math.scalb(1.0, -unit);
    long sum = 0;
    for (int j = 0; j < WIDTH; j++) {
      sum += (long) ((double) (layer[j] - start) * scale);
    }
    return sum;
  }

  /** total += v * 2^shift, in 128 bits ({@code 0 <= shift < 128}). */
  static void addShifted(long[] total, long v, int shift) {
    long lo;
    long hi;
    if (shift == 0) {
      lo = v;
      hi = v >> 63;
    } else if (shift < 64) {
      lo = v << shift;
      hi = v >> (64 - shift);
    } else {
      lo = 0;
      hi = v << (shift - 64);
    }
    long sum = total[0] + lo;
    total[1] += hi + (Long.compareUnsigned(sum, total[0]) < 0 ? 1 : 0);
    total[0] = sum;
  }
}
