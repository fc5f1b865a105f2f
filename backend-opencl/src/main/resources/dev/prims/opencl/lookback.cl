// The tile states of a decoupled look-back (scan.cl, by_key.cl, select.cl), prefixed to every
// program after common.cl. state[0] is the tile counter (never reset: a launch's tiles are the
// tickets from ticketBase on), state[t + 1] tile t's status (epoch << 2) | kind, so states of
// earlier launches read as empty (OpenClTickets); a tile's value goes to its kernel's aggregates[t]
// or prefixes[t] before its status. Built only where the device runs the look-back
// (OpenClLookback): LOOKBACK_PTX on NVIDIA's platform (membar.gl between a state's value and its
// status), LOOKBACK_ATOMICS on OpenCL C 2.0 and later (device-scope release and acquire).

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

/* Waits until tile t has published something in this epoch; returns its kind (acquire). */
inline uint lookback_wait_status(__global uint* state, uint epoch, uint t) {
  uint status;
  do {
#ifdef LOOKBACK_PTX
    status = ((volatile __global uint*)state)[t + 1];
#else
    status = atomic_load_explicit((volatile __global atomic_uint*)(state + t + 1),
                                  memory_order_acquire, memory_scope_device);
#endif
  } while (status >> 2 != epoch);
#ifdef LOOKBACK_PTX
  asm volatile("membar.gl;" ::: "memory");
#endif
  return status & 3;
}
#endif
