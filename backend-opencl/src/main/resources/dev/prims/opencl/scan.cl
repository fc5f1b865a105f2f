// Scan kernels. Needs common.cl. A runtime flag `exclusive` chooses the output form. Input and
// output may be one buffer: every work-group reads its whole tile before it writes it.
//
//  hillis-steele / blelloch: scan-then-propagate. Each work-group scans one tile (Hillis-Steele:
//    one element per work-item; Blelloch: up-sweep and down-sweep over two per work-item) and
//    writes the tile's total; the host scans the totals the same way (recursively) and
//    scan_add_tile_prefix folds each tile's prefix in.
//  reduce-then-scan: a fixed number of work-groups own contiguous chunks; scan_chunk_totals
//    reduces each chunk, scan_spine (one work-group) scans the totals, and scan_chunk_apply scans
//    each chunk tile by tile starting from its chunk's prefix.
//  decoupled-lookback: one pass (Merrill & Garland 2016). Work-groups take tile ids from an
//    atomic counter, publish their aggregate, look back over a window of predecessors at a time,
//    and publish their own inclusive prefix. Built only where the host checked the device's
//    forward progress and memory ordering (OpenClLookback): LOOKBACK_PTX on NVIDIA's platform
//    (warp shuffles and votes, tile states in one access: the CUDA backend's kernel),
//    LOOKBACK_ATOMICS on OpenCL C 2.0 and later (device-scope release/acquire atomics).
// A tile in the last two is BLOCK_SIZE * ITEMS_PER_THREAD elements, loaded striped (coalesced)
// into local memory; each work-item then scans ITEMS_PER_THREAD consecutive elements serially in
// place around one work-group scan of the work-item totals (warp shuffles with LOOKBACK_PTX).

#define TILE (BLOCK_SIZE * ITEMS_PER_THREAD)
// With an even number of items, local tiles get one padding word per 32 so that both the striped
// loads (j = k * BLOCK_SIZE + tid) and each work-item's serial walk over its consecutive items
// avoid bank conflicts; an odd number of items needs none.
#if ITEMS_PER_THREAD % 2 == 1
#define PAD(j) (j)
#else
#define PAD(j) ((j) + ((j) >> 5))
#endif
#define PADDED_TILE PAD(TILE)
// SCAN_UNROLL (set for GPUs) unrolls the per-item loops; PoCL's CPU compiler takes minutes over
// the unrolled look-back with a runtime operator, so it is left out there.

__kernel REQUIRE_BLOCK void scan_hillis_steele_tiles(__global const T* input, __global T* output,
                                                     __global T* totals, ulong n,
                                                     int exclusive OP_PARAM) {
  __local T ping[BLOCK_SIZE];
  __local T pong[BLOCK_SIZE];
  ulong i = get_global_id(0);
  T x = i < n ? input[i] : IDENTITY;
  T inclusive, exclusivePrefix;
  T total = block_scan(x, ping, pong, &inclusive, &exclusivePrefix OP_ARG);
  if (i < n) output[i] = exclusive ? exclusivePrefix : inclusive;
  if (get_local_id(0) == 0) totals[get_group_id(0)] = total;
}

