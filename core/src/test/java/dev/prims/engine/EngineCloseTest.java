package dev.prims.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.PrimsConfig;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class EngineCloseTest {
  private static Engine engine() {
    return new Engine(new BackendRegistry(Map.of(), ResolvedConfig.resolve(PrimsConfig.empty())));
  }

  @Test
  void closingFromAPoolThreadDoesNotWaitForItself() throws Exception {
    Engine engine = engine();
    Engine[] self = {engine};
    int value =
        engine
            .async(
                () -> {
                  self[0].close();
                  return 42;
                })
            .get(10, TimeUnit.SECONDS);
    assertEquals(42, value);
    assertTrue(engine.registry().isClosed());
    assertThrows(IllegalStateException.class, () -> engine.async(() -> 1));
  }

  @Test
  void closeIsIdempotent() {
    Engine engine = engine();
    engine.async(() -> 1).join();
    engine.close();
    engine.close();
    assertTrue(engine.registry().isClosed());
  }
}
