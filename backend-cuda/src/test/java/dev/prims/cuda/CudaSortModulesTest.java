package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.spi.DeviceSorter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
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
    forEachKeyAndValue(
        (key, value) -> {
          CudaSorter.Kernels k = CudaSorter.kernels(key, value);
          expected.addAll(Set.of(k.histograms(), k.scatter(), k.toKeys()));
        });
    assertEquals(20, expected.size());
    assertEquals(expected, CudaScanModulesTest.entries(CudaSorter.MODULE));
  }

  @Test
  void policyMatchesTheKernelConstants() throws IOException {
    String source = source("sort.cu");
    assertEquals(
        DeviceSorter.ITEMS_PER_THREAD, define(source, "ITEMS_PER_THREAD"), "ITEMS_PER_THREAD");
    assertEquals(DeviceSorter.DIGIT_BITS, define(source, "DIGIT_BITS"), "DIGIT_BITS");
    assertEquals(CudaReducePolicy.BLOCK_SIZE, DeviceSorter.BLOCK_SIZE, "BLOCK_SIZE");
  }

  @Test
  void theOnesweepModuleHoldsEveryKernelTheSorterLaunches() throws IOException {
    Set<String> expected = new TreeSet<>();
    forEachKeyAndValue(
        (key, value) -> {
          CudaSorter.OnesweepKernels k = CudaSorter.onesweepKernels(key, value);
          expected.addAll(Set.of(k.histograms(), k.pass()));
          assertTrue(k.pass().endsWith(k.tile().suffix()), k.pass());
        });
    assertEquals(16, expected.size());
    expected.add(CudaSorter.ONESWEEP_FINISH);
    assertEquals(expected, CudaScanModulesTest.entries(CudaSorter.ONESWEEP_MODULE));
  }

  @Test
  void onesweepPolicyMatchesTheKernelConstants() throws IOException {
    String source = source("sort_onesweep.cu");
    assertEquals(CudaSortPolicy.ONESWEEP_THREADS_4, define(source, "ONESWEEP_THREADS_4"));
    assertEquals(CudaSortPolicy.ONESWEEP_ITEMS_INT, define(source, "ONESWEEP_ITEMS_INT"));
    assertEquals(CudaSortPolicy.ONESWEEP_ITEMS_FLOAT, define(source, "ONESWEEP_ITEMS_FLOAT"));
    assertEquals(CudaSortPolicy.ONESWEEP_ITEMS_4_PAIRS, define(source, "ONESWEEP_ITEMS_4_PAIRS"));
    assertEquals(CudaSortPolicy.ONESWEEP_THREADS_8, define(source, "ONESWEEP_THREADS_8"));
    assertEquals(CudaSortPolicy.ONESWEEP_ITEMS_8, define(source, "ONESWEEP_ITEMS_8"));
    assertEquals(CudaSortPolicy.ONESWEEP_DIGIT_BITS, define(source, "ONESWEEP_DIGIT_BITS"));
    assertEquals(CudaSortPolicy.ONESWEEP_HIST_THREADS, define(source, "ONESWEEP_HIST_THREADS"));
    assertEquals(CudaSortPolicy.ONESWEEP_HIST_ITEMS, define(source, "ONESWEEP_HIST_ITEMS"));
    assertEquals(
        CudaSortPolicy.ONESWEEP_HIST_BLOCKS_PER_SM, define(source, "ONESWEEP_HIST_BLOCKS_PER_SM"));
    assertEquals(CudaSortPolicy.ONESWEEP_SCRATCH_HEADER, define(source, "ONESWEEP_SCRATCH_HEADER"));
  }

  @Test
  void onesweepTilesFollowCubWhereTheyFitAndKeepPortionsUnder2To28Keys() {
    assertEquals(new CudaSortPolicy.Tile(384, 23), CudaSortPolicy.onesweepTile(DType.INT, null));
    assertEquals(new CudaSortPolicy.Tile(384, 23), CudaSortPolicy.onesweepTile(DType.FLOAT, null));
    assertEquals(
        new CudaSortPolicy.Tile(384, 20), CudaSortPolicy.onesweepTile(DType.INT, DType.INT));
    assertEquals(
        new CudaSortPolicy.Tile(256, 16), CudaSortPolicy.onesweepTile(DType.FLOAT, DType.LONG));
    assertEquals(new CudaSortPolicy.Tile(256, 16), CudaSortPolicy.onesweepTile(DType.DOUBLE, null));
    forEachKeyAndValue(
        (key, value) -> {
          CudaSortPolicy.Tile tile = CudaSortPolicy.onesweepTile(key, value);
          assertTrue(tile.portionTiles() * tile.keys() <= 1L << 28, tile.toString());
          assertTrue((tile.portionTiles() + 1) * tile.keys() > 1L << 28, tile.toString());
          assertEquals(0, tile.threads() % 32, tile.toString());
          assertTrue(tile.threads() >= CudaSortPolicy.ONESWEEP_RADIX, tile.toString());
          // the sorted tile (keys, or values where wider), the warps' digit counters, the tile's
          // digit offsets and a few words fit the 48 KiB of static shared memory (ptxas: 48692
          // bytes for 384 x 23 int keys)
          int widest = Math.max(key.bytes(), value == null ? 0 : value.bytes());
          int shared =
              tile.keys() * widest + tile.threads() / 32 * CudaSortPolicy.ONESWEEP_RADIX * 4;
          shared += CudaSortPolicy.ONESWEEP_RADIX * 4 + 64;
          assertTrue(shared <= 48 * 1024, tile + ": " + shared + " bytes");
        });
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

  /** Runs {@code check} for every key type alone and with int and long values. */
  private static void forEachKeyAndValue(BiConsumer<DType, DType> check) {
    for (DType key : DType.values()) {
      for (DType value : new DType[] {null, DType.INT, DType.LONG}) {
        check.accept(key, value);
      }
    }
  }

  /** The text of {@code src/main/cuda/device/<name>}. */
  private static String source(String name) throws IOException {
    return Files.readString(Path.of("src/main/cuda/device", name), StandardCharsets.UTF_8);
  }

  private static int define(String source, String name) {
    Matcher m = Pattern.compile("(?m)^#define " + name + " (\\d+)$").matcher(source);
    if (!m.find()) {
      throw new AssertionError("the source defines no " + name);
    }
    return Integer.parseInt(m.group(1));
  }
}
