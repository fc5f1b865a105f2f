package dev.prims.app;

import java.math.BigDecimal;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;

/**
 * The one size syntax of every command: a count ({@code 1000000}), a count with a binary suffix
 * ({@code 64K}, {@code 16M}, {@code 1G}), a power of two ({@code 2^24}) or a count in scientific
 * notation ({@code 1e6}, {@code 2.5e7}; it must be a whole number).
 */
public final class SizeOption {
  private SizeOption() {}

  /**
   * The number of elements {@code text} names (zero allowed).
   *
   * @throws IllegalArgumentException naming the text and the accepted forms
   */
  public static long parse(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    try {
      if (t.startsWith("2^")) {
        int e = Integer.parseInt(t.substring(2));
        if (e < 0 || e > 62) {
          throw bad(text);
        }
        return 1L << e;
      }
      if (t.contains("e")) {
        return new BigDecimal(t).longValueExact(); // throws for 1.5e0 and for overflow
      }
      long scale = 1;
      char last = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
      if (last == 'k' || last == 'm' || last == 'g') {
        scale = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : 1L << 30;
        t = t.substring(0, t.length() - 1);
      }
      long value = Math.multiplyExact(Long.parseLong(t), scale);
      if (value < 0) {
        throw bad(text);
      }
      return value;
    } catch (NumberFormatException | ArithmeticException e) {
      throw bad(text);
    }
  }

  private static IllegalArgumentException bad(String text) {
    return new IllegalArgumentException(
        "cannot read size '"
            + text
            + "'; expected a count such as 1000000, 16M or 1e6, or a power such as 2^20");
  }

  /** Picocli converter for {@code int} size options (sizes beyond int's range are bad input). */
  public static final class IntConverter implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String value) {
      long size = parse(value);
      if (size > Integer.MAX_VALUE) {
        throw new IllegalArgumentException(
            "size " + value.strip() + " is larger than " + Integer.MAX_VALUE);
      }
      return (int) size;
    }
  }

  /** Picocli converter for {@code long} size options. */
  public static final class Converter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      return parse(value);
    }
  }
}