/* Blelloch's work-efficient scan over a tile of 2 * BLOCK_SIZE elements. */
__kernel REQUIRE_BLOCK void scan_blelloch_tiles(__global const T* input, __global T* output,
                                                __global T* totals, ulong n, int exclusive OP_PARAM) {
  __local T temp[2 * BLOCK_SIZE];
  uint tid = get_local_id(0);
  ulong base = (ulong)get_group_id(0) * (2 * BLOCK_SIZE);
  ulong ia = base + tid;
  ulong ib = base + tid + BLOCK_SIZE;
  T a = ia < n ? input[ia] : IDENTITY;
  T b = ib < n ? input[ib] : IDENTITY;
  temp[tid] = a;
  temp[tid + BLOCK_SIZE] = b;
  uint offset = 1;
  for (uint d = BLOCK_SIZE; d > 0; d >>= 1) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < d) {
      uint ai = offset * (2 * tid + 1) - 1;
      uint bi = offset * (2 * tid + 2) - 1;
      temp[bi] = op(temp[ai], temp[bi]);
    }
    offset <<= 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  T total = temp[2 * BLOCK_SIZE - 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (tid == 0) temp[2 * BLOCK_SIZE - 1] = IDENTITY;
  for (uint d = 1; d < 2 * BLOCK_SIZE; d <<= 1) {
    offset >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid < d) {
      uint ai = offset * (2 * tid + 1) - 1;
      uint bi = offset * (2 * tid + 2) - 1;
      T t = temp[ai];
      temp[ai] = temp[bi];
      temp[bi] = op(temp[bi], t);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  T ea = temp[tid];
  T eb = temp[tid + BLOCK_SIZE];
  if (ia < n) output[ia] = exclusive ? ea : op(ea, a);
  if (ib < n) output[ib] = exclusive ? eb : op(eb, b);
  if (tid == 0) totals[get_group_id(0)] = total;
}

/* Folds each tile's exclusive prefix (prefixes[tile]) into the tile's scanned output. */
__kernel REQUIRE_BLOCK void scan_add_tile_prefix(__global T* output,
                                                 __global const T* prefixes, ulong n,
                                                 ulong tileSize OP_PARAM) {
  ulong i = get_global_id(0);
  if (i < n) {
    ulong tile = i / tileSize;
    if (tile > 0) output[i] = op(prefixes[tile], output[i]);
  }
}

/* A shard's carry in a multi-device scan: every element becomes carry op element, in place. */
__kernel REQUIRE_BLOCK void scan_carry(__global T* data, ulong n, T carry OP_PARAM) {
  ulong i = get_global_id(0);
  if (i < n) data[i] = op(carry, data[i]);
}

/*
 * A staged host scan's carry between chunks: chunk `index` (scanned on its own into data, from
 * input) becomes carries[index - 1] op element, in place, and the work-item of the chunk's last
 * element leaves the carry of the chunks up to this one in carries[index] (for an exclusive scan
 * that value op the chunk's last input). Chunk 0 only leaves its carry (one work-group).
 */
__kernel REQUIRE_BLOCK void scan_carry_chunk(__global T* data, __global const T* input, ulong n,
                                             __global T* carries, ulong index,
                                             int exclusive OP_PARAM) {
  ulong i = get_global_id(0);
  if (index == 0) {
    if (i == 0) carries[0] = exclusive ? op(data[n - 1], input[n - 1]) : data[n - 1];
    return;
  }
  if (i < n) {
    T v = op(carries[index - 1], data[i]);
    data[i] = v;
    if (i == n - 1) carries[index] = exclusive ? op(v, input[n - 1]) : v;
  }
}

/*
 * Reduce-then-scan, pass 1: the total of each work-group's chunk, read four-wide (chunks start on
 * a multiple of TILE, so the four-wide view is aligned).
 */
__kernel REQUIRE_BLOCK void scan_chunk_totals(__global const T* input, __global T* totals,
                                              ulong n, ulong chunkSize OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  ulong begin = (ulong)get_group_id(0) * chunkSize;
  ulong end = min(begin + chunkSize, n);
  ulong quadBegin = begin / 4;
  ulong quadEnd = end / 4;
  __global const T4* input4 = (__global const T4*)input;
  T4 acc = (T4)(IDENTITY);
  for (ulong q = quadBegin + get_local_id(0); q < quadEnd; q += BLOCK_SIZE) {
    T4 v = input4[q];
    acc.x = op(acc.x, v.x);
    acc.y = op(acc.y, v.y);
    acc.z = op(acc.z, v.z);
    acc.w = op(acc.w, v.w);
  }
  ulong tail = quadEnd * 4 + get_local_id(0);
  if (tail < end) acc.x = op(acc.x, input[tail]);
  T total = block_reduce(op_lanes(acc OP_ARG), sdata OP_ARG);
  if (get_local_id(0) == 0) totals[get_group_id(0)] = total;
}

/* Reduce-then-scan, pass 2: one work-group turns the chunk totals into exclusive prefixes. */
__kernel REQUIRE_BLOCK void scan_spine(__global T* totals, ulong count OP_PARAM) {
  __local T ping[BLOCK_SIZE];
  __local T pong[BLOCK_SIZE];
  T carry = IDENTITY;
  for (ulong base = 0; base < count; base += BLOCK_SIZE) {
    ulong i = base + get_local_id(0);
    T x = i < count ? totals[i] : IDENTITY;
    T inclusive, prefix;
    T total = block_scan(x, ping, pong, &inclusive, &prefix OP_ARG);
    if (i < count) totals[i] = op(carry, prefix);
    carry = op(carry, total);
  }
}

/*
 * Loads the tile at base into local memory, striped (element j of the tile by work-item j %
 * BLOCK_SIZE, so every load is coalesced); elements at or past n are the identity. A whole tile is
 * loaded into registers first, so that all of a work-item's loads are in flight at once.
 */
inline void load_tile(__global const T* input, __local T* tile, ulong base, ulong n OP_PARAM) {
  uint tid = get_local_id(0);
  if (base + TILE <= n) {
    __global const T* from = input + base;
    T v[ITEMS_PER_THREAD];
#ifdef SCAN_UNROLL
#pragma unroll
#endif
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      v[k] = from[k * BLOCK_SIZE + tid];
    }
#ifdef SCAN_UNROLL
#pragma unroll
#endif
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      tile[PAD(k * BLOCK_SIZE + tid)] = v[k];
    }
  } else {
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      uint j = k * BLOCK_SIZE + tid;
      tile[PAD(j)] = base + j < n ? input[base + j] : IDENTITY;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

/* Stores the tile held in local memory at base, striped; elements at or past n are dropped. */
inline void store_tile(__global T* output, __local T* tile, ulong base, ulong n) {
  uint tid = get_local_id(0);
  if (base + TILE <= n) {
    __global T* to = output + base;
#ifdef SCAN_UNROLL
#pragma unroll
#endif
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      uint j = k * BLOCK_SIZE + tid;
      to[j] = tile[PAD(j)];
    }
  } else {
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      uint j = k * BLOCK_SIZE + tid;
      if (base + j < n) output[base + j] = tile[PAD(j)];
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

/*
 * Scans this work-item's ITEMS_PER_THREAD consecutive elements of the tile in place (each becomes
 * the combination of the work-item's items up to it) and returns their combination. In place, as
 * the CUDA backend's TileScan, so that few registers stay live.
 */
inline T thread_scan(__local T* tile OP_PARAM) {
  uint first = get_local_id(0) * ITEMS_PER_THREAD;
  T running = tile[PAD(first)];
#ifdef SCAN_UNROLL
#pragma unroll
#endif
  for (uint k = 1; k < ITEMS_PER_THREAD; k++) {
    running = op(running, tile[PAD(first + k)]);
    tile[PAD(first + k)] = running;
  }
  return running;
}

/*
 * Replaces this work-item's scanned items (see thread_scan) with its results, each combined after
 * prefix (the combination of everything before the work-item's first item); exclusive results
 * shift by one and start with the prefix. Ends with a barrier.
 */
inline void thread_results(__local T* tile, T prefix, int exclusive OP_PARAM) {
  uint first = get_local_id(0) * ITEMS_PER_THREAD;
  T previous = prefix;
#ifdef SCAN_UNROLL
#pragma unroll
#endif
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    T scanned = tile[PAD(first + k)];
    tile[PAD(first + k)] = exclusive ? (k == 0 ? prefix : op(prefix, previous)) : op(prefix, scanned);
    previous = scanned;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

#ifdef LOOKBACK_PTX
/*
 * NVIDIA's platform: warp shuffles and votes as inline PTX (NVIDIA's OpenCL has no sub-groups),
 * so that the block scan and the look-back run as the CUDA backend's (block/block_scan.cuh,
 * warp/warp_scan.cuh, warp/warp_reduce.cuh, block/block_lookback.cuh). Warps are 32 consecutive
 * work-items of the one-dimensional work-group; the shuffles are lookback.cl's.
 */
/* Warp-wide inclusive scan (Kogge-Stone over the 32 lanes). */
inline T warp_inclusive_scan(T value, uint lane OP_PARAM) {
#pragma unroll
  for (uint offset = 1; offset < WARP_SIZE; offset <<= 1) {
    T before = shfl_up(value, offset);
    if (lane >= offset) value = op(before, value);
  }
  return value;
}

/* Warp-wide reduction: every lane ends with the warp's total. */
inline T warp_reduce(T value OP_PARAM) {
#pragma unroll
  for (uint offset = WARP_SIZE / 2; offset > 0; offset >>= 1) {
    value = op(value, shfl_xor(value, offset));
  }
  return value;
}

/*
 * Block-wide scan of one value per work-item: warp scans, then a scan of the warp totals by the
 * first warp (warpPrefix holds WARPS_PER_BLOCK + 1 values). Same contract as block_scan.
 */
inline T block_scan_warps(T value, __local T* warpPrefix, T* inclusive, T* exclusive OP_PARAM) {
  uint tid = get_local_id(0);
  uint lane = tid % WARP_SIZE;
  uint warp = tid / WARP_SIZE;
  T in = warp_inclusive_scan(value, lane OP_ARG);
  T ex = shfl_up(in, 1);
  if (lane == 0) ex = IDENTITY;
  if (lane == WARP_SIZE - 1) warpPrefix[warp] = in;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (warp == 0) {
    T total = lane < WARPS_PER_BLOCK ? warpPrefix[lane] : IDENTITY;
    T scanned = warp_inclusive_scan(total, lane OP_ARG);
    T before = shfl_up(scanned, 1);
    if (lane < WARPS_PER_BLOCK) warpPrefix[lane] = lane == 0 ? IDENTITY : before;
    if (lane == WARPS_PER_BLOCK - 1) warpPrefix[WARPS_PER_BLOCK] = scanned;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  *exclusive = warp == 0 ? ex : op(warpPrefix[warp], ex);
  *inclusive = warp == 0 ? in : op(warpPrefix[warp], in);
  T blockTotal = warpPrefix[WARPS_PER_BLOCK];
  barrier(CLK_LOCAL_MEM_FENCE);
  return blockTotal;
}

#define BLOCK_SCAN_LOCALS __local T scanScratch[WARPS_PER_BLOCK + 1];
#define BLOCK_SCAN(value, inclusive, exclusive) \
  block_scan_warps(value, scanScratch, inclusive, exclusive OP_ARG)
#else
#define BLOCK_SCAN_LOCALS \
  __local T ping[BLOCK_SIZE]; \
  __local T pong[BLOCK_SIZE];
#define BLOCK_SCAN(value, inclusive, exclusive) \
  block_scan(value, ping, pong, inclusive, exclusive OP_ARG)
#endif

/* Reduce-then-scan, pass 3: scans each chunk from its exclusive prefix (prefixes[group]). */
__kernel REQUIRE_BLOCK void scan_chunk_apply(__global const T* input, __global T* output,
                                             __global const T* prefixes, ulong n,
                                             ulong chunkSize, int exclusive OP_PARAM) {
  __local T tile[PADDED_TILE];
  BLOCK_SCAN_LOCALS
  ulong begin = (ulong)get_group_id(0) * chunkSize;
  ulong end = min(begin + chunkSize, n);
  T carry = prefixes[get_group_id(0)];
  for (ulong base = begin; base < end; base += TILE) {
    load_tile(input, tile, base, end OP_ARG);
    T inclusive, prefix;
    T total = BLOCK_SCAN(thread_scan(tile OP_ARG), &inclusive, &prefix);
    thread_results(tile, op(carry, prefix), exclusive OP_ARG);
    store_tile(output, tile, base, end);
    carry = op(carry, total);
  }
}

#if defined(LOOKBACK_PTX) || defined(LOOKBACK_ATOMICS)
/*
 * Tile states of the look-back (OpenClLookback decides which form a device gets). state[0] is the
 * tile counter, which is never reset: a launch's tiles are the tickets from ticketBase on. A status
 * is (epoch << 2) | kind, epoch being the launch's number (from 1), so states of earlier launches
 * read as STATUS_EMPTY and need no clearing between launches.
 *
 * LOOKBACK_PTX (NVIDIA): status and value share one word of twice the type's size (tile t's at
 * LOOKBACK_STATE_AT, a line a tile), written with one volatile store and read with one
 * volatile load (16-byte vector accesses for 8-byte types), so no fence is needed: the CUDA
 * backend's TileStates. aggregates and prefixes are unused.
 *
 * LOOKBACK_ATOMICS (OpenCL C 2.0 and later): the value goes to aggregates[t] or prefixes[t], then
 * the status to the uint state[t + 1] by an atomic store with release order of device scope; a
 * reader loads the status with acquire order before it reads the value.
 */
#ifdef LOOKBACK_PTX
inline void publish_state(__global uint* state, __global T* aggregates, __global T* prefixes,
                          uint epoch, uint t, uint kind, T value) {
  ulong status = (epoch << 2) | kind;
  WarpBits bits;
  bits.value = value;
  if (sizeof(T) == 4) {
    ulong word = ((ulong)bits.word[0] << 32) | status;
    ulong at = LOOKBACK_STATE_AT(state, t);
    asm volatile("st.volatile.global.u64 [%0], %1;" ::"l"(at), "l"(word) : "memory");
  } else {
    ulong payload = ((ulong)bits.word[sizeof(T) / 4 - 1] << 32) | bits.word[0];
    ulong at = LOOKBACK_STATE_AT(state, t);
    asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(at), "l"(status), "l"(payload)
                 : "memory");
  }
}

/* Tile t's kind of state without waiting (STATUS_EMPTY: nothing yet); sets *value if there is one. */
inline uint read_state(__global uint* state, __global T* aggregates, __global T* prefixes,
                       uint epoch, uint t, T* value) {
  ulong status, payload;
  if (sizeof(T) == 4) {
    ulong word;
    ulong at = LOOKBACK_STATE_AT(state, t);
    asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(word) : "l"(at) : "memory");
    status = word & 0xffffffffUL;
    payload = word >> 32;
  } else {
    ulong at = LOOKBACK_STATE_AT(state, t);
    asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];"
                 : "=l"(status), "=l"(payload)
                 : "l"(at)
                 : "memory");
  }
  if ((uint)(status >> 2) != epoch) return STATUS_EMPTY;
  WarpBits bits;
  bits.word[0] = (uint)payload;
  if (sizeof(T) == 8) bits.word[sizeof(T) / 4 - 1] = (uint)(payload >> 32);
  *value = bits.value;
  return (uint)status & 3;
}
#else
inline void publish_state(__global uint* state, __global T* aggregates, __global T* prefixes,
                          uint epoch, uint t, uint kind, T value) {
  if (kind == STATUS_PREFIX) {
    prefixes[t] = value;
  } else {
    aggregates[t] = value;
  }
  atomic_store_explicit((volatile __global atomic_uint*)(state + t + 1), (epoch << 2) | kind,
                        memory_order_release, memory_scope_device);
}

