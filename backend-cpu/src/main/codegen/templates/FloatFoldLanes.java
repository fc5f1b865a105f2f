<#-- FloatFoldLanes: the exact float sums' lane loops, one per number of layers (two, three). -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="FloatFoldLanes" />

import java.util.Arrays;

/**
 * The vectorised fast path of {@link FloatFoldTotals}: exact float sums in float arithmetic only,
 * which C2 auto-vectorises on Java 17 (it does not vectorise float-to-double or float-to-int
 * conversions there).
 *
 * <p>A span of rows of {@link #WIDTH} values is summed lane by lane (value {@code j} of each row in
 * lane {@code j}) into two or three layers of float accumulators. Layer {@code k} starts at {@code
 * 1.5 * 2^E_k} and stays in the binade {@code [2^E_k, 2^(E_k + 1)]} for {@link #ROWS} rows, so
 * {@code t = s + x} rounds {@code x} to a multiple of its fixed unit, {@code q = t - s} is that
 * multiple and {@code x - q} the exact remainder, passed to the next layer. With every magnitude
 * below {@code 2^bound}, the units are {@code 2^(bound - 16)}, {@code 2^(bound - 33)} and {@code
 * 2^(bound - 50)}: a value whose last remainder is zero is the exact sum of its parts. A span is
 * taken only when every magnitude is below {@code 2^bound} (no NaN, no infinity) and every last
 * remainder is zero; then its values have no bits below the last layer's unit, far above the top
 * grid's {@code 2^low}, so truncation leaves them unchanged and the layers' exact sums are the
 * span's total.
 *
 * <p>The bound is checked in the same loop without a maximum (which C2 compiles to a blend sequence
 * for Java's NaN and signed-zero rules): {@code (|x| + c) - c} with {@code c = (1 + 2^-23) *
 * 2^(bound + 24)}, whose unit is {@code 2^(bound + 1)} and whose last significand bit is odd, is
 * zero exactly when {@code |x| < 2^bound} (a tie at {@code |x| = 2^bound} rounds to the even
 * neighbour, away from {@code c}), positive otherwise and NaN for NaN. It and the last remainder's
 * magnitude are summed per lane: a sum of non-negative terms stays zero only if every term is. (The
 * loop body keeps this shape on purpose: small changes, such as the magnitude of {@code (x + c) -
 * c} instead of {@code (|x| + c) - c}, made C2 leave the loop scalar once it was inlined into its
 * caller.)
 *
 * <p>Two layers are tried first (values that are multiples of {@code 2^(bound - 33)}, such as data
 * on a 2^-24 grid, need no third); a span they decline is summed again with three, and then the
 * next {@link #RETRY} spans go straight to three. Which path takes a span changes only the speed:
 * both give its exact total. Generated from backend-cpu/src/main/codegen/templates/FloatFoldLanes.java.
 */
final class FloatFoldLanes {
  /** Values per row: one per lane. */
  static final int WIDTH = 512;

  /** Rows per span: 64 remainders of at most half a unit keep every layer in its binade. */
  static final int ROWS = 64;

  /** {@link #bound} when the fast path does not apply. */
  static final int NONE = Integer.MIN_VALUE;

  /** Spans summed with three layers, after two layers declined one, before two are tried again. */
  static final int RETRY = 64;

  private static final int QUARTER = WIDTH / 4;

  private static final ThreadLocal<FloatFoldLanes> LOCAL =
      ThreadLocal.withInitial(FloatFoldLanes::new);

  private final float[] row = new float[WIDTH];
  private final float[] layer1 = new float[WIDTH];
  private final float[] layer2 = new float[WIDTH];
  private final float[] layer3 = new float[WIDTH];
  private final float[] lost = new float[WIDTH];
  private final float[][] layers = {layer1, layer2, layer3};

  /** Spans left that skip the two-layer attempt. */
  private int threeLayerSpans;

  private FloatFoldLanes() {}

  /** This thread's lanes. */
  static FloatFoldLanes local() {
    return LOCAL.get();
  }

  /**
   * The exponent bound for a range at top grid {@code top} whose first values' largest magnitude is
   * {@code first}: room for values 2^7 times larger, at most the top grid's own ceiling {@code
   * 2^(top + 30)}; {@link #NONE} where the layers' or the bound check's constants would leave the
   * normal float range.
   */
  static int bound(float first, int top) {
    int bound = Math.min(Math.getExponent(first) + 8, top + 30);
    return bound >= -99 && bound <= 103 ? bound : NONE;
  }

