package dev.prims.testing;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** Checks that the autodetected HermeticExtension runs around every test of this module. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HermeticExtensionTest {
  private static final String LEAK = "prims.test.leak";
  private static String firstCache;

  @Test
  @Order(1)
  void homeAndCachesAreFreshTemporaryDirectories() {
    Path home = Path.of(System.getProperty("user.home"));
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    assertTrue(home.startsWith(tmp), () -> "user.home " + home + " is not under " + tmp);
    assertTrue(Files.isDirectory(home));
    Path root = home.getParent();
    for (String key :
        new String[] {"prims.costmodel.cache", "prims.natives.dir", "prims.cub.cache"}) {
      Path path = Path.of(System.getProperty(key));
      assertTrue(path.startsWith(root), () -> key + " " + path + " is not under " + root);
    }
    firstCache = System.getProperty("prims.costmodel.cache");
    assertFalse(Files.exists(Path.of(firstCache)));
    System.setProperty(LEAK, "set by the first test");
  }

  @Test
  @Order(2)
  void propertiesATestSetAreGoneAndEachTestHasItsOwnCostModelCache() {
    assertNull(System.getProperty(LEAK));
    assertNotNull(firstCache);
    assertNotEquals(firstCache, System.getProperty("prims.costmodel.cache"));
  }
}
