// Reduce-by-key and scan-by-key in one pass over keys and values (no scratch the size of the
// input). Needs common.cl. KEY_T is the key type (int or long). Each work-group takes a tile of
// TILE = BLOCK_SIZE * ITEMS_PER_THREAD elements (numbered by a ticket in start order), stages its
// keys and values through local memory, flags where runs of equal keys start, scans the pairs
// (starts so far, value since the latest start) across the tile, and joins tiles with a decoupled
// look-back over those pairs. The pair operator is
//   (c1, v1) . (c2, v2) = (c1 + c2, c2 > 0 ? v2 : v1 . v2),
// so a tile's prefix carries both the number of runs begun before it (where reduce-by-key writes)
// and the open run's partial value. Built only where the device runs the scan's look-back
// (OpenClLookback): LOOKBACK_PTX on NVIDIA's platform (membar.gl between a state's value and its
// status), LOOKBACK_ATOMICS on OpenCL C 2.0 and later (device-scope release and acquire). Twin of
// block_by_key.cuh.

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

/* Publishes tile t's pair under the look-back's status kind (lookback.cl). */
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

/* Waits until tile t has published something; returns its kind and sets *pair. */
inline uint by_key_wait(__global uint* state, __global run_pair* aggregates,
                        __global run_pair* prefixes, uint epoch, uint t, run_pair* pair) {
  uint kind = lookback_wait_status(state, epoch, t);
  volatile __global run_pair* from = kind == STATUS_PREFIX ? prefixes + t : aggregates + t;
  pair->count = from->count;
  pair->value = from->value;
  return kind;
}

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
    if (k >= count) break;
    int start = k == 0 ? !hasBefore || before != key[0] : key[k] != key[k - 1];
    if (start) {
      starts |= 1u << k;
      acc.count++;
      acc.value = x[k];
    } else {
      acc.value = op(acc.value, x[k]);
    }
  }

  // inclusive scan of the pairs across the work-group (Hillis-Steele in local memory)
  scan[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int d = 1; d < BLOCK_SIZE; d <<= 1) {
    run_pair p = scan[lid];
    if (lid >= d) p = run_op(scan[lid - d], p OP_ARG);
    barrier(CLK_LOCAL_MEM_FENCE);
    scan[lid] = p;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  run_pair exclusivePair = lid > 0 ? scan[lid - 1] : run_pair_of(0, IDENTITY);
  run_pair aggregate = scan[BLOCK_SIZE - 1];

  // the look-back: work-item 0 walks back over the predecessors to the nearest inclusive prefix
  if (lid == 0) {
    run_pair prefix = run_pair_of(0, IDENTITY);
    if (id == 0) {
      by_key_publish(state, aggregates, prefixes, epoch, 0, STATUS_PREFIX, aggregate);
    } else {
      by_key_publish(state, aggregates, prefixes, epoch, id, STATUS_AGGREGATE, aggregate);
      long pred = (long)id - 1;
      uint kind;
      do {
        run_pair p;
        kind = by_key_wait(state, aggregates, prefixes, epoch, (uint)pred, &p);
        prefix = pred == (long)id - 1 ? p : run_op(p, prefix OP_ARG);
        pred--;
      } while (kind != STATUS_PREFIX);
      by_key_publish(state, aggregates, prefixes, epoch, id, STATUS_PREFIX,
                     run_op(prefix, aggregate OP_ARG));
    }
    *tilePrefix = prefix;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  run_pair running = run_op(*tilePrefix, exclusivePair OP_ARG);

  if (reduce) {
    UNROLL for (int k = 0; k < ITEMS_PER_THREAD; k++) {
      if (k >= count) break;
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
      if (k >= count) break;
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

__kernel REQUIRE_BLOCK void reduce_by_key(__global const KEY_T* keys, __global const T* values,
                                          ulong n, __global KEY_T* uniqueKeys, __global T* out,
                                          __global long* runs, __global uint* state,
                                          __global run_pair* aggregates,
                                          __global run_pair* prefixes, uint epoch,
                                          uint ticketBase OP_PARAM) {
  __local ulong staged[STAGE_WORDS];
  __local run_pair scan[BLOCK_SIZE];
  __local uint tileId;
  __local run_pair tilePrefix;
  by_key_tile(keys, values, n, uniqueKeys, out, runs, 0, 1, state, aggregates, prefixes, epoch,
              ticketBase, staged, scan, &tileId, &tilePrefix OP_ARG);
}

__kernel REQUIRE_BLOCK void scan_by_key(__global const KEY_T* keys, __global const T* values,
                                        ulong n, __global T* out, int exclusive,
                                        __global uint* state, __global run_pair* aggregates,
                                        __global run_pair* prefixes, uint epoch,
                                        uint ticketBase OP_PARAM) {
  __local ulong staged[STAGE_WORDS];
  __local run_pair scan[BLOCK_SIZE];
  __local uint tileId;
  __local run_pair tilePrefix;
  by_key_tile(keys, values, n, 0, out, 0, exclusive, 0, state, aggregates, prefixes, epoch,
              ticketBase, staged, scan, &tileId, &tilePrefix OP_ARG);
}
