package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The launch shapes the policies compute cover their inputs and respect the kernels' limits, and
 * the policies' copies of the kernels' tuning constants match {@code common.cuh}.
 */
class CudaPolicyTest {
  @Test
  void javaPoliciesMirrorTheKernelConstants() throws IOException {
    Map<String, Integer> defines = defines("src/main/cuda/common.cuh");
    assertEquals(CudaReducePolicy.BLOCK_SIZE, defines.get("BLOCK_SIZE"));
    assertEquals(CudaScanPolicy.BLOCK_SIZE, defines.get("BLOCK_SIZE"));
    assertEquals(CudaDotPolicy.BLOCK_SIZE, defines.get("BLOCK_SIZE"));
    assertEquals(CudaHistogramPolicy.BLOCK_SIZE, defines.get("BLOCK_SIZE"));
    assertEquals(CudaReducePolicy.UNROLL, defines.get("REDUCE_UNROLL"));
    assertEquals(CudaReducePolicy.BULK_STAGES, defines.get("BULK_STAGES"));
    assertEquals(CudaReducePolicy.BULK_STAGE_BYTES, defines.get("BULK_STAGE_BYTES"));
    assertEquals(CudaScanPolicy.ITEMS_PER_THREAD_4, defines.get("SCAN_ITEMS_PER_THREAD_4"));
    assertEquals(CudaScanPolicy.ITEMS_PER_THREAD_8, defines.get("SCAN_ITEMS_PER_THREAD_8"));
    assertEquals(
        CudaHistogramPolicy.SORT_TILE,
        CudaHistogramPolicy.BLOCK_SIZE * defines.get("SORT_ITEMS_PER_THREAD"));
  }

  @Test
  void evenShareChunksCoverEveryVectorInWholeSteps() {
    long step = (long) CudaReducePolicy.BLOCK_SIZE * CudaReducePolicy.UNROLL;
    for (long vectors : new long[] {0, 1, step - 1, step, step + 1, 1L << 26, (1L << 30) + 3}) {
      for (int blocks : new int[] {1, 132, 1056}) {
        long chunk = CudaReducePolicy.chunkVectors(vectors, blocks, CudaReducePolicy.UNROLL);
        assertEquals(0, chunk % step, "chunk " + chunk + " is not a multiple of " + step);
        assertTrue(chunk * blocks >= vectors, vectors + " vectors, " + blocks + " blocks");
      }
    }
  }

  @Test
  void multiPassBlocksCoverTheInputAndGridStrideVariantsStayResident() {
    long n = (1L << 32) + 5;
    for (String variant : CudaReducePolicy.VARIANTS) {
      if (variant.equals("vectorized")) {
        continue;
      }
      long blocks = CudaReducePolicy.passBlocks(variant, n, 1056);
      assertTrue(blocks <= Integer.MAX_VALUE, variant + ": " + blocks + " blocks");
      if (CudaReducePolicy.gridStride(variant)) {
        assertEquals(1056, blocks, variant);
      } else {
        assertTrue(blocks * CudaReducePolicy.elementsPerBlock(variant) >= n, variant);
      }
    }
    assertEquals(1, CudaReducePolicy.vectorizedBlocks(3, 4, 1056));
  }

  @Test
  void bulkLeadsTheReduceVariantsOnlyWhereTheDeviceHasBulkCopies() {
    assertEquals("bulk", CudaReducePolicy.variants(true).get(0));
    assertEquals(
        CudaReducePolicy.VARIANTS,
        CudaReducePolicy.variants(true).subList(1, CudaReducePolicy.VARIANTS.size() + 1));
    assertEquals(CudaReducePolicy.VARIANTS, CudaReducePolicy.variants(false));
    assertEquals(false, CudaReducePolicy.variants(false).contains("bulk"));
    assertEquals(List.of("bulk", "vectorized"), CudaDotPolicy.variants(true));
    assertEquals(List.of("vectorized"), CudaDotPolicy.variants(false));
    assertEquals("bulk", CudaScanPolicy.variants(true).get(0));
    assertEquals(CudaScanPolicy.VARIANTS, CudaScanPolicy.variants(false));
  }

  @Test
  void bulkGridHasOneBlockPerWholeTileUpToTheResidentBlocks() {
    int tileFloats = CudaReducePolicy.BULK_STAGE_BYTES / 4;
    assertEquals(1, CudaReducePolicy.bulkBlocks(0, 4, 1, 396));
    assertEquals(1, CudaReducePolicy.bulkBlocks(tileFloats - 1, 4, 1, 396));
    assertEquals(1, CudaReducePolicy.bulkBlocks(tileFloats, 4, 1, 396));
    assertEquals(5, CudaReducePolicy.bulkBlocks(5L * tileFloats + 7, 4, 1, 396));
    assertEquals(396, CudaReducePolicy.bulkBlocks(1L << 28, 4, 1, 396));
    assertEquals(396, CudaReducePolicy.bulkBlocks((1L << 32) + 5, 8, 1, 396));
    assertEquals(2, CudaReducePolicy.bulkBlocks(tileFloats, 4, 2, 396));
    assertEquals(tileFloats / 2, CudaReducePolicy.bulkTileElements(4, 2));
    assertEquals(
        CudaReducePolicy.BULK_STAGES * CudaReducePolicy.BULK_STAGE_BYTES,
        CudaReducePolicy.BULK_SHARED_BYTES);
  }

  @Test
  void scanTilesFollowTheKernelConstants() {
    assertEquals(256 * 31, CudaScanPolicy.tile(DType.FLOAT));
    assertEquals(256 * 31, CudaScanPolicy.tile(DType.INT));
    assertEquals(256 * 23, CudaScanPolicy.tile(DType.LONG));
    assertEquals(256 * 23, CudaScanPolicy.tile(DType.DOUBLE));
  }

  @Test
  void sharedHistogramCopiesFitTheSharedBudget() {
    for (int bins : new int[] {1, 256, 1000, 4096, CudaHistogramPolicy.SHARED_MAX_BINS}) {
      int copies = CudaHistogramPolicy.copies(bins);
      assertTrue(copies >= 1 && copies <= CudaHistogramPolicy.SHARED_COPIES, "copies " + copies);
      assertTrue(4L * copies * bins <= CudaHistogramPolicy.SHARED_BYTES, bins + " bins");
    }
  }

  /** The numeric {@code #define}s of a CUDA source, by name. */
  static Map<String, Integer> defines(String source) throws IOException {
    Map<String, Integer> defines = new HashMap<>();
    Pattern define = Pattern.compile("^#define ([A-Z_0-9]+) (\\d+)\\s*$");
    for (String line : Files.readAllLines(Paths.get(source))) {
      Matcher m = define.matcher(line);
      if (m.matches()) {
        defines.put(m.group(1), Integer.valueOf(m.group(2)));
      }
    }
    return defines;
  }
}
