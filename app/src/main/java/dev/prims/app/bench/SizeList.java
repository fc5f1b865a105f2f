package dev.prims.app.bench;

import dev.prims.app.SizeOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Parses benchmark sizes: a comma-separated list of sizes as {@link SizeOption} reads them ({@code
 * 1000000}, {@code 16M}, {@code 1e6}, {@code 2^20}) and ranges of powers of two ({@code
 * 2^16..2^28}, every power in between).
 */
public final class SizeList {
  private SizeList() {}

  /**
   * The sizes, ascending and without repeats.
   *
   * @throws IllegalArgumentException naming the accepted forms when a size cannot be read or is not
   *     positive
   */
  public static List<Long> parse(String text) {
    TreeSet<Long> sizes = new TreeSet<>();
    for (String token : text.split(",")) {
      String t = token.trim();
      if (t.isEmpty()) {
        continue;
      }
      int dots = t.indexOf("..");
      if (dots >= 0) {
        int from = exponent(t.substring(0, dots), token);
        int to = exponent(t.substring(dots + 2), token);
        if (from > to) {
          throw new IllegalArgumentException("size range " + token.trim() + " runs backwards");
        }
        for (int e = from; e <= to; e++) {
          sizes.add(1L << e);
        }
      } else {
        sizes.add(count(t, token));
      }
    }
    if (sizes.isEmpty()) {
      throw new IllegalArgumentException("--sizes names no size");
    }
    return new ArrayList<>(sizes);
  }

  /** {@code 2^20} for 2^20 elements, else the number with its suffix. */
  public static String describe(long n) {
    if (Long.bitCount(n) == 1) {
      return "2^" + Long.numberOfTrailingZeros(n);
    }
    return Long.toString(n);
  }

  private static int exponent(String text, String token) {
    String t = text.trim();
    if (!t.startsWith("2^")) {
      throw bad(token);
    }
    try {
      int e = Integer.parseInt(t.substring(2));
      if (e < 0 || e > 40) {
        throw bad(token);
      }
      return e;
    } catch (NumberFormatException ex) {
      throw bad(token);
    }
  }

  private static long count(String t, String token) {
    try {
      long value = SizeOption.parse(t);
      if (value <= 0) {
        throw bad(token);
      }
      return value;
    } catch (IllegalArgumentException e) {
      throw bad(token);
    }
  }

  private static IllegalArgumentException bad(String token) {
    return new IllegalArgumentException(
        "cannot read size '"
            + token.trim()
            + "'; expected counts such as 1000000, 16M or 1e6, powers such as 2^20, or ranges such as"
            + " 2^16..2^28");
  }
}
