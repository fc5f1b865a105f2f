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
//    atomic counter, publish their aggregate, look back over a window of LOOKBACK_WINDOW
//    predecessors at a time, and publish their own inclusive prefix.
// A tile in the last two is BLOCK_SIZE * ITEMS_PER_THREAD elements, loaded striped (coalesced)
// into local memory; each work-item then scans ITEMS_PER_THREAD consecutive elements serially
// around one work-group scan of the work-item totals.

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
#define STATUS_EMPTY 0
#define STATUS_AGGREGATE 1
#define STATUS_PREFIX 2
#ifndef LOOKBACK_WINDOW
#define LOOKBACK_WINDOW 32
#endif
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
 * Copies this work-item's ITEMS_PER_THREAD consecutive elements of the tile into items (registers
 * on GPUs) and returns their combination.
 */
inline T thread_items(__local const T* tile, T* items OP_PARAM) {
  uint first = get_local_id(0) * ITEMS_PER_THREAD;
#ifdef SCAN_UNROLL
#pragma unroll
#endif
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    items[k] = tile[PAD(first + k)];
  }
  T sum = items[0];
#ifdef SCAN_UNROLL
#pragma unroll
#endif
  for (uint k = 1; k < ITEMS_PER_THREAD; k++) {
    sum = op(sum, items[k]);
  }
  return sum;
}

/*
 * Writes the inclusive (or exclusive) scan of this work-item's items, starting from running (the
 * combination of everything before them), back to their places in the tile; ends with a barrier.
 */
