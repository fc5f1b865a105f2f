package dev.prims.opencl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.jocl.Pointer;
import org.jocl.cl_mem;
import org.junit.jupiter.api.Test;

/**
 * Tickets zero their whole scratch when it is allocated, not only the bytes the first launch asked
 * for: the scratch rounds its size up to 8 bytes, and a later launch that asks for those rounded
 * bytes reads them as tile states without the scratch growing.
 */
class OpenClTicketsTest {
  @Test
  void theWordsTheScratchRoundedUpAreZeroedToo() {
    OpenClTests.assumePlatform();
    try (OpenClBackend backend =
        (OpenClBackend) new OpenClBackendProvider().create(OpenClTests.NO_KEYS)) {
      backend.locked(
          "tickets",
          () -> {
            // the slot's memory as other work left it: not zero
            cl_mem mem = backend.scratch("tickets.test", 68);
            int words = (int) (backend.scratchBytes("tickets.test") / 4);
            assertEquals(18, words, "68 bytes are rounded up to 72");
            int[] garbage = new int[words];
            Arrays.fill(garbage, -1);
            backend.write(mem, Pointer.to(garbage), 4L * words);
            OpenClTickets tickets = new OpenClTickets(backend, "tickets.test");
            // a first launch of 68 bytes (the slot is new to the tickets), then one of 72
            cl_mem first = tickets.next(68, 1);
            cl_mem second = tickets.next(72, 1);
            assertEquals(first, second, "72 bytes fit without the scratch growing");
            assertEquals(2, tickets.epoch());
            int[] back = new int[words];
            backend.read(second, 0, Pointer.to(back), 4L * words);
            assertArrayEquals(new int[words], back);
            return null;
          });
    }
  }
}
