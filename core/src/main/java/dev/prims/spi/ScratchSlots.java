package dev.prims.spi;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

/**
 * The named scratch memory of a device backend: one allocation per slot, kept for later calls and
 * replaced by a larger one when a call needs more than the slot holds. The ledger counts every
 * slot's bytes as {@link MemoryLedger.Kind#SCRATCH}. Not thread-safe: use under the backend's lock.
 *
 * @param <M> the backend's handle of device memory
 */
public final class ScratchSlots<M> {
  /** How a backend allocates device memory. */
  @FunctionalInterface
  public interface Allocator<M> {
    /**
     * New device memory of {@code bytes}, named {@code what} in the error when the device has no
     * room for it.
     */
    M allocate(long bytes, String what);
  }

  /** One slot's memory and its bytes. */
  private record Slot<M>(M memory, long bytes) {}

  private final Map<String, Slot<M>> slots = new HashMap<>();
  private final MemoryLedger ledger;
  private final LongUnaryOperator size;
  private final Allocator<M> allocator;
  private final Consumer<M> replaced;

  /**
   * Slots counted in {@code ledger}: a slot asked for {@code n} bytes gets {@code
   * size.applyAsLong(n)} (at least {@code n}) from {@code allocator}; the memory of a slot that
   * grows goes to {@code replaced}, which frees it once the work already enqueued is done with it.
   */
  public ScratchSlots(
      MemoryLedger ledger, LongUnaryOperator size, Allocator<M> allocator, Consumer<M> replaced) {
    this.ledger = ledger;
    this.size = size;
    this.allocator = allocator;
    this.replaced = replaced;
  }

  /**
   * The memory of {@code slot}, of at least {@code bytes}: the slot's own where it is large enough,
   * else a new allocation (named {@code "scratch " + slot}) after the old one is replaced.
   */
  public M get(String slot, long bytes) {
    Slot<M> have = slots.get(slot);
    if (have != null && have.bytes() >= bytes) {
      return have.memory();
    }
    if (have != null) {
      replaced.accept(have.memory());
      slots.remove(slot);
      ledger.subtract(MemoryLedger.Kind.SCRATCH, have.bytes());
    }
    long allocated = size.applyAsLong(bytes);
    M m = allocator.allocate(allocated, "scratch " + slot);
    slots.put(slot, new Slot<>(m, allocated));
    ledger.add(MemoryLedger.Kind.SCRATCH, allocated);
    return m;
  }

  /** The bytes of {@code slot} (0 when it has none). */
  public long bytes(String slot) {
    Slot<M> have = slots.get(slot);
    return have == null ? 0 : have.bytes();
  }

  /** Frees every slot with {@code free} (the backend closing, its work done) and forgets them. */
  public void free(Consumer<M> free) {
    for (Slot<M> slot : slots.values()) {
      free.accept(slot.memory());
      ledger.subtract(MemoryLedger.Kind.SCRATCH, slot.bytes());
    }
    slots.clear();
  }
}
