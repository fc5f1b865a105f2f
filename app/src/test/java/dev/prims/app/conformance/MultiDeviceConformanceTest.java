package dev.prims.app.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conformance suite on the multi-device engine: the cpu backend opened twice ({@code
 * prims.device=0,0}) with 256-element shards, so every input past 256 elements spans both members
 * and every combine, carry and gather path runs. The segmented and sort cells, which gather on one
 * device, run in {@code prims conformance} on real devices.
 */
class MultiDeviceConformanceTest {
  @TempDir Path dir;

  @Test
  void theSuitePassesOnTwoDevices() throws Exception {
    JsonNode target =
        CpuConformance.run(
                dir,
                "--devices",
                "0,0",
                "--primitives",
                "reduce,scan,histogram,dot,engine,buffer,async,callerarray,argreduce,moments")
            .report()
            .get("targets")
            .get(0);
    assertTrue(target.get("target").asText().contains("devices 0,0"), target.toString());
    Iterator<Map.Entry<String, JsonNode>> cells = target.get("cells").fields();
    while (cells.hasNext()) {
      Map.Entry<String, JsonNode> cell = cells.next();
      assertEquals(0, cell.getValue().get("failed").asInt(), cell.getKey());
      assertTrue(cell.getValue().get("passed").asInt() > 0, cell.getKey() + " ran nothing");
    }
  }
}
