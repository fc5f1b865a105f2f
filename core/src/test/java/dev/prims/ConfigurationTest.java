package dev.prims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.FakeProvider.Mode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Explicit configuration through the API: unknown keys and nulls are clear errors. */
class ConfigurationTest {
  private static Prims create(PrimsConfig config) {
    return Prims.create(config, List.of(new FakeProvider("alpha", 1, Mode.WORKS)));
  }

  @Test
  void aMisspeltExplicitKeyIsRejectedNamingTheNearestKey() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> create(PrimsConfig.builder().set("prims.backnd", "alpha").build()));
    assertEquals(
        "unknown configuration key prims.backnd (did you mean prims.backend?)", e.getMessage());
  }

  @Test
  void aMisspeltKeyInAViewIsRejected() {
    try (Prims prims = create(PrimsConfig.builder().backend("alpha").build())) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> prims.with("prims.determinsm", "fast"));
      assertTrue(e.getMessage().contains("did you mean prims.determinism?"), e.getMessage());
      assertEquals(
          "fast", prims.with("prims.determinism", "fast").configuration().get("prims.determinism"));
    }
  }

  @Test
  void nullsAreIllegalArgumentsNotNullPointers() {
    try (Prims prims = create(PrimsConfig.builder().backend("alpha").build())) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> prims.backend(null));
      assertEquals("backend id must not be null", e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> prims.with("prims.device", null));
    }
    assertThrows(IllegalArgumentException.class, () -> PrimsConfig.builder().backend(null));
    assertThrows(IllegalArgumentException.class, () -> PrimsConfig.builder().determinism(null));
    assertThrows(IllegalArgumentException.class, () -> PrimsConfig.empty().with("prims.x", null));
    Map<String, String> withNull = new HashMap<>();
    withNull.put("prims.backend", null);
    assertThrows(IllegalArgumentException.class, () -> PrimsConfig.of(withNull));
    assertThrows(IllegalArgumentException.class, () -> Prims.create(null));
  }

  @Test
  void anEmptyBackendIsTheDefaultAndAListOfNothingIsAnError() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> create(PrimsConfig.builder().backend(" , ").build()));
    assertTrue(e.getMessage().startsWith("prims.backend is empty"), e.getMessage());
  }
}
