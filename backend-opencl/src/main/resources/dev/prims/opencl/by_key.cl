// Reduce-by-key and scan-by-key in one pass over keys and values (no scratch the size of the
// input). Needs common.cl. KEY_T is the key type (int or long). Each work-group takes a tile of
// TILE = BLOCK_SIZE * ITEMS_PER_THREAD elements (numbered by a ticket in start order), stages its
// keys and values through local memory, flags where runs of equal keys start, scans the pairs
// (starts so far, value since the latest start) across the tile, and joins tiles with a decoupled
// look-back over those pairs (lookback.cl's LOOKBACK_WALK). The pair operator is
//   (c1, v1) . (c2, v2) = (c1 + c2, c2 > 0 ? v2 : v1 . v2),
// so a tile's prefix carries both the number of runs begun before it (where reduce-by-key writes)
// and the open run's partial value. Built only where the device runs the scan's look-back
// (OpenClLookback): LOOKBACK_PTX on NVIDIA's platform (the tile scan by warp shuffles, a warp-wide
// look-back over 16-byte tile states read and written in one access: the CUDA backend's kernel),
// LOOKBACK_ATOMICS on OpenCL C 2.0 and later (device-scope release and acquire, the tile scan in
// local memory, one work-item's look-back). Twin of block_by_key.cuh.

#define TILE (BLOCK_SIZE * ITEMS_PER_THREAD)
// SCAN_UNROLL (set for GPUs, as for scan.cl) unrolls the per-item loops, so items stay in registers.
#ifdef SCAN_UNROLL
#define UNROLL _Pragma("unroll")
#else
#define UNROLL
#endif
#define STAGE_WORDS ((TILE * (sizeof(KEY_T) > sizeof(T) ? sizeof(KEY_T) : sizeof(T)) + 7) / 8)

typedef struct {
  long count;
  T value;
} run_pair;

inline run_pair run_pair_of(long count, T value) {
  run_pair p;
  p.count = count;
  p.value = value;
  return p;
}

inline run_pair run_op(run_pair a, run_pair b OP_PARAM) {
  return run_pair_of(a.count + b.count, b.count ? b.value : op(a.value, b.value));
}

#ifdef LOOKBACK_PTX
/*
 * NVIDIA: tile t's state is one 16-byte word (at LOOKBACK_STATE_AT, a line a tile), written with
 * one volatile vector store and read with one, so no fence is needed: the count, epoch and kind in
 * the first half, (count << 24) | (epoch << 2) | kind (OpenClSegmenter keeps epochs below 2^22),
 * the value's bits in the second; aggregates and prefixes are unused.
 */
#define BY_KEY_EPOCH_MASK 0x3fffffu

typedef union {
  ulong bits;
  T value;
} by_key_bits;

inline void by_key_publish(__global uint* state, __global run_pair* aggregates,
                           __global run_pair* prefixes, uint epoch, uint t, uint kind,
                           run_pair pair) {
  by_key_bits v;
  v.bits = 0;
  v.value = pair.value;
  ulong head = ((ulong)pair.count << 24) | ((epoch & BY_KEY_EPOCH_MASK) << 2) | kind;
  ulong at = LOOKBACK_STATE_AT(state, t);
  asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(at), "l"(head), "l"(v.bits)
               : "memory");
}

/* Tile t's kind of state without waiting (STATUS_EMPTY: nothing yet); sets *pair if any. */
inline uint by_key_read(__global uint* state, __global run_pair* aggregates,
                        __global run_pair* prefixes, uint epoch, uint t, run_pair* pair) {
  ulong head, bits;
  ulong at = LOOKBACK_STATE_AT(state, t);
  asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];"
               : "=l"(head), "=l"(bits)
               : "l"(at)
               : "memory");
  if ((((uint)head >> 2) & BY_KEY_EPOCH_MASK) != (epoch & BY_KEY_EPOCH_MASK)) return STATUS_EMPTY;
  by_key_bits v;
  v.bits = bits;
  pair->count = (long)(head >> 24);
  pair->value = v.value;
  return (uint)head & 3;
}

