// The tile states of a decoupled look-back (scan.cl, by_key.cl, select.cl), prefixed to every
// program after common.cl. state[0] is the tile counter (never reset: a launch's tiles are the
// tickets from ticketBase on), state[t + 1] tile t's status (epoch << 2) | kind, so states of
// earlier launches read as empty (OpenClTickets); a tile's value goes to its kernel's aggregates[t]
// or prefixes[t] before its status. Built only where the device runs the look-back
// (OpenClLookback): LOOKBACK_PTX on NVIDIA's platform (membar.gl between a state's value and its
// status), LOOKBACK_ATOMICS on OpenCL C 2.0 and later (device-scope release and acquire). With
// LOOKBACK_PTX also the warp vote the warp-wide look-backs (scan.cl, select.cl) use.

#define STATUS_EMPTY 0
#define STATUS_AGGREGATE 1
#define STATUS_PREFIX 2

#if defined(LOOKBACK_PTX) || defined(LOOKBACK_ATOMICS)
/* Publishes tile t's status kind, after (release) the value the caller has just written. */
inline void lookback_publish_status(__global uint* state, uint epoch, uint t, uint kind) {
#ifdef LOOKBACK_PTX
  asm volatile("membar.gl;" ::: "memory");
  ((volatile __global uint*)state)[t + 1] = (epoch << 2) | kind;
#else
  atomic_store_explicit((volatile __global atomic_uint*)(state + t + 1), (epoch << 2) | kind,
                        memory_order_release, memory_scope_device);
#endif
}

/* Tile t's kind of status in this epoch without waiting (STATUS_EMPTY: none yet; acquire). */
inline uint lookback_read_status(__global uint* state, uint epoch, uint t) {
#ifdef LOOKBACK_PTX
  uint status = ((volatile __global uint*)state)[t + 1];
  if (status >> 2 != epoch) return STATUS_EMPTY;
  asm volatile("membar.gl;" ::: "memory");
#else
  uint status = atomic_load_explicit((volatile __global atomic_uint*)(state + t + 1),
                                     memory_order_acquire, memory_scope_device);
  if (status >> 2 != epoch) return STATUS_EMPTY;
#endif
  return status & 3;
}

/* Waits until tile t has published something in this epoch; returns its kind (acquire). */
inline uint lookback_wait_status(__global uint* state, uint epoch, uint t) {
  uint kind;
  do {
    kind = lookback_read_status(state, epoch, t);
  } while (kind == STATUS_EMPTY);
  return kind;
}

#ifdef LOOKBACK_PTX
/* The lanes of the warp (32 consecutive work-items) whose predicate is non-zero, one bit per lane. */
inline uint warp_ballot(uint predicate) {
  uint r;
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\tvote.sync.ballot.b32 %0, p, 0xffffffff;\n\t}"
      : "=r"(r)
      : "r"(predicate));
  return r;
}
#endif
#endif
