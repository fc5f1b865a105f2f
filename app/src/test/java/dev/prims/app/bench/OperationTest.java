package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.util.List;
import org.junit.jupiter.api.Test;

class OperationTest {
  @Test
  void parsesPrimitivesAndSingleOperators() {
    assertEquals(
        List.of(Operation.REDUCE_SUM, Operation.REDUCE_MIN, Operation.REDUCE_MAX, Operation.DOT),
        Operation.parseList("reduce,dot"));
    assertEquals(
        List.of(Operation.SCAN_EXCLUSIVE, Operation.REDUCE_MAX),
        Operation.parseList("scan:exclusive, reduce:max, scan:exclusive-sum"));
  }

  @Test
  void rejectsUnknownNamesListingTheForms() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Operation.parseList("reduce:avg"));
    assertTrue(e.getMessage().contains("reduce:avg") && e.getMessage().contains("scan:inclusive"));
  }

  @Test
  void countsBytesAsTheDesignSays() {
    assertEquals(4.0 * 100, Operation.REDUCE_SUM.bytes(DType.INT, 100));
    assertEquals(2 * 8.0 * 100, Operation.SCAN_INCLUSIVE.bytes(DType.DOUBLE, 100));
    assertEquals(2 * 4.0 * 100, Operation.DOT.bytes(DType.FLOAT, 100));
    assertEquals(8.0 * 100, Operation.HISTOGRAM.bytes(DType.LONG, 100));
  }
}
