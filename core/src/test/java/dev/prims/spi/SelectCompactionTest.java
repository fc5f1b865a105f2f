package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Predicate;
import org.junit.jupiter.api.Test;

class SelectCompactionTest {
  /** A view of no backend, enough for what a compaction asks of its buffers. */
  private static DeviceBuffer values(DType type) {
    return new AbstractBuffer("test", type, 8, null, "values", null, false) {};
  }

  private static SelectKernels.Compaction compaction(DType type, long[] program) {
    return new SelectKernels.Compaction(
        values(type), null, program, null, values(type), null, 0, 8, false);
  }

  @Test
  void radixTestsAreTopKsAndNeverASelectConditions() {
    assertTrue(SelectProgram.testsRadixBits(SelectProgram.radixBelow(5, false)));
    assertTrue(SelectProgram.testsRadixBits(SelectProgram.radixAtOrBelow(5, 8, true)));
    assertTrue(SelectProgram.testsRadixBits(SelectProgram.radixPrefix(5, 8, false)));
    for (DType type : DType.values()) {
      Predicate p = Predicate.atLeast(0.5).and(Predicate.notNaN()).or(Predicate.lessThan(-3));
      assertFalse(SelectProgram.testsRadixBits(p.program(type)), type::id);
    }
  }

  @Test
  void aCompactionThatTestsRadixBitsRunsOnTheGeneralKernel() {
    assertTrue(compaction(DType.FLOAT, Predicate.atLeast(0.5).program(DType.FLOAT)).plain());
    assertFalse(compaction(DType.FLOAT, SelectProgram.radixPrefix(7, 0, false)).plain());
    assertFalse(compaction(DType.INT, SelectProgram.radixBelow(7, true)).plain());
  }
}
