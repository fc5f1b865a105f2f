package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.prims.PrimsConfig;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ResolvedConfigTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaultsApplyWhenNothingIsSet() {
    ResolvedConfig c = ResolvedConfig.resolve(PrimsConfig.empty(), props(), Map.of(), props());
    assertEquals("cpu", c.get(PrimsConfig.BACKEND).orElseThrow());
    assertEquals(true, c.fallback());
    assertEquals("fast", c.get(PrimsConfig.DETERMINISM).orElseThrow());
  }

  @Test
  void precedenceIsApiThenSystemPropertyThenEnvironmentThenFile() {
    Properties file = props("prims.backend", "file", "prims.device", "file-dev", "prims.x.y", "f");
    Map<String, String> env =
        Map.of(
            "PRIMS_BACKEND", "env", "PRIMS_DEVICE", "env-dev", "PRIMS_REDUCE_VARIANT", "shuffle");
    Properties sys = props("prims.backend", "sys");
    PrimsConfig api = PrimsConfig.builder().backend("api").build();

    ResolvedConfig c = ResolvedConfig.resolve(api, sys, env, file);
    assertEquals("api", c.get("prims.backend").orElseThrow());
    assertEquals("env-dev", c.get("prims.device").orElseThrow());
    assertEquals("shuffle", c.get("prims.reduce.variant").orElseThrow());
    assertEquals("f", c.get("prims.x.y").orElseThrow());

    ResolvedConfig withoutApi = ResolvedConfig.resolve(PrimsConfig.empty(), sys, env, file);
    assertEquals("sys", withoutApi.get("prims.backend").orElseThrow());
    ResolvedConfig onlyFile = ResolvedConfig.resolve(PrimsConfig.empty(), props(), Map.of(), file);
    assertEquals("file", onlyFile.get("prims.backend").orElseThrow());
  }

  @Test
  void unrelatedEnvironmentAndPropertiesAreIgnored() {
    ResolvedConfig c =
        ResolvedConfig.resolve(
            PrimsConfig.empty(), props("java.home", "/x"), Map.of("HOME", "/root"), props());
    assertEquals(false, c.values().containsKey("java.home"));
    assertEquals(false, c.values().containsKey("home"));
  }

  @Test
  void malformedFallbackIsAClearError() {
    ResolvedConfig c =
        ResolvedConfig.resolve(
            PrimsConfig.builder().set("prims.fallback", "maybe").build(),
            props(),
            Map.of(),
            props());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::fallback);
    assertEquals("prims.fallback must be true or false, got 'maybe'", e.getMessage());
  }

  @Test
  void keysMustStartWithPrims() {
    assertThrows(IllegalArgumentException.class, () -> PrimsConfig.builder().set("backend", "cpu"));
  }
}
