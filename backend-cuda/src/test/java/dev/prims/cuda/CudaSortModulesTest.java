package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.spi.DeviceSorter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The sort's PTX module holds exactly the kernels {@link CudaSorter} launches, for every key type
 * alone and with int and long values, and the policy mirrors the kernels' constants (no GPU needed:
 * reads the committed PTX and the source).
 */
class CudaSortModulesTest {
  @Test
  void theSortModuleHoldsEveryKernelTheSorterLaunches() throws IOException {
    Set<String> expected = new TreeSet<>();
    for (DType key : DType.values()) {
      for (DType value : new DType[] {null, DType.INT, DType.LONG}) {
        CudaSorter.Kernels k = CudaSorter.kernels(key, value);
        expected.addAll(Set.of(k.histograms(), k.scatter(), k.toKeys()));
      }
    }
    assertEquals(20, expected.size());
    assertEquals(expected, CudaScanModulesTest.entries(CudaSorter.MODULE));
  }

  @Test
  void policyMatchesTheKernelConstants() throws IOException {
    String source;
    try (InputStream in =
        java.nio.file.Files.newInputStream(java.nio.file.Path.of("src/main/cuda/device/sort.cu"))) {
      source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertEquals(
        DeviceSorter.ITEMS_PER_THREAD, define(source, "ITEMS_PER_THREAD"), "ITEMS_PER_THREAD");
    assertEquals(DeviceSorter.DIGIT_BITS, define(source, "DIGIT_BITS"), "DIGIT_BITS");
    assertEquals(CudaReducePolicy.BLOCK_SIZE, DeviceSorter.BLOCK_SIZE, "BLOCK_SIZE");
  }

  private static int define(String source, String name) {
    Matcher m = Pattern.compile("(?m)^#define " + name + " (\\d+)$").matcher(source);
    if (!m.find()) {
      throw new AssertionError("sort.cu defines no " + name);
    }
    return Integer.parseInt(m.group(1));
  }
}
