package dev.prims.app.stress;

import dev.prims.Prims;
import dev.prims.spi.MemoryLedger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link MemoryLedger}s of the backends under stress, read at the start, in the middle and at
 * the end of a run and after the engine closed. A leak is a buffer not back at the end (every
 * stress call closes its buffers), scratch or staging that grew in both measured spans (one-off
 * growth to a larger size shows in one span only), or anything still held after close.
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
   * Why the run's readings of {@code id} show a leak, or null: buffers at {@code end} differ from
   * {@code start}, or the total grew from {@code start} to {@code middle} and again to {@code end}.
   */
  static String leak(MemoryLedger.Usage start, MemoryLedger.Usage middle, MemoryLedger.Usage end) {
    if (end.buffers() != start.buffers() || end.bufferBytes() != start.bufferBytes()) {
      return "buffers not back to start";
    }
    if (middle.totalBytes() > start.totalBytes() && end.totalBytes() > middle.totalBytes()) {
      return "grew in both spans";
    }
    return null;
  }
}
