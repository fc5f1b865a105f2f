package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class MemoryLedgerTest {
  @Test
  void buffersCountUntilClosedAndReleaseOnce() {
    MemoryLedger ledger = new MemoryLedger("test");
    AtomicInteger released = new AtomicInteger();
    Object owner = new Object();
    BufferCleaner.Handle handle =
        ledger.register(owner, "test buffer", 40, released::incrementAndGet, false);
    ledger.add(MemoryLedger.Kind.SCRATCH, 100);
    ledger.add(MemoryLedger.Kind.STAGING, 7);
    assertEquals(new MemoryLedger.Usage(1, 40, 100, 7), ledger.usage());
    assertEquals(147, ledger.usage().totalBytes());
    handle.close();
    handle.close();
    assertEquals(1, released.get());
    assertEquals(new MemoryLedger.Usage(0, 0, 100, 7), ledger.usage());
    ledger.subtract(MemoryLedger.Kind.SCRATCH, 100);
    assertEquals(7, ledger.usage().totalBytes());
  }

  @Test
  void closeBuffersReleasesEveryOpenBufferAndMarksTheLedgerClosed() {
    MemoryLedger ledger = new MemoryLedger("test");
    AtomicInteger released = new AtomicInteger();
    Object a = new Object();
    Object b = new Object();
    ledger.register(a, "a", 8, released::incrementAndGet, false);
    BufferCleaner.Handle closedEarlier =
        ledger.register(b, "b", 16, released::incrementAndGet, false);
    closedEarlier.close();
    assertFalse(ledger.isClosed());
    ledger.closeBuffers();
    assertTrue(ledger.isClosed());
    assertEquals(2, released.get());
    assertEquals(new MemoryLedger.Usage(0, 0, 0, 0), ledger.usage());
    assertTrue(ledger.toString().startsWith("test ledger: 0 bytes"), ledger.toString());
  }

  @Test
  void theOutOfMemoryMessageNamesTheSizesAndTheLedger() {
    MemoryLedger ledger = new MemoryLedger("opencl");
    ledger.add(MemoryLedger.Kind.SCRATCH, 1024);
    String message =
        OutOfDeviceMemory.allocation(
            1L << 33, "2147483648 float elements", "GPU", -1, 80L << 30, ledger, "CL_X");
    assertEquals(
        "out of device memory: cannot allocate 8589934592 bytes for 2147483648 float elements on"
            + " GPU (85899345920 bytes of device memory; the opencl backend holds 1,024 bytes (0"
            + " buffers of 0 bytes, scratch 1,024, staging 0)): CL_X",
        message);
  }
}
