package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.ReduceOp;
import dev.prims.spi.DeviceSegmenter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The segmented modules hold every kernel {@link CudaSegmenter} launches, for every type, operator
 * and offset type, and {@link CudaSegmentPolicy} matches the block headers and reads its variant
 * key (no GPU needed: reads the committed PTX and the sources).
 */
class CudaSegmentModulesTest {
  private static final DType[] OFFSETS = {DType.INT, DType.LONG};

  @Test
  void everyKernelTheSegmenterLaunchesIsInItsModule() throws IOException {
    Set<String> reduce = CudaScanModulesTest.entries("segment_reduce");
    Set<String> scan = CudaScanModulesTest.entries("segment_scan");
    Set<String> flat = CudaScanModulesTest.entries("segment_reduce_flat");
    Set<String> blocks = CudaScanModulesTest.entries("segment_reduce_blocks");
    Set<String> arg = CudaScanModulesTest.entries("segment_arg");
    for (DType type : DType.values()) {
      for (ReduceOp op : ReduceOp.values()) {
        if (!op.supports(type)) {
          continue;
        }
        for (DType offsets : OFFSETS) {
          assertContains(reduce, CudaSegmenter.kernel("seg_reduce_empty", type, op, offsets));
          assertContains(reduce, CudaSegmenter.kernel("seg_reduce_tiles", type, op, offsets));
          assertContains(flat, CudaSegmenter.kernel("seg_flat_reduce", type, op, offsets));
          assertContains(blocks, CudaSegmenter.kernel("seg_block_reduce", type, op, offsets));
          assertContains(scan, CudaSegmenter.kernel("seg_scan_totals", type, op, offsets));
          assertContains(scan, CudaSegmenter.kernel("seg_scan_tiles", type, op, offsets));
          if (op == ReduceOp.MIN || op == ReduceOp.MAX) {
            assertContains(arg, CudaSegmenter.kernel("seg_arg_threads", type, op, offsets));
            assertContains(arg, CudaSegmenter.kernel("seg_arg_blocks", type, op, offsets));
            assertContains(arg, CudaSegmenter.kernel("seg_arg_flat", type, op, offsets));
            assertContains(arg, CudaSegmenter.kernel("seg_arg_empty", type, op, offsets));
          }
        }
        if (op == ReduceOp.MIN || op == ReduceOp.MAX) {
          assertContains(arg, CudaSegmenter.kernel("seg_arg_fixup", type, op, null));
        }
        assertContains(reduce, CudaSegmenter.kernel("seg_reduce_fixup", type, op, null));
        assertContains(scan, CudaSegmenter.kernel("seg_scan_spine", type, op, null));
      }
    }
    for (DType keys : OFFSETS) {
      Set<String> reduceByKey = CudaScanModulesTest.entries("segment_reduce_by_key_" + keys.id());
      Set<String> scanByKey = CudaScanModulesTest.entries("segment_scan_by_key_" + keys.id());
      for (DType type : DType.values()) {
        for (ReduceOp op : ReduceOp.values()) {
          if (op.supports(type)) {
            String suffix = keys.id() + "_" + type.id() + "_" + op.id();
            assertContains(reduceByKey, "reduce_by_key_" + suffix);
            assertContains(scanByKey, "scan_by_key_" + suffix);
          }
        }
      }
      assertContains(flat, "seg_flat_bounds_" + keys.id());
      assertContains(reduce, CudaSegmenter.runKernel("seg_run_flags", keys, null));
      for (DType offsets : OFFSETS) {
        assertContains(reduce, CudaSegmenter.runKernel("seg_run_scatter", keys, offsets));
      }
    }
    for (String type : new String[] {"float", "double"}) {
      assertContains(reduce, "seg_fold_digits_" + type);
      assertContains(reduce, "seg_fold_combine_" + type);
    }
  }

  @Test
  void thePolicyMatchesTheKernels() throws IOException {
    assertEquals(CudaSegmentPolicy.ITEMS_PER_THREAD, defined("block_segment.cuh", "SEG_ITEMS"));
    assertEquals(
        DeviceSegmenter.FLAT_ITEMS_PER_THREAD, defined("block_segment_flat.cuh", "SEG_FLAT_ITEMS"));
    assertEquals(DeviceSegmenter.BLOCK_MAX, defined("block_segment_blocks.cuh", "SEG_BLOCK_MAX"));
    assertEquals(
        DeviceSegmenter.ARG_THREAD_MAX, defined("block_segment_arg.cuh", "SEG_ARG_THREAD_MAX"));
    assertEquals(DeviceSegmenter.BY_KEY_ITEMS_4, defined("block_by_key.cuh", "BY_KEY_ITEMS_4"));
    assertEquals(DeviceSegmenter.BY_KEY_ITEMS_8, defined("block_by_key.cuh", "BY_KEY_ITEMS_8"));
    assertEquals(
        DeviceSegmenter.SCAN_BY_KEY_ITEMS_4,
        defined("../device/segment_scan_by_key_int.cu", "BY_KEY_ITEMS_4"));
    assertEquals(
        CudaSegmentPolicy.SCAN_BY_KEY_INT_ITEMS_8,
        defined("../device/segment_scan_by_key_int.cu", "BY_KEY_ITEMS_8"));
    assertEquals(
        CudaArgReducer.BULK_STAGES, defined("../device/argreduce_bulk.cu", "ARG_BULK_STAGES"));
    assertEquals(CudaReducePolicy.BLOCK_SIZE, DeviceSegmenter.BLOCK_SIZE);
  }

  @Test
  void theVariantKeyPicksTheTilePass() {
    assertTrue(CudaSegmentPolicy.registers(null));
    assertTrue(CudaSegmentPolicy.registers(CudaSegmentPolicy.REGISTERS));
    assertFalse(CudaSegmentPolicy.registers(CudaSegmentPolicy.FLAT));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CudaSegmentPolicy.registers("tiles"));
    assertTrue(e.getMessage().contains("got 'tiles'"), e.getMessage());
  }

  /** The number {@code macro} is defined as in {@code header} (relative to the block headers). */
  static int defined(String header, String macro) throws IOException {
    String text =
        Files.readString(Paths.get("src/main/cuda/block", header), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("#define " + macro + " (\\d+)").matcher(text);
    assertTrue(m.find(), macro + " not defined in " + header);
    return Integer.parseInt(m.group(1));
  }

  private static void assertContains(Set<String> entries, String kernel) {
    assertTrue(entries.contains(kernel), "no entry point " + kernel);
  }
}