inline uint read_state(__global uint* state, __global T* aggregates, __global T* prefixes,
                       uint epoch, uint t, T* value) {
  uint status = atomic_load_explicit((volatile __global atomic_uint*)(state + t + 1),
                                     memory_order_acquire, memory_scope_device);
  if (status >> 2 != epoch) return STATUS_EMPTY;
  uint kind = status & 3;
  *value = kind == STATUS_PREFIX ? prefixes[t] : aggregates[t];
  return kind;
}
#endif

/*
 * The look-back of tile id (> 0) whose aggregate is published: returns the combination of every
 * element before the tile (lookback.cl's LOOKBACK_WALK). LOOKBACK_LANES work-items call it: the
 * first warp with LOOKBACK_PTX (a warp reduction folds each window: the CUDA backend's
 * decoupled_lookback), else work-item 0.
 */
#ifdef LOOKBACK_PTX
#define SCAN_WARP_FOLD(value) warp_reduce(value OP_ARG)
#else
#define SCAN_WARP_FOLD(value) (value)
#endif
inline T look_back(__global uint* state, __global T* aggregates, __global T* prefixes, uint epoch,
                   uint id OP_PARAM) {
  T prefix;
#define SCAN_READ(t, value) read_state(state, aggregates, prefixes, epoch, t, value)
#define SCAN_COMBINE(a, b) op(a, b)
  LOOKBACK_WALK(T, prefix, id, IDENTITY, SCAN_READ, SCAN_COMBINE, SCAN_WARP_FOLD);
#undef SCAN_READ
#undef SCAN_COMBINE
  return prefix;
}