  /**
   * Adds the exact total of {@code a[base..end)} ({@code end - base} a positive multiple of {@link
   * #WIDTH}, at most {@link #ROWS} rows), in units of {@code 2^low}, to the 128-bit integer {@code
   * total[0] + 2^64 * total[1]}, when every magnitude is below {@code 2^bound} and a multiple of
   * {@code 2^(bound - 50)}. Returns false, adding nothing, otherwise.
   */
  boolean add(float[] a, int base, int end, int bound, int low, long[] total) {
    if (threeLayerSpans > 0) {
      threeLayerSpans--;
      return addThreeLayers(a, base, end, bound, low, total);
    }
    if (addTwoLayers(a, base, end, bound, low, total)) {
      return true;
    }
    threeLayerSpans = RETRY;
    return addThreeLayers(a, base, end, bound, low, total);
  }

<#list [2, 3] as layers>
<#assign Layers = (layers == 2)?then("Two", "Three")>
<#if layers == 2>
  /**
   * {@link #add} for values that are multiples of {@code 2^(bound - 33)}: two layers. Returns
   * false, adding nothing, for any other span.
   */
<#else>
  /** {@link #add} with three layers, whatever the previous spans needed. */
</#if>
  boolean add${Layers}Layers(float[] a, int base, int end, int bound, int low, long[] total) {
    float check = startLayers(${layers}, bound);
    for (int at = base; at < end; at += WIDTH) {
      // a row copy indexed like the accumulators lets C2 vectorise the loop
      System.arraycopy(a, at, row, 0, WIDTH);
      addRow${Layers}Layers(check);
    }
    return addTotals(${layers}, bound, low, total);
  }

</#list>
  /**
   * Fills the first {@code count} layers with their starts and clears the lost sums; returns the
   * bound check's constant {@code c}.
   */
  private float startLayers(int count, int bound) {
    for (int k = 0; k < count; k++) {
      Arrays.fill(layers[k], layerStart(k, bound));
    }
    Arrays.fill(lost, 0f);
    return Math.scalb(1f + 0x1p-23f, bound + 24);
  }

  /**
   * Adds the first {@code count} layers' exact sums to {@code total} unless a lane lost bits or saw
   * a magnitude out of bounds; returns whether it added them.
   */
  private boolean addTotals(int count, int bound, int low, long[] total) {
    if (anyLost()) {
      return false;
    }
    for (int k = 0; k < count; k++) {
      int unit = layerUnit(k, bound);
      addShifted(total, units(layers[k], layerStart(k, bound), unit), unit - low);
    }
    return true;
  }

  /** Layer {@code k}'s unit exponent (from 0): {@code bound - 16}, {@code bound - 33}, ... */
  private static int layerUnit(int k, int bound) {
    return bound - 16 - 17 * k;
  }

  /** Layer {@code k}'s start, {@code 1.5 * 2^E_k}: its unit is the last of 24 significand bits. */
  private static float layerStart(int k, int bound) {
    return Math.scalb(1.5f, layerUnit(k, bound) + 23);
  }

<#list [2, 3] as layers>
<#assign Layers = (layers == 2)?then("Two", "Three")>
  /** One row into ${Layers?lower_case} layers: a simple counted loop over arrays, no calls, no branches. */
  private void addRow${Layers}Layers(float check) {
    float[] x = row;
<#list 1..layers as k>
    float[] s${k} = layer${k};
</#list>
    float[] e = lost;
    for (int j = 0; j < WIDTH; j++) {
      float v = x[j];
      float out = (Math.abs(v) + check) - check;
      float t = s1[j] + v;
      float r = v - (t - s1[j]);
      s1[j] = t;
<#list 2..layers as k>
      t = s${k}[j] + r;
      r = r - (t - s${k}[j]);
      s${k}[j] = t;
</#list>
      e[j] += Math.abs(r) + out;
    }
  }

</#list>
  /**
   * Whether any lane lost bits or saw a magnitude out of bounds: the lanes' sums of non-negative
   * terms, folded four to one (still non-negative, zero only if all four are, NaN if one is).
   */
  private boolean anyLost() {
    float[] e = lost;
    float[] f = row;
    for (int j = 0; j < QUARTER; j++) {
      f[j] = (e[j] + e[j + QUARTER]) + (e[j + 2 * QUARTER] + e[j + 3 * QUARTER]);
    }
    float rest = 0f;
    for (int j = 0; j < QUARTER; j++) {
      rest += f[j];
    }
    return rest != 0;
  }

  /**
   * A layer's exact sum in units of {@code 2^unit}: each lane's distance from its start is exact
   * (same binade), a multiple of the unit and at most 2^22 units, so four lanes' distances add
   * exactly in a float (at most 2^24 units) before the sum goes to a long.
   */
  private long units(float[] layer, float start, int unit) {
    float[] f = row;
    for (int j = 0; j < QUARTER; j++) {
      f[j] =
          ((layer[j] - start) + (layer[j + QUARTER] - start))
              + ((layer[j + 2 * QUARTER] - start) + (layer[j + 3 * QUARTER] - start));
    }
    double scale = Math.scalb(1.0, -unit);
    long sum = 0;
    for (int j = 0; j < QUARTER; j++) {
      sum += (long) ((double) f[j] * scale);
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
