package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.List;

/**
 * Fuzz target for the size syntax ({@code 16M}, {@code 2^20}, {@code 2^16..2^28}): any text is a
 * non-empty ascending list of positive sizes or an {@link IllegalArgumentException} with a message.
 */
class SizeListFuzzTest {
  @FuzzTest
  void sizesParseAscendingAndPositiveOrFailClearly(FuzzedDataProvider data) {
    String text = data.consumeRemainingAsString();
    List<Long> sizes;
    try {
      sizes = SizeList.parse(text);
    } catch (IllegalArgumentException e) {
      assertNotNull(e.getMessage());
      assertFalse(e.getMessage().isBlank());
      return;
    }
    assertFalse(sizes.isEmpty(), text);
    long previous = 0;
    for (long size : sizes) {
      assertTrue(size > previous, text + " -> " + sizes);
      previous = size;
    }
  }
}
