package dev.prims.opencl;

import org.jocl.cl_mem;

/**
 * A work-group ticket counter and the per-launch states behind it in one scratch buffer, for
 * kernels that number their work-groups in start order (the scan's look-back, the one-launch
 * reduce): word 0 is the counter, which is never reset, so a launch's tickets are those from its
 * {@link #ticketBase()} on; the states after it are zeroed only when the buffer is allocated, and
 * each launch takes a new {@link #epoch()}, which makes earlier launches' states read as empty (see
 * scan.cl). So no buffer fill precedes each launch. Use under the backend's lock.
 */
final class OpenClTickets {
  /** Epochs fit in the 30 bits above a state's 2-bit kind. */
  private static final int EPOCH_BITS = 30;

  private final OpenClBackend backend;
  private final String slot;
  private final int maxEpoch;
  private cl_mem memory;
  private int epoch;
  private int ticketBase;
  private long tickets;

  OpenClTickets(OpenClBackend backend, String slot) {
    this(backend, slot, EPOCH_BITS);
  }

  /** Tickets whose states keep only the low {@code epochBits} bits of the epoch. */
  OpenClTickets(OpenClBackend backend, String slot, int epochBits) {
    this.backend = backend;
    this.slot = slot;
    this.maxEpoch = (1 << epochBits) - 1;
  }

  /**
   * The counter and states for a launch of {@code groups} work-groups needing {@code bytes}, with
   * {@link #epoch()} and {@link #ticketBase()} set for it.
   */
  cl_mem next(long bytes, long groups) {
    long size = Math.max(64, (bytes + 3) / 4 * 4);
    cl_mem mem = backend.scratch(slot, size);
    if (mem != memory || epoch == maxEpoch) {
      // all of it: the scratch rounds its size up, and a later launch asking a little more reads
      // the words past this one's without growing it
      backend.zero(mem, backend.scratchBytes(slot));
      memory = mem;
      epoch = 0;
      tickets = 0;
    }
    epoch++;
    ticketBase = (int) tickets;
    tickets = (tickets + groups) & 0xffffffffL;
    return mem;
  }

  /** The launch's number (from 1), as its states carry it. */
  int epoch() {
    return epoch;
  }

  /** The counter's value when the launch starts: its first work-group's ticket. */
  int ticketBase() {
    return ticketBase;
  }
}