/*
 * Decoupled look-back (Merrill & Garland 2016), one tile per work-group, tiles numbered by an
 * atomic ticket in start order (never by group id), so every tile a work-group waits for has
 * started. state holds the tile counter and states (see publish_state; zero when first used, then
 * reused with a new epoch and the counter's next ticketBase by every launch); aggregates and
 * prefixes hold one value per tile with LOOKBACK_ATOMICS. The tile is scanned in local memory, the
 * tile's aggregate published, the look-back finds the tile's prefix, the tile's inclusive prefix
 * is published and the results stored. No barrier sits inside a loop. With hasCarry, carry comes
 * before the first element (a scan that continues an earlier one): tile 0 publishes carry op its
 * aggregate.
 */
__kernel REQUIRE_BLOCK void scan_decoupled_lookback(__global const T* input, __global T* output,
                                                    ulong n, int exclusive, __global uint* state,
                                                    __global T* aggregates, __global T* prefixes,
                                                    uint epoch, uint ticketBase, int hasCarry,
                                                    T carry OP_PARAM) {
  __local T tile[PADDED_TILE];
  BLOCK_SCAN_LOCALS
  __local uint tileId;
  __local T tilePrefix;
  uint tid = get_local_id(0);
  if (tid == 0) tileId = atomic_inc((volatile __global uint*)state) - ticketBase;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint id = tileId;
  ulong base = (ulong)id * TILE;
  load_tile(input, tile, base, n OP_ARG);
  T inclusive, prefix;
  T aggregate = BLOCK_SCAN(thread_scan(tile OP_ARG), &inclusive, &prefix);
  if (id == 0) {
    if (tid == 0) {
      publish_state(state, aggregates, prefixes, epoch, 0, STATUS_PREFIX,
                    hasCarry ? op(carry, aggregate) : aggregate);
    }
  } else {
    if (tid < LOOKBACK_LANES) {
      if (tid == 0) publish_state(state, aggregates, prefixes, epoch, id, STATUS_AGGREGATE, aggregate);
      T before = look_back(state, aggregates, prefixes, epoch, id OP_ARG);
      if (tid == 0) {
        publish_state(state, aggregates, prefixes, epoch, id, STATUS_PREFIX, op(before, aggregate));
        tilePrefix = before;
      }
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  T threadPrefix = id != 0 ? op(tilePrefix, prefix) : hasCarry ? op(carry, prefix) : prefix;
  thread_results(tile, threadPrefix, exclusive OP_ARG);
  store_tile(output, tile, base, n);
}
#endif
