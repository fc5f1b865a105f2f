package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.PrimsConfig;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConfigKeysTest {
  /** A provider that only declares its keys. */
  private static BackendProvider withKeys(String... keys) {
    return new BackendProvider() {
      @Override
      public String id() {
        return "gpu";
      }

      @Override
      public int priority() {
        return 1;
      }

      @Override
      public Availability probe(BackendContext context) {
        return Availability.absent("none");
      }

      @Override
      public Backend create(BackendContext context) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Set<String> configurationKeys() {
        return Set.of(keys);
      }
    };
  }

  private final ConfigKeys keys = ConfigKeys.of(List.of(withKeys("prims.gpu.blockSize")));

  @Test
  void engineProviderAndToolKeysAreKnownCaseInsensitively() {
    assertTrue(keys.isKnown("prims.backend"));
    assertTrue(keys.isKnown("prims.scan.variant"));
    assertTrue(keys.isKnown("prims.costmodel.cache"));
    assertTrue(keys.isKnown("prims.gpu.blocksize"));
    assertTrue(keys.isKnown("prims.conformance.config.prims.device"));
    assertFalse(keys.isKnown("prims.gpu.blockSiz"));
  }

  @Test
  void anUnknownExplicitKeyNamesTheNearestKnownKey() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> keys.requireKnown("prims.backnd"));
    assertEquals(
        "unknown configuration key prims.backnd (did you mean prims.backend?)", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> keys.requireKnown("prims.gpu.blocksze"));
    assertTrue(e.getMessage().endsWith("(did you mean prims.gpu.blockSize?)"), e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> keys.requireKnown("prims.zzzzzzzzzzzz"));
    assertEquals("unknown configuration key prims.zzzzzzzzzzzz", e.getMessage());
  }

  @Test
  void unknownKeysFromOtherSourcesAreOneWarningEachNamingTheSource() {
    Properties sys = new Properties();
    sys.setProperty("prims.backnd", "cuda");
    Properties file = new Properties();
    file.setProperty("prims.fallbak", "false");
    ResolvedConfig config =
        ResolvedConfig.resolve(
            PrimsConfig.empty(),
            sys,
            Map.of("PRIMS_BACKNED", "cuda"),
            file,
            "/srv/prims.properties");
    List<String> warnings = keys.check(config);
    assertEquals(
        List.of(
            "unknown configuration key prims.backnd from system property -Dprims.backnd (did you"
                + " mean prims.backend?); ignored",
            "unknown configuration key prims.backned from environment variable PRIMS_BACKNED"
                + " (did you mean prims.backend?); ignored",
            "unknown configuration key prims.fallbak from /srv/prims.properties (did you mean"
                + " prims.fallback?); ignored"),
        warnings);
    assertEquals(List.of(), keys.check(config), "each is logged once");
  }

  @Test
  void anUnknownExplicitKeyThrowsWhateverTheOtherSources() {
    ResolvedConfig config =
        ResolvedConfig.resolve(
            PrimsConfig.builder().set("prims.determinsm", "fast").build(),
            new Properties(),
            Map.of(),
            new Properties());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> keys.check(config));
    assertTrue(e.getMessage().contains("did you mean prims.determinism?"), e.getMessage());
  }
}
