package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The select PTX module holds exactly the kernels {@link CudaSelectKernels} launches, for every
 * value type (no GPU needed: reads the committed PTX).
 */
class CudaSelectModulesTest {
  @Test
  void theSelectModuleHoldsEveryKernelTheDriverLaunches() throws IOException {
    Set<String> expected = new TreeSet<>();
    for (DType type : DType.values()) {
      for (String kernel :
          new String[] {
            "select_flags", "select_scatter", "select_digit_counts", "select_gather", "select_take"
          }) {
        expected.add(CudaSelectKernels.entry(kernel, type));
      }
    }
    assertEquals(20, expected.size());
    assertEquals(expected, CudaScanModulesTest.entries(CudaSelectKernels.MODULE));
  }
}
