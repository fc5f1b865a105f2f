package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Each scan variant's PTX module holds exactly the kernels {@link CudaScanner} launches for it, for
 * every type and op of the contract (no GPU needed: reads the committed PTX).
 */
class CudaScanModulesTest {
  private static final Pattern ENTRY = Pattern.compile("\\.visible \\.entry (\\w+)\\(");

  /** The kernels of each variant, without the {@code _<type>_<op>} suffix. */
  private static final Map<String, List<String>> KERNELS =
      Map.of(
          "bulk", List.of("scan_lookback_bulk"),
          "decoupled-lookback", List.of("scan_decoupled_lookback"),
          "reduce-then-scan", List.of("scan_rts_reduce", "scan_rts_spine", "scan_rts_downsweep"),
          "blelloch", List.of("scan_blelloch", "scan_add_offsets"),
          "hillis-steele", List.of("scan_hillis_steele", "scan_add_offsets"));

  @Test
  void everyVariantsModuleHoldsItsKernelsForEveryTypeAndOp() throws IOException {
    assertEquals(Set.copyOf(CudaScanPolicy.variants(true)), KERNELS.keySet());
    for (String variant : CudaScanPolicy.variants(true)) {
      String module = CudaScanner.module(variant);
      Set<String> expected = new TreeSet<>();
      for (String kernel : KERNELS.get(variant)) {
        for (DType type : DType.values()) {
          for (ReduceOp op : ReduceOp.values()) {
            if (op.supports(type)) {
              expected.add(kernel + "_" + type.id() + "_" + op.id());
            }
          }
        }
      }
      assertEquals(expected, entries(module), variant + " in " + module + ".ptx");
    }
  }

  @Test
  void theStateStrideMatchesTheKernels() throws IOException {
    // the scans, the select and the by-key passes size their tile states by it
    assertEquals(
        CudaScanPolicy.LOOKBACK_STATE_BYTES,
        CudaSegmentModulesTest.defined("block_lookback.cuh", "LOOKBACK_STATE_BYTES"));
  }

  static Set<String> entries(String module) throws IOException {
    String resource = CudaModules.PTX_DIRECTORY + module + ".ptx";
    try (InputStream in = CudaScanModulesTest.class.getResourceAsStream(resource)) {
      assertNotNull(in, "missing PTX resource " + resource);
      Matcher m = ENTRY.matcher(new String(in.readAllBytes(), StandardCharsets.US_ASCII));
      List<String> names = new ArrayList<>();
      while (m.find()) {
        names.add(m.group(1));
      }
      return new TreeSet<>(names);
    }
  }
}
