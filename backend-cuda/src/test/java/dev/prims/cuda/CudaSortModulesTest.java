package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The sort's PTX modules (LSD radix and onesweep) hold exactly the kernels {@link CudaSorter}
 * launches, for every key type alone and with int and long values, and the policies mirror the
 * kernels' constants (no GPU needed: reads the committed PTX and the sources).
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

  @Test
  void theOnesweepModuleHoldsEveryKernelTheSorterLaunches() throws IOException {
    Set<String> expected = new TreeSet<>();
    for (DType key : DType.values()) {
      for (DType value : new DType[] {null, DType.INT, DType.LONG}) {
        CudaSorter.OnesweepKernels k = CudaSorter.onesweepKernels(key, value);
        expected.addAll(Set.of(k.histograms(), k.pass()));
      }
    }
    assertEquals(16, expected.size());
    assertEquals(expected, CudaScanModulesTest.entries(CudaSorter.ONESWEEP_MODULE));
  }

  @Test
  void onesweepPolicyMatchesTheKernelConstants() throws IOException {
    String source =
        java.nio.file.Files.readString(
            java.nio.file.Path.of("src/main/cuda/device/sort_onesweep.cu"), StandardCharsets.UTF_8);
    assertEquals(CudaSortPolicy.ONESWEEP_THREADS, define(source, "ONESWEEP_THREADS"));
    assertEquals(CudaSortPolicy.ONESWEEP_ITEMS, define(source, "ONESWEEP_ITEMS"));
    assertEquals(CudaSortPolicy.ONESWEEP_DIGIT_BITS, define(source, "ONESWEEP_DIGIT_BITS"));
    assertEquals(CudaSortPolicy.ONESWEEP_HIST_TILES, define(source, "ONESWEEP_HIST_TILES"));
    assertEquals(CudaSortPolicy.ONESWEEP_SCRATCH_HEADER, define(source, "ONESWEEP_SCRATCH_HEADER"));
    assertEquals(0, CudaSortPolicy.ONESWEEP_PORTION_TILES % CudaSortPolicy.ONESWEEP_HIST_TILES);
    assertTrue(CudaSortPolicy.ONESWEEP_PORTION_TILES * CudaSortPolicy.ONESWEEP_TILE <= 1L << 28);
  }

  @Test
  void theVariantKeyNamesLsdRadixOrOnesweep() {
    assertEquals(DeviceSorter.ONESWEEP, CudaSortPolicy.variant(null));
    assertEquals(DeviceSorter.LSD_RADIX, CudaSortPolicy.variant("lsd-radix"));
    assertEquals(DeviceSorter.ONESWEEP, CudaSortPolicy.variant("onesweep"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CudaSortPolicy.variant("merge"));
    assertTrue(e.getMessage().contains("prims.cuda.sort.variant"), e.getMessage());
    assertTrue(e.getMessage().contains("'merge'"), e.getMessage());
  }

  private static int define(String source, String name) {
    Matcher m = Pattern.compile("(?m)^#define " + name + " (\\d+)$").matcher(source);
    if (!m.find()) {
      throw new AssertionError("the source defines no " + name);
    }
    return Integer.parseInt(m.group(1));
  }
}
