// The tile states of a decoupled look-back (scan.cl, by_key.cl, select.cl), prefixed to every
// program after common.cl. state[0] is the tile counter (never reset: a launch's tiles are the
// tickets from ticketBase on), state[t + 1] tile t's status (epoch << 2) | kind, so states of
// earlier launches read as empty (OpenClTickets); a tile's value goes to its kernel's aggregates[t]
// or prefixes[t] before its status. Built only where the device runs the look-back
// (OpenClLookback): LOOKBACK_PTX on NVIDIA's platform (membar.gl between a state's value and its
// status), LOOKBACK_ATOMICS on OpenCL C 2.0 and later (device-scope release and acquire). With
// LOOKBACK_PTX also the warp votes and shuffles the warp-wide look-backs use, and LOOKBACK_WALK,
// the walk over the predecessors every look-back shares.

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
/*
 * Where tile t's state word starts on NVIDIA's platform: one 128-byte L2 line a tile, the line
 * after the counter's first (OpenClLookback.STATE_BYTES), as the CUDA backend's look-back states;
 * packed, neighbouring tiles polled and published on one line.
 */
#define LOOKBACK_STATE_BYTES 128
#define LOOKBACK_STATE_AT(state, t) ((ulong)(state) + LOOKBACK_STATE_BYTES * ((ulong)(t) + 1))

/*
 * NVIDIA's platform: warp votes and shuffles as inline PTX (NVIDIA's OpenCL has no sub-groups), as
 * the CUDA backend's warp/ primitives. Warps are 32 consecutive work-items of the one-dimensional
 * work-group.
 */
#define WARP_SIZE 32
#define WARPS_PER_BLOCK (BLOCK_SIZE / WARP_SIZE)

/* The lanes of the warp (32 consecutive work-items) whose predicate is non-zero, one bit per lane. */
inline uint warp_ballot(uint predicate) {
  uint r;
  asm volatile(
      "{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, 0;\n\tvote.sync.ballot.b32 %0, p, 0xffffffff;\n\t}"
      : "=r"(r)
      : "r"(predicate));
  return r;
}

/*
 * Shuffles of one 32-bit word (PTX shfl.sync): shfl_up_word gives the word of lane - delta (a lane
 * below delta keeps its own), shfl_down_word that of lane + delta (a lane of 32 - delta or above
 * keeps its own), shfl_xor_word that of lane ^ mask, shfl_idx_word that of lane `arg`.
 */
#define WARP_SHFL_WORD(NAME, MODE, CLAMP)                                                  \
  inline uint NAME(uint word, uint arg) {                                                  \
    uint r;                                                                                \
    asm volatile("shfl.sync." MODE ".b32 %0, %1, %2, " CLAMP ", 0xffffffff;" : "=r"(r)     \
                 : "r"(word), "r"(arg));                                                   \
    return r;                                                                              \
  }
WARP_SHFL_WORD(shfl_up_word, "up", "0")
WARP_SHFL_WORD(shfl_down_word, "down", "0x1f")
WARP_SHFL_WORD(shfl_xor_word, "bfly", "0x1f")
WARP_SHFL_WORD(shfl_idx_word, "idx", "0x1f")

/* A value of T as 32-bit words, for the shuffles. */
typedef union {
  T value;
  uint word[sizeof(T) / 4];
} WarpBits;

/* shfl_up, shfl_down and shfl_xor of a value of T, word by word. */
#define WARP_SHFL(NAME, WORD)                                     \
  inline T NAME(T value, uint arg) {                              \
    WarpBits bits;                                                \
    bits.value = value;                                           \
    for (uint k = 0; k < sizeof(T) / 4; k++) {                    \
      bits.word[k] = WORD(bits.word[k], arg);                     \
    }                                                             \
    return bits.value;                                            \
  }
WARP_SHFL(shfl_up, shfl_up_word)
WARP_SHFL(shfl_down, shfl_down_word)
WARP_SHFL(shfl_xor, shfl_xor_word)

/* shfl_up and shfl_down of a long. */
inline long shfl_up_long(long value, uint delta) {
  return (long)(((ulong)shfl_up_word((uint)(value >> 32), delta) << 32) |
                shfl_up_word((uint)value, delta));
}

