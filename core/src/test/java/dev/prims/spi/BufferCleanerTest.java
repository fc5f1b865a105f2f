package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BufferCleanerTest {
  private final List<String> warned = new CopyOnWriteArrayList<>();
  private Consumer<String> original;

  @BeforeEach
  void capture() {
    original = BufferCleaner.warnings;
    BufferCleaner.warnings = warned::add;
  }

  @AfterEach
  void restore() {
    BufferCleaner.warnings = original;
  }

  @Test
  void closeReleasesOnceWithoutWarning() {
    AtomicInteger released = new AtomicInteger();
    Object owner = new Object();
    BufferCleaner.Handle handle =
        BufferCleaner.register(owner, "test buffer", released::incrementAndGet, false);
    handle.close();
    handle.close();
    assertEquals(1, released.get());
    assertTrue(warned.isEmpty(), warned.toString());
    assertNull(handle.allocationSite());
  }

  @Test
  void anUnclosedBufferIsFreedWithAOneLineWarning() throws Exception {
    AtomicInteger released = new AtomicInteger();
    BufferCleaner.register(new Object(), "leaky buffer of 3 int", released::incrementAndGet, false);
    awaitRelease(released);
    assertEquals(1, warned.size(), warned.toString());
    String w = warned.get(0);
    assertTrue(w.startsWith("leaky buffer of 3 int was never closed"), w);
    assertTrue(w.contains("prims.debug.leaks=true"), w);
    assertTrue(!w.contains("\n"), w);
  }

  @Test
  void withDebugTheWarningNamesTheAllocationSite() throws Exception {
    AtomicInteger released = new AtomicInteger();
    allocateAndDrop(released);
    awaitRelease(released);
    assertEquals(1, warned.size(), warned.toString());
    assertTrue(warned.get(0).contains("allocateAndDrop"), warned.get(0));
  }

  private static void allocateAndDrop(AtomicInteger released) {
    BufferCleaner.Handle handle =
        BufferCleaner.register(new Object(), "debug buffer", released::incrementAndGet, true);
    assertNotNull(handle.allocationSite());
  }

  @Test
  void captureSitesReadsTheDebugKey() {
    assertTrue(BufferCleaner.captureSites(k -> Optional.of("true")));
    assertTrue(!BufferCleaner.captureSites(k -> Optional.empty()));
  }

  private static void awaitRelease(AtomicInteger released) throws InterruptedException {
    for (int i = 0; i < 200 && released.get() == 0; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertEquals(1, released.get(), "the cleaner did not run");
  }
}
