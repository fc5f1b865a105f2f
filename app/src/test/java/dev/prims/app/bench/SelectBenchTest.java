package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.Cli;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The select and top-k rows of {@code prims bench}: named on their own, in host and device mode,
 * beside the JDK peers and CUB (DeviceSelect::If; a full SortKeys for top-k).
 */
class SelectBenchTest {
  @TempDir Path dir;

  @Test
  void namedOnTheirOwnWithCubReferences() {
    assertEquals(List.of(Operation.SELECT, Operation.TOPK), Operation.parseList("select,topk"));
    assertFalse(Operation.parseList("scan").contains(Operation.SELECT));
    assertFalse(Operation.SELECT.hasThrustReference() || Operation.TOPK.hasThrustReference());
    assertEquals(
        CubArguments.of("cub", "float", 16, 3, "select"),
        new CubRequest("cub", Operation.SELECT, dev.prims.DType.FLOAT, 16, 3).arguments());
    assertEquals(
        CubArguments.of("cub", "float", 16, 3, "sort"),
        new CubRequest("cub", Operation.TOPK, dev.prims.DType.FLOAT, 16, 3).arguments());
  }

  @Test
  void cpuRowsBesideTheJdk() throws Exception {
    Set<String> seen = new HashSet<>();
    Set<String> modes = new HashSet<>();
    for (JsonNode row : Cli.quickCpuBenchRows(dir, "select,topk")) {
      assertTrue(row.get("gbps").asDouble() > 0, "GB/s not positive in " + row);
      seen.add(row.get("backend").asText() + " " + row.get("variant").asText());
      if (row.get("backend").asText().equals("cpu")) {
        modes.add(row.get("primitive").asText() + " " + row.get("mode").asText());
      }
    }
    assertTrue(seen.contains("jdk parallel stream filter"), seen.toString());
    assertTrue(seen.contains("jdk bounded PriorityQueue"), seen.toString());
    assertTrue(seen.contains("cpu count-scatter"), seen.toString());
    assertTrue(seen.contains("cpu chunk-heaps"), seen.toString());
    assertEquals(Set.of("select host", "select device", "topk host", "topk device"), modes);
  }
}