inline long shfl_down_long(long value, uint delta) {
  return (long)(((ulong)shfl_down_word((uint)(value >> 32), delta) << 32) |
                shfl_down_word((uint)value, delta));
}
#endif

/*
 * The walk of a decoupled look-back (Merrill & Garland 2016) from tile id (> 0), whose own state is
 * published: sets `prefix` (of type V) to the combination of every tile before id, stopping at the
 * nearest inclusive prefix. READ(t, &v) returns tile t's kind of state without waiting
 * (STATUS_EMPTY: nothing yet) and sets v where there is one; COMBINE(a, b) combines a before b;
 * IDENT is V's identity. With LOOKBACK_PTX the 32 lanes of a warp walk together (the CUDA
 * backend's decoupled_lookback): each waits for one predecessor of a window of 32, a ballot finds
 * the nearest inclusive prefix, WARP_FOLD(v) combines the window's values up to it (lane l holds a
 * later tile than lane l + 1) into at least lane 0, whose `prefix` is then the answer. Otherwise
 * one work-item reads a window of 32 states (independent loads that overlap) and combines them
 * nearest first up to the first inclusive prefix, waiting where one has published nothing yet.
 * Either way the window then moves back until an inclusive prefix is found.
 */
#ifndef LOOKBACK_WINDOW
/* Predecessors one work-item reads at once (scan.cl's may be set with -DLOOKBACK_WINDOW). */
#define LOOKBACK_WINDOW 32
#endif
#ifdef LOOKBACK_PTX
/* Work-items that run LOOKBACK_WALK: one warp. */
#define LOOKBACK_LANES WARP_SIZE
#define LOOKBACK_WALK(V, prefix, id, IDENT, READ, COMBINE, WARP_FOLD) \
  do { \
    uint lane_ = get_local_id(0) % WARP_SIZE; \
    long window_ = (long)(id) - 1; \
    while (true) { \
      long pred_ = window_ - (long)lane_; \
      uint kind_ = STATUS_PREFIX; \
      V value_ = IDENT; \
      if (pred_ >= 0) { \
        do { \
          kind_ = READ((uint)pred_, &value_); \
        } while (kind_ == STATUS_EMPTY); \
      } \
      uint done_ = warp_ballot(kind_ == STATUS_PREFIX); \
      uint stop_ = done_ ? 31 - clz(done_ & (0u - done_)) : WARP_SIZE - 1; \
      if (lane_ > stop_) value_ = IDENT; \
      value_ = WARP_FOLD(value_); \
      prefix = window_ == (long)(id) - 1 ? value_ : COMBINE(value_, prefix); \
      if (done_) break; \
      window_ -= WARP_SIZE; \
    } \
  } while (0)
#else
/* Work-items that run LOOKBACK_WALK: one. */
#define LOOKBACK_LANES 1
#define LOOKBACK_WALK(V, prefix, id, IDENT, READ, COMBINE, WARP_FOLD) \
  do { \
    V values_[LOOKBACK_WINDOW]; \
    uint kinds_[LOOKBACK_WINDOW]; \
    long window_ = (long)(id) - 1; \
    bool done_ = false; \
    prefix = IDENT; \
    while (!done_) { \
      for (uint i_ = 0; i_ < LOOKBACK_WINDOW; i_++) { \
        long pred_ = window_ - (long)i_; \
        values_[i_] = IDENT; \
        kinds_[i_] = pred_ >= 0 ? READ((uint)pred_, &values_[i_]) : STATUS_PREFIX; \
      } \
      for (uint i_ = 0; i_ < LOOKBACK_WINDOW && !done_; i_++) { \
        V value_ = values_[i_]; \
        uint kind_ = kinds_[i_]; \
        while (kind_ == STATUS_EMPTY) kind_ = READ((uint)(window_ - (long)i_), &value_); \
        prefix = COMBINE(value_, prefix); \
        done_ = kind_ == STATUS_PREFIX; \
      } \
      window_ -= LOOKBACK_WINDOW; \
    } \
  } while (0)
#endif
#endif