inline void thread_apply(__local T* tile, const T* items, T running, int exclusive OP_PARAM) {
  uint first = get_local_id(0) * ITEMS_PER_THREAD;
#ifdef SCAN_UNROLL
#pragma unroll
#endif
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    T next = op(running, items[k]);
    tile[PAD(first + k)] = exclusive ? running : next;
    running = next;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

/* Reduce-then-scan, pass 3: scans each chunk from its exclusive prefix (prefixes[group]). */
__kernel REQUIRE_BLOCK void scan_chunk_apply(__global const T* input, __global T* output,
                                             __global const T* prefixes, ulong n,
                                             ulong chunkSize, int exclusive OP_PARAM) {
  __local T tile[PADDED_TILE];
  __local T ping[BLOCK_SIZE];
  __local T pong[BLOCK_SIZE];
  ulong begin = (ulong)get_group_id(0) * chunkSize;
  ulong end = min(begin + chunkSize, n);
  T carry = prefixes[get_group_id(0)];
  for (ulong base = begin; base < end; base += TILE) {
    load_tile(input, tile, base, end OP_ARG);
    T items[ITEMS_PER_THREAD];
    T inclusive, prefix;
    T total = block_scan(thread_items(tile, items OP_ARG), ping, pong, &inclusive, &prefix OP_ARG);
    thread_apply(tile, items, op(carry, prefix), exclusive OP_ARG);
    store_tile(output, tile, base, end);
    carry = op(carry, total);
  }
}

/*
 * A fence that orders global memory for the whole device: the look-back of 8-byte types publishes
 * a value, then its status flag, and readers of another work-group must never see the flag before
 * the value. OpenCL 1.2's mem_fence only promises order within the work-group, so on NVIDIA (the
 * host adds -DDEVICE_FENCE_PTX) it is PTX membar.gl, as CUB's __threadfence.
 */
#ifdef DEVICE_FENCE_PTX
#define DEVICE_FENCE() asm volatile("membar.gl;" ::: "memory")
#else
#define DEVICE_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif

/*
 * Tile states of the look-back. state[0] is the tile counter, which is never reset: a launch's
 * tiles are the tickets from ticketBase on. A status word is (epoch << 2) | kind, epoch being the
 * launch's number (from 1), so words of earlier launches read as STATUS_EMPTY and the states need
 * no clearing between launches. With PACKED_STATES (4-byte types) tile t's status and value share
 * the 64-bit word t + 1 of state (value bits high, status low): one store publishes both and one
 * load reads both, with no fence. Otherwise (8-byte types) the status is the int state[t + 1],
 * written after the value (in aggregates or prefixes) and a device fence, and read before it.
 */
inline void publish_state(volatile __global uint* state, volatile __global T* aggregates,
                          volatile __global T* prefixes, uint epoch, uint t, uint kind, T value) {
  uint status = (epoch << 2) | kind;
#ifdef PACKED_STATES
  volatile __global ulong* words = (volatile __global ulong*)state + 1;
  words[t] = ((ulong)as_uint(value) << 32) | status;
#else
  if (kind == STATUS_PREFIX) {
    prefixes[t] = value;
  } else {
    aggregates[t] = value;
  }
  DEVICE_FENCE();
  state[t + 1] = status;
#endif
}

/* Tile t's kind of state without waiting (STATUS_EMPTY: nothing yet); sets *value if there is one. */
inline uint read_state(volatile __global uint* state, volatile __global T* aggregates,
                       volatile __global T* prefixes, uint epoch, uint t, T* value) {
#ifdef PACKED_STATES
  volatile __global ulong* words = (volatile __global ulong*)state + 1;
  ulong w = words[t];
  uint status = (uint)w;
  *value = AS_T((uint)(w >> 32));
  return status >> 2 == epoch ? (status & 3) : STATUS_EMPTY;
#else
  uint status = state[t + 1];
  if (status >> 2 != epoch) return STATUS_EMPTY;
  DEVICE_FENCE();
  uint kind = status & 3;
  *value = kind == STATUS_PREFIX ? prefixes[t] : aggregates[t];
  return kind;
#endif
}

/* Waits until tile t has published something; returns its kind of state and sets *value. */
inline uint wait_state(volatile __global uint* state, volatile __global T* aggregates,
                       volatile __global T* prefixes, uint epoch, uint t, T* value) {
  uint kind = read_state(state, aggregates, prefixes, epoch, t, value);
  while (kind == STATUS_EMPTY) {
    kind = read_state(state, aggregates, prefixes, epoch, t, value);
  }
  return kind;
}

/*
 * Decoupled look-back, one tile per work-group. state holds the tile counter and states (see
 * publish_state; zero when first used, then reused with a new epoch and the counter's next
 * ticketBase by every launch); aggregates and prefixes hold one value per tile and are used by
 * 8-byte types only. Work-item 0
 * publishes the tile's aggregate, then reads the states of LOOKBACK_WINDOW predecessors at once
 * (the loads are independent, so they overlap), folds them nearest first up to the first inclusive
 * prefix (waiting where a predecessor has published nothing yet), and moves the window back until
 * one is found; the other work-items wait at one barrier. No barrier sits inside a loop.
 */
__kernel REQUIRE_BLOCK void scan_decoupled_lookback(__global const T* input, __global T* output,
                                                    ulong n, int exclusive,
                                                    volatile __global uint* state,
                                                    volatile __global T* aggregates,
                                                    volatile __global T* prefixes, uint epoch,
                                                    uint ticketBase OP_PARAM) {
  __local T tile[PADDED_TILE];
  __local T ping[BLOCK_SIZE];
  __local T pong[BLOCK_SIZE];
  __local T windowValue[LOOKBACK_WINDOW];
  __local uint windowStatus[LOOKBACK_WINDOW];
  __local uint tileId;
  __local T tilePrefix;
  uint tid = get_local_id(0);
  if (tid == 0) tileId = atomic_inc(state) - ticketBase;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint id = tileId;
  ulong base = (ulong)id * TILE;
  load_tile(input, tile, base, n OP_ARG);
  T items[ITEMS_PER_THREAD];
  T inclusive, prefix;
  T aggregate =
      block_scan(thread_items(tile, items OP_ARG), ping, pong, &inclusive, &prefix OP_ARG);
  if (tid == 0) {
    T acc = IDENTITY;
    if (id == 0) {
      publish_state(state, aggregates, prefixes, epoch, 0, STATUS_PREFIX, aggregate);
    } else {
      publish_state(state, aggregates, prefixes, epoch, id, STATUS_AGGREGATE, aggregate);
      long window = (long)id - 1;
      bool done = false;
      while (!done) {
#ifdef SCAN_UNROLL
#pragma unroll
#endif
        for (uint i = 0; i < LOOKBACK_WINDOW; i++) {
          long pred = window - (long)i;
          T value = IDENTITY;
          uint status = STATUS_PREFIX;
          if (pred >= 0) {
            status = read_state(state, aggregates, prefixes, epoch, (uint)pred, &value);
          }
          windowStatus[i] = status;
          windowValue[i] = value;
        }
        for (uint i = 0; i < LOOKBACK_WINDOW && !done; i++) {
          T value = windowValue[i];
          uint status = windowStatus[i];
          if (status == STATUS_EMPTY) {
            status =
                wait_state(state, aggregates, prefixes, epoch, (uint)(window - (long)i), &value);
          }
          acc = op(value, acc);
          done = status == STATUS_PREFIX;
        }
        window -= LOOKBACK_WINDOW;
      }
      publish_state(state, aggregates, prefixes, epoch, id, STATUS_PREFIX, op(acc, aggregate));
    }
    tilePrefix = acc;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  T running = id == 0 ? prefix : op(tilePrefix, prefix);
  thread_apply(tile, items, running, exclusive OP_ARG);
  store_tile(output, tile, base, n);
}
