package dev.prims.app;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.prims.DType;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * JSON text for the CLI: one compact object per line; floating values as the shortest decimal that
 * round-trips in their own type, and NaN or the infinities as the strings {@code "NaN"}, {@code
 * "Infinity"}, {@code "-Infinity"}.
 */
final class JsonOutput {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private JsonOutput() {}

  /** {@code value} of {@code type} as a JSON value object for {@link #write}. */
  static Object number(DType type, Number value) {
    if (!type.isFloating()) {
      return value.longValue();
    }
    String text = ShortestDecimal.text(type, value);
    return Double.isFinite(value.doubleValue()) ? new RawValue(text) : text;
  }

  /** Element {@code i} of a Java primitive array as a JSON value object. */
  static Object element(Object array, int i) {
    DType type = DType.ofArray(array);
    return number(type, (Number) java.lang.reflect.Array.get(array, i));
  }

  /**
   * Puts the first and the last element of {@code array} into {@code report} as {@code first} and
   * {@code last} ({@link #element} values), both null when the array is empty.
   */
  static void putFirstAndLast(Map<String, Object> report, Object array) {
    int length = java.lang.reflect.Array.getLength(array);
    report.put("first", length == 0 ? null : element(array, 0));
    report.put("last", length == 0 ? null : element(array, length - 1));
  }

  /** {@code value} (maps, lists, strings, numbers, booleans, {@link #number} results) as JSON. */
  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
