package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.Determinism;
import dev.prims.Primitive;
import dev.prims.PrimsConfig;
import java.util.List;
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

  /** {@code api} resolved with no system properties, environment or properties file. */
  private static ResolvedConfig resolve(PrimsConfig api) {
    return ResolvedConfig.resolve(api, props(), Map.of(), props());
  }

  @Test
  void defaultsApplyWhenNothingIsSet() {
    ResolvedConfig c = resolve(PrimsConfig.empty());
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

  /** The values every call reads are parsed once, and read back the same on every later call. */
  @Test
  void theSettingsEveryCallReadsAreParsedFromTheValues() {
    ResolvedConfig c =
        resolve(
            PrimsConfig.builder()
                .set("prims.backend", " cuda, ,cpu,cuda ")
                .set("prims.determinism", "Reproducible")
                .set("prims.scan.variant", "bulk")
                .set("prims.fallback", "FALSE")
                .build());
    for (int call = 0; call < 2; call++) {
      assertEquals(List.of("cuda", "cpu"), c.backendIds());
      assertFalse(c.auto());
      assertFalse(c.fallback());
      assertEquals(Determinism.REPRODUCIBLE, c.determinism());
      assertEquals("bulk", c.variant(Primitive.SCAN));
      assertNull(c.variant(Primitive.REDUCE));
    }
    ResolvedConfig auto = c.with("prims.backend", "AUTO");
    assertTrue(auto.auto());
    assertEquals(List.of("auto"), auto.backendIds());
    assertTrue(c.with("prims.backend", ",").backendIds().isEmpty());
    assertEquals(Determinism.FAST, c.with("prims.determinism", "").determinism());
  }

  /** A value that does not parse is refused on every call, not only the first. */
  @Test
  void aMalformedDeterminismIsRefusedOnEveryCall() {
    ResolvedConfig c = resolve(PrimsConfig.builder().set("prims.determinism", "exact").build());
    for (int call = 0; call < 2; call++) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::determinism);
      assertEquals("unknown determinism 'exact'; expected fast or reproducible", e.getMessage());
    }
  }

  @Test
  void malformedFallbackIsAClearError() {
    ResolvedConfig c = resolve(PrimsConfig.builder().set("prims.fallback", "maybe").build());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, c::fallback);
    assertEquals("prims.fallback must be true or false, got 'maybe'", e.getMessage());
  }

  @Test
  void flagsAreTrueOrFalseInAnyCaseAndAnythingElseNamesTheKey() {
    ResolvedConfig c =
        resolve(PrimsConfig.builder().set("prims.a", " TRUE ").set("prims.b", "flase").build());
    assertEquals(true, c.flag("prims.a", false));
    assertEquals(false, c.flag("prims.unset", false));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> c.flag("prims.b", true));
    assertEquals("prims.b must be true or false, got 'flase'", e.getMessage());
  }

  @Test
  void keysMustStartWithPrims() {
    assertThrows(IllegalArgumentException.class, () -> PrimsConfig.builder().set("backend", "cpu"));
  }

  @Test
  void anEmptyValueSetsNothingInEverySource() {
    Properties file = props("prims.backend", "opencl", "prims.determinism", "");
    Map<String, String> env = Map.of("PRIMS_BACKEND", "  ", "PRIMS_DEVICE", "");
    Properties sys = props("prims.backend", "", "prims.fallback", " ");
    PrimsConfig api = PrimsConfig.builder().backend("").set("prims.device", " ").build();
    ResolvedConfig c = ResolvedConfig.resolve(api, sys, env, file);
    assertEquals("opencl", c.get(PrimsConfig.BACKEND).orElseThrow());
    assertEquals("fast", c.get(PrimsConfig.DETERMINISM).orElseThrow());
    assertEquals(true, c.fallback());
    assertEquals(false, c.get(PrimsConfig.DEVICE).isPresent());
    ResolvedConfig nothing = ResolvedConfig.resolve(api, sys, env, props());
    assertEquals("cpu", nothing.get(PrimsConfig.BACKEND).orElseThrow());
    assertEquals("cpu", nothing.with(PrimsConfig.BACKEND, "").get(PrimsConfig.BACKEND).get());
  }

  @Test
  void keysAreCaseInsensitiveSoEnvironmentNamesReachCamelCaseKeys() {
    ResolvedConfig c =
        ResolvedConfig.resolve(
            PrimsConfig.empty(),
            props(),
            Map.of("PRIMS_OPENCL_SCAN_ITEMSPERTHREAD", "4"),
            props("prims.opencl.scan.itemsPerThread", "2"));
    assertEquals("4", c.get("prims.opencl.scan.itemsPerThread").orElseThrow());
    assertEquals(
        "environment variable PRIMS_OPENCL_SCAN_ITEMSPERTHREAD",
        c.sources().get("prims.opencl.scan.itemsPerThread"));
  }

  @Test
  void everyValueKnowsItsSource() {
    ResolvedConfig c =
        ResolvedConfig.resolve(
            PrimsConfig.builder().backend("cpu").build(),
            props("prims.device", "0"),
            Map.of("PRIMS_FALLBACK", "false"),
            props("prims.determinism", "fast"),
            "/etc/prims.properties");
    assertEquals(ResolvedConfig.EXPLICIT, c.sources().get("prims.backend"));
    assertEquals("system property -Dprims.device", c.sources().get("prims.device"));
    assertEquals("environment variable PRIMS_FALLBACK", c.sources().get("prims.fallback"));
    assertEquals("/etc/prims.properties", c.sources().get("prims.determinism"));
  }

  @Test
  void aMalformedPropertiesFileNamesTheFileAndLine() {
    String text = "# prims\nprims.backend=cpu\nprims.device=\\u12\nprims.fallback=true\n";
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> PropertiesFile.parse(text, "/work/prims.properties"));
    assertEquals(
        "/work/prims.properties:3: malformed \\uxxxx escape in prims.properties", e.getMessage());
    assertEquals(2, PropertiesFile.malformedLine("a=\\\\u\nb=\\uZZZZ\n"));
    assertEquals(
        "x", PropertiesFile.parse("prims.a=\\u0078", "f").getProperty("prims.a"), "valid escape");
  }
}
