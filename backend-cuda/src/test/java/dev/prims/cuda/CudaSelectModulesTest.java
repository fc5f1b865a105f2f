package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The select PTX module holds exactly the kernels {@link CudaSelectKernels} launches, for every
 * value type, and its tile sizes match the kernel source (no GPU needed: reads the committed PTX
 * and the source).
 */
class CudaSelectModulesTest {
  @Test
  void theSelectModuleHoldsEveryKernelTheDriverLaunches() throws IOException {
    Set<String> expected = new TreeSet<>();
    for (DType type : DType.values()) {
      for (String kernel :
          new String[] {
            "select_compact",
            "select_compact_plain",
            "select_reverse_tail",
            "select_digit_counts",
            "select_gather",
            "select_take"
          }) {
        expected.add(CudaSelectKernels.entry(kernel, type));
      }
    }
    assertEquals(24, expected.size());
    assertEquals(expected, CudaScanModulesTest.entries(CudaSelectKernels.MODULE));
  }

  @Test
  void theTileSizesMirrorTheKernelSource() throws IOException {
    Map<String, Integer> defines = CudaPolicyTest.defines("src/main/cuda/device/select.cu");
    assertEquals(CudaSelectKernels.ITEMS_4, defines.get("SELECT_ITEMS_4"));
    assertEquals(CudaSelectKernels.ITEMS_8, defines.get("SELECT_ITEMS_8"));
    assertEquals(CudaSelectKernels.PLAIN_ITEMS_8, defines.get("SELECT_PLAIN_ITEMS_8"));
    assertEquals(256 * 20, CudaSelectKernels.tile(DType.FLOAT, false));
    assertEquals(256 * 20, CudaSelectKernels.tile(DType.FLOAT, true));
    assertEquals(256 * 12, CudaSelectKernels.tile(DType.LONG, false));
    assertEquals(256 * 18, CudaSelectKernels.tile(DType.DOUBLE, true));
  }
}
