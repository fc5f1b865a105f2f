package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * Fuzz targets for every configuration value parser: {@code prims.properties} text, keys, and the
 * values of the engine's keys. Any input is accepted or an {@link IllegalArgumentException} with a
 * message that names what was wrong; nothing else escapes.
 */
class ConfigFuzzTest {
  private static final ConfigKeys KEYS = ConfigKeys.of(List.of());

  /** Calls {@code parse}; an IllegalArgumentException must carry a message naming {@code input}. */
  private static <T> void acceptsOrNames(Function<String, T> parse, String input) {
    try {
      assertNotNull(parse.apply(input));
    } catch (IllegalArgumentException e) {
      assertNotNull(e.getMessage());
      assertTrue(e.getMessage().contains(String.valueOf(input).trim()), e.getMessage());
    }
  }

  @FuzzTest
  void propertiesFilesParseOrNameTheLine(FuzzedDataProvider data) {
    String text = data.consumeRemainingAsString();
    try {
      Properties p = PropertiesFile.parse(text, "/etc/prims.properties");
      assertNotNull(p);
    } catch (IllegalArgumentException e) {
      String message = e.getMessage();
      assertTrue(message.startsWith("/etc/prims.properties:"), message);
      int line = Integer.parseInt(message.substring(22, message.indexOf(": malformed")));
      assertTrue(line >= 1 && line <= text.split("\r\n|\r|\n", -1).length, message);
    }
  }

  @FuzzTest
  void valueParsersAcceptOrNameTheValue(FuzzedDataProvider data) {
    String value = data.consumeRemainingAsString();
    acceptsOrNames(DType::parse, value);
    acceptsOrNames(ReduceOp::parse, value);
    acceptsOrNames(Determinism::parse, value);
  }

  @FuzzTest
  void keysAreKnownOrNamedWithTheNearest(FuzzedDataProvider data) {
    String key = "prims." + data.consumeRemainingAsString();
    try {
      KEYS.requireKnown(key);
      assertTrue(KEYS.isKnown(key));
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage().startsWith("unknown configuration key " + key), e.getMessage());
    }
  }

  @FuzzTest
  void resolvedValuesAreTrimmedAndParseOrFailClearly(FuzzedDataProvider data) {
    String[] keys = {PrimsConfig.BACKEND, PrimsConfig.FALLBACK, PrimsConfig.DETERMINISM};
    String key = data.pickValue(keys);
    String explicit = data.consumeString(40);
    String env = data.consumeString(40);
    String file = data.consumeRemainingAsString();
    Properties fileProps = new Properties();
    fileProps.setProperty(key, file);
    ResolvedConfig c =
        ResolvedConfig.resolve(
            PrimsConfig.builder().set(key, explicit).build(),
            new Properties(),
            Map.of("PRIMS_" + key.substring(6).toUpperCase(java.util.Locale.ROOT), env),
            fileProps);
    // values are trimmed like String.trim (every char <= ' '), and what is left empty sets nothing
    String expected =
        !explicit.trim().isEmpty()
            ? explicit.trim()
            : !env.trim().isEmpty()
                ? env.trim()
                : !file.trim().isEmpty() ? file.trim() : ResolvedConfig.DEFAULTS.get(key);
    assertEquals(expected, c.get(key).orElseThrow());
    if (key.equals(PrimsConfig.FALLBACK)) {
      acceptsOrNames(v -> c.fallback(), expected);
    } else if (key.equals(PrimsConfig.DETERMINISM)) {
      acceptsOrNames(Determinism::parse, expected);
    }
  }
}