/* The pair of lane + delta (a lane of 32 - delta or above keeps its own). */
inline run_pair run_pair_shfl_down(run_pair p, uint delta) {
  return run_pair_of(shfl_down_long(p.count, delta), shfl_down(p.value, delta));
}

/* The pair of lane - delta (a lane below delta keeps its own). */
inline run_pair run_pair_shfl_up(run_pair p, uint delta) {
  return run_pair_of(shfl_up_long(p.count, delta), shfl_up(p.value, delta));
}

/* The look-back's fold of a window, in order (lane l holds a later tile than lane l + 1): lane 0
 * ends with the combination of all 32 lanes, farthest first. */
inline run_pair run_pair_warp_fold(run_pair p OP_PARAM) {
  uint lane = get_local_id(0) % WARP_SIZE;
  UNROLL for (uint offset = 1; offset < WARP_SIZE; offset <<= 1) {
    run_pair earlier = run_pair_shfl_down(p, offset);
    if (lane + offset < WARP_SIZE) p = run_op(earlier, p OP_ARG);
  }
  return p;
}

/*
 * Scan of the work-items' pairs across the work-group (the CUDA backend's): warp scans by
 * shuffles, then each work-item folds the warp totals before its warp. Sets *exclusive to the pairs
 * before the work-item's and returns the tile's total.
 */
inline run_pair by_key_block_scan(run_pair acc, __local run_pair* warpTotals,
                                  run_pair* exclusive OP_PARAM) {
  uint tid = get_local_id(0);
  uint lane = tid % WARP_SIZE;
  uint warp = tid / WARP_SIZE;
  run_pair inclusive = acc;
  UNROLL for (uint d = 1; d < WARP_SIZE; d <<= 1) {
    run_pair earlier = run_pair_shfl_up(inclusive, d);
    if (lane >= d) inclusive = run_op(earlier, inclusive OP_ARG);
  }
  if (lane == WARP_SIZE - 1) warpTotals[warp] = inclusive;
  barrier(CLK_LOCAL_MEM_FENCE);
  run_pair warpPrefix = run_pair_of(0, IDENTITY);
  run_pair total = warpPrefix;
  UNROLL for (uint w = 0; w < WARPS_PER_BLOCK; w++) {
    if (w == warp) warpPrefix = total;
    total = run_op(total, warpTotals[w] OP_ARG);
  }
  run_pair before = run_pair_shfl_up(inclusive, 1);
  if (lane == 0) before = run_pair_of(0, IDENTITY);
  *exclusive = run_op(warpPrefix, before OP_ARG);
  return total;
}

#define BY_KEY_SCAN_SLOTS WARPS_PER_BLOCK
#define BY_KEY_WARP_FOLD(p) run_pair_warp_fold(p OP_ARG)
#else
/* Tile t's pair to aggregates[t] or prefixes[t], then its status (lookback.cl). */
inline void by_key_publish(__global uint* state, __global run_pair* aggregates,
                           __global run_pair* prefixes, uint epoch, uint t, uint kind,
                           run_pair pair) {
  if (kind == STATUS_PREFIX) {
    prefixes[t] = pair;
  } else {
    aggregates[t] = pair;
  }
  lookback_publish_status(state, epoch, t, kind);
}

/* Tile t's kind of state without waiting (STATUS_EMPTY: nothing yet); sets *pair if any. */
inline uint by_key_read(__global uint* state, __global run_pair* aggregates,
                        __global run_pair* prefixes, uint epoch, uint t, run_pair* pair) {
  uint kind = lookback_read_status(state, epoch, t);
  if (kind != STATUS_EMPTY) {
    volatile __global run_pair* from = kind == STATUS_PREFIX ? prefixes + t : aggregates + t;
    pair->count = from->count;
    pair->value = from->value;
  }
  return kind;
}

/*
 * Inclusive scan of the work-items' pairs across the work-group (Hillis-Steele in local memory,
 * BLOCK_SIZE slots). Sets *exclusive to the pairs before the work-item's and returns the tile's
 * total.
 */
