package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.prims.app.Cli;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sort rows of {@code prims bench}: named on their own, keys in host and device mode beside the
 * JDK and CUB, pairs in device mode beside CUB.
 */
class SortBenchTest {
  @TempDir Path dir;

  @Test
  void namedOnItsOwnWithCubReferences() {
    assertEquals(List.of(Operation.SORT, Operation.SORT_PAIRS), Operation.parseList("sort"));
    assertEquals(List.of(Operation.SORT_PAIRS), Operation.parseList("sort:pairs"));
    assertEquals(List.of(Operation.SORT), Operation.parseList("sort:ascending"));
    assertFalse(Operation.parseList("scan").contains(Operation.SORT));
    assertTrue(Operation.SORT.hasCubReference() && Operation.SORT_PAIRS.hasCubReference());
    assertFalse(Operation.SORT.hasThrustReference() || Operation.SORT_PAIRS.hasThrustReference());
    assertEquals(
        CubArguments.of("cub", "int", 16, 3, "sort"),
        new CubRequest("cub", Operation.SORT, dev.prims.DType.INT, 16, 3).arguments());
    assertTrue(
        new CubRequest("cub", Operation.SORT_PAIRS, dev.prims.DType.INT, 16, 3)
            .arguments()
            .contains("--pairs"));
  }

  @Test
  void cpuRowsBesideArraysParallelSort() throws Exception {
    Set<String> seen = new HashSet<>();
    Map<String, String> peers = new HashMap<>();
    for (JsonNode row : Cli.quickCpuBenchRows(dir, "sort")) {
      assertEquals("sort", row.get("primitive").asText(), row.toString());
      assertTrue(row.get("gbps").asDouble() > 0, "GB/s not positive in " + row);
      seen.add(row.get("backend").asText() + " " + row.get("variant").asText());
      if (row.get("backend").asText().equals("cpu")) {
        String peer = row.hasNonNull("peer") ? row.get("peer").asText() : "none";
        peers.put(row.get("op").asText() + " " + row.get("mode").asText(), peer);
      }
    }
    assertTrue(seen.stream().anyMatch(s -> s.startsWith("cpu ")), seen.toString());
    // each host mode beside the JDK call that does the same job; pairs have no JDK peer
    assertEquals(
        Map.of(
            "ascending host", "clone() + Arrays.parallelSort",
            "ascending host-into", "System.arraycopy() + Arrays.parallelSort",
            "ascending host-inplace", "Arrays.parallelSort in place",
            "ascending device", "clone() + Arrays.parallelSort",
            "pairs device", "none"),
        peers);
  }
}
