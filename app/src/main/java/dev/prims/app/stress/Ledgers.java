package dev.prims.app.stress;

import dev.prims.Prims;
import dev.prims.spi.MemoryLedger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link MemoryLedger}s of the backends under stress, read at the start, in the middle and at
 * the end of a run and after the engine closed. A leak is a buffer not back at the end (every
 * stress call closes its buffers) or anything still held after close; scratch and staging may grow
 * to the largest call meanwhile.
 */
final class Ledgers {
  private final Map<String, MemoryLedger> ledgers = new LinkedHashMap<>();

  /** The ledgers of {@code ids} on {@code prims} (a backend without one is left out). */
  Ledgers(Prims prims, List<String> ids) {
    for (String id : ids) {
      prims.backend(id).primaryBackend().ledger().ifPresent(l -> ledgers.put(id, l));
    }
  }

  /** The backends that keep a ledger. */
  Iterable<String> ids() {
    return ledgers.keySet();
  }

  /** A reading of every ledger. */
  Map<String, MemoryLedger.Usage> read() {
    Map<String, MemoryLedger.Usage> usage = new LinkedHashMap<>();
    ledgers.forEach((id, l) -> usage.put(id, l.usage()));
    return usage;
  }

  /**
   * Why the readings of {@code id} at the start and the end of the run show a leak, or null: every
   * stress call closes its buffers, so the buffers at the end must be those at the start. Scratch
   * and staging may grow to the largest call and are only required to be gone after close.
   */
  static String leak(MemoryLedger.Usage start, MemoryLedger.Usage end) {
    if (end.buffers() != start.buffers() || end.bufferBytes() != start.bufferBytes()) {
      return "buffers not back to start";
    }
    return null;
  }
}