inline run_pair by_key_block_scan(run_pair acc, __local run_pair* scan,
                                  run_pair* exclusive OP_PARAM) {
  int lid = get_local_id(0);
  scan[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int d = 1; d < BLOCK_SIZE; d <<= 1) {
    run_pair p = scan[lid];
    if (lid >= d) p = run_op(scan[lid - d], p OP_ARG);
    barrier(CLK_LOCAL_MEM_FENCE);
    scan[lid] = p;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  *exclusive = lid > 0 ? scan[lid - 1] : run_pair_of(0, IDENTITY);
  return scan[BLOCK_SIZE - 1];
}

#define BY_KEY_SCAN_SLOTS BLOCK_SIZE
#define BY_KEY_WARP_FOLD(p) (p)
#endif

/*
 * The by-key pass over n keys and values, one tile per work-group. REDUCE: at the end of every
 * run, its key to uniqueKeys and its value to out at the run's rank, and the number of runs to
 * runs[0]. Otherwise the scan (inclusive, or exclusive when `exclusive`) of each run into out
 * (which may be values).
 */
inline void by_key_tile(__global const KEY_T* keys, __global const T* values, ulong n,
                        __global KEY_T* uniqueKeys, __global T* out, __global long* runs,
                        int exclusive, int reduce, __global uint* state,
                        __global run_pair* aggregates, __global run_pair* prefixes, uint epoch,
                        uint ticketBase, __local ulong* staged, __local run_pair* scan,
                        __local uint* tileId, __local run_pair* tilePrefix OP_PARAM) {
  __local KEY_T* sk = (__local KEY_T*)staged;
  __local T* sv = (__local T*)staged;
  int lid = get_local_id(0);
  if (lid == 0) *tileId = atomic_inc((volatile __global uint*)state) - ticketBase;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint id = *tileId;
  ulong base = (ulong)id * TILE;
  int remaining = (int)min((ulong)TILE, n - base);
  int mine = lid * ITEMS_PER_THREAD;
  int count = clamp(remaining - mine, 0, ITEMS_PER_THREAD);

  // keys and values loaded together, striped (coalesced); keys through local memory into
  // registers, blocked, with the neighbours' keys
  T striped[ITEMS_PER_THREAD];
  UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) {
    int j = k * BLOCK_SIZE + lid;
    if (j < remaining) {
      sk[j] = keys[base + j];
      striped[k] = values[base + j];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  KEY_T key[ITEMS_PER_THREAD];
  UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) key[k] = sk[mine + k];
  int hasBefore = 0;
  KEY_T before = key[0];
  if (count > 0 && lid > 0) {
    before = sk[mine - 1];
    hasBefore = 1;
  } else if (count > 0 && base > 0) {
    before = keys[base - 1];
    hasBefore = 1;
  }
  int hasAfter = 0;
  KEY_T after = key[ITEMS_PER_THREAD - 1];
  if (reduce && count == ITEMS_PER_THREAD) {
    if (mine + ITEMS_PER_THREAD < remaining) {
      after = sk[mine + ITEMS_PER_THREAD];
      hasAfter = 1;
    } else if (base + TILE < n) {
      after = keys[base + TILE];
      hasAfter = 1;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  // then the values, the same way
  UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) sv[k * BLOCK_SIZE + lid] = striped[k];
  barrier(CLK_LOCAL_MEM_FENCE);
  T x[ITEMS_PER_THREAD];
  UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) x[k] = sv[mine + k];

  // run starts, and the work-item's pair
  uint starts = 0;
  run_pair acc = run_pair_of(0, IDENTITY);
  UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) {
    if (k >= count) continue;
    int start = k == 0 ? !hasBefore || before != key[0] : key[k] != key[k - 1];
    if (start) {
      starts |= 1u << k;
      acc.count++;
      acc.value = x[k];
    } else {
      acc.value = op(acc.value, x[k]);
    }
  }

  // exclusive scan of the pairs across the work-group
  run_pair exclusivePair;
  run_pair aggregate = by_key_block_scan(acc, scan, &exclusivePair OP_ARG);

  // the look-back: LOOKBACK_LANES work-items walk back over the predecessors to the nearest
  // inclusive prefix
#define BY_KEY_READ(t, pair) by_key_read(state, aggregates, prefixes, epoch, t, pair)
#define BY_KEY_COMBINE(a, b) run_op(a, b OP_ARG)
  if (id == 0) {
    if (lid == 0) {
      by_key_publish(state, aggregates, prefixes, epoch, 0, STATUS_PREFIX, aggregate);
      *tilePrefix = run_pair_of(0, IDENTITY);
    }
  } else if (lid < LOOKBACK_LANES) {
    if (lid == 0) by_key_publish(state, aggregates, prefixes, epoch, id, STATUS_AGGREGATE, aggregate);
    run_pair prefix;
    LOOKBACK_WALK(run_pair, prefix, id, run_pair_of(0, IDENTITY), BY_KEY_READ, BY_KEY_COMBINE,
                  BY_KEY_WARP_FOLD);
    if (lid == 0) {
      by_key_publish(state, aggregates, prefixes, epoch, id, STATUS_PREFIX,
                     run_op(prefix, aggregate OP_ARG));
      *tilePrefix = prefix;
    }
  }
#undef BY_KEY_READ
#undef BY_KEY_COMBINE
  barrier(CLK_LOCAL_MEM_FENCE);
  run_pair running = run_op(*tilePrefix, exclusivePair OP_ARG);

  if (reduce) {
    UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) {
      if (k >= count) continue;
      if ((starts >> k) & 1) {
        running = run_pair_of(running.count + 1, x[k]);
      } else {
        running.value = op(running.value, x[k]);
      }
      ulong i = base + mine + k;
      int end;
      if (k + 1 < count) {
        end = (starts >> (k + 1)) & 1;
      } else if (k + 1 < ITEMS_PER_THREAD) {
        end = 1;  // the input's last element
      } else {
        end = !hasAfter || after != key[k];
      }
      if (end) {
        uniqueKeys[running.count - 1] = key[k];
        out[running.count - 1] = running.value;
        if (i == n - 1) runs[0] = running.count;
      }
    }
  } else {
    UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) {
      if (k >= count) continue;
      T v;
      if ((starts >> k) & 1) {
        v = exclusive ? IDENTITY : x[k];
        running.value = x[k];
      } else {
        v = exclusive ? running.value : op(running.value, x[k]);
        running.value = op(running.value, x[k]);
      }
      x[k] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) sv[mine + k] = x[k];
    barrier(CLK_LOCAL_MEM_FENCE);
    UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) {
      int j = k * BLOCK_SIZE + lid;
      if (j < remaining) out[base + j] = sv[j];
    }
  }
}

