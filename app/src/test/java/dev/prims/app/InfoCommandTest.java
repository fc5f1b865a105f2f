package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InfoCommandTest {
  @Test
  void jsonListsTheCpuBackendAsAvailable() throws IOException {
    Cli r = Cli.run("info", "--json");
    assertEquals(0, r.exitCode(), r.toString());
    JsonNode info = new ObjectMapper().readTree(r.out());
    assertEquals(System.getProperty("java.version"), info.get("java").get("version").asText());
    assertTrue(info.get("os").has("arch"), r.out());
    JsonNode cpu = null;
    for (JsonNode b : info.get("backends")) {
      assertTrue(b.has("id") && b.has("available") && b.has("devices") && b.has("versions"));
      if (!b.get("available").asBoolean()) {
        assertTrue(!b.get("reason").asText().isEmpty(), b.toString());
      }
      if (b.get("id").asText().equals("cpu")) {
        cpu = b;
      }
    }
    assertTrue(cpu != null, "no cpu backend in " + r.out());
    assertTrue(cpu.get("available").asBoolean(), cpu.toString());
    JsonNode device = cpu.get("devices").get(0);
    assertTrue(device.get("computeUnits").asInt() >= 1, device.toString());
    assertTrue(!device.get("name").asText().isEmpty(), device.toString());
    for (String primitive : new String[] {"reduce", "scan", "histogram", "dot"}) {
      JsonNode variants = cpu.get("variants").get(primitive);
      assertTrue(variants.isArray() && variants.size() >= 1, cpu.toString());
    }
  }

  @Test
  void textNamesEveryBackendOnItsOwnLine() {
    Cli r = Cli.run("info");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().startsWith("Java "), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.matches("cpu +available.*")), r.out());
    assertTrue(r.out().lines().anyMatch(l -> l.startsWith("  device 0: ")), r.out());
    assertTrue(
        r.out().lines().anyMatch(l -> l.matches("  variants: reduce: \\S+.*; scan: .*")), r.out());
  }

  @Test
  void costModelShowsTheMeasuredRatesOfTheCpuBackend(@TempDir Path dir) throws IOException {
    String key = "prims.costmodel.cache";
    String before = System.getProperty(key);
    System.setProperty(key, dir.resolve("costmodel.json").toString());
    try {
      try (Prims auto = Prims.create(PrimsConfig.builder().backend("auto").build())) {
        auto.reduce(new int[] {1, 2}, ReduceOp.SUM); // measures reduce.int.host on each backend
      }
      assertTrue(Files.isRegularFile(dir.resolve("costmodel.json")), "rates were not cached");
      Cli r = Cli.run("info", "--json", "--cost-model");
      assertEquals(0, r.exitCode(), r.toString());
      JsonNode model = new ObjectMapper().readTree(r.out()).get("costModel");
      assertEquals(dir.resolve("costmodel.json").toString(), model.get("cache").asText());
      JsonNode sum = model.get("rates").get("cpu").get("workloads").get("reduce.int.host");
      assertTrue(sum.get("GBps").asDouble() > 0, model.toString());
      assertTrue(sum.get("fixedMicros").asDouble() >= 0, model.toString());
      assertTrue(sum.get("points").size() >= 2, model.toString());
    } finally {
      if (before == null) {
        System.clearProperty(key);
      } else {
        System.setProperty(key, before);
      }
    }
  }
}