/* The work-group memory by_key_tile works in, declared at kernel scope as __local memory must be. */
#define BY_KEY_TILE_LOCALS                    \
  __local ulong staged[STAGE_WORDS];          \
  __local run_pair scan[BY_KEY_SCAN_SLOTS];   \
  __local uint tileId;                        \
  __local run_pair tilePrefix;

__kernel REQUIRE_BLOCK void reduce_by_key(__global const KEY_T* keys, __global const T* values,
                                          ulong n, __global KEY_T* uniqueKeys, __global T* out,
                                          __global long* runs, __global uint* state,
                                          __global run_pair* aggregates,
                                          __global run_pair* prefixes, uint epoch,
                                          uint ticketBase OP_PARAM) {
  BY_KEY_TILE_LOCALS
  by_key_tile(keys, values, n, uniqueKeys, out, runs, 0, 1, state, aggregates, prefixes, epoch,
              ticketBase, staged, scan, &tileId, &tilePrefix OP_ARG);
}

__kernel REQUIRE_BLOCK void scan_by_key(__global const KEY_T* keys, __global const T* values,
                                        ulong n, __global T* out, int exclusive,
                                        __global uint* state, __global run_pair* aggregates,
                                        __global run_pair* prefixes, uint epoch,
                                        uint ticketBase OP_PARAM) {
  BY_KEY_TILE_LOCALS
  by_key_tile(keys, values, n, 0, out, 0, exclusive, 0, state, aggregates, prefixes, epoch,
              ticketBase, staged, scan, &tileId, &tilePrefix OP_ARG);
}
