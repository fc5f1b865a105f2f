// Scan kernels. Needs common.cl. A runtime flag `exclusive` chooses the output form. Input and
// output may be one buffer: every work-group reads its whole tile before it writes it.
//
//  hillis-steele / blelloch: scan-then-propagate. Each work-group scans one tile (Hillis-Steele:
//    one element per work-item; Blelloch: up-sweep and down-sweep over two per work-item) and
//    writes the tile's total; the host scans the totals the same way (recursively) and
//    scan_add_tile_prefix folds each tile's prefix in.
//  reduce-then-scan: a fixed number of work-groups own contiguous chunks; scan_chunk_totals
//    reduces each chunk, the totals are scanned, and scan_chunk_apply scans each chunk tile by
//    tile starting from its chunk's prefix.
//  decoupled-lookback: one pass (Merrill & Garland 2016). Work-groups take tile ids from an
//    atomic counter, publish their aggregate, look back over predecessors' published aggregates
//    and inclusive prefixes, and publish their own inclusive prefix.
// A tile in the last two is BLOCK_SIZE * ITEMS_PER_THREAD elements, each work-item scanning
// ITEMS_PER_THREAD consecutive elements serially around one work-group scan.

#define TILE (BLOCK_SIZE * ITEMS_PER_THREAD)
// Local tiles get one padding word per 32 so that both the striped loads (j = k * BLOCK_SIZE +
// tid) and each work-item's serial walk over its consecutive items avoid bank conflicts.
#define PAD(j) ((j) + ((j) >> 5))
#define PADDED_TILE PAD(TILE)
#define STATUS_AGGREGATE 1
#define STATUS_PREFIX 2

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

/*
 * Scans one tile held in local memory (tile[0..TILE)) starting from carry, in place, and returns
 * the tile's total (not including carry). Each work-item scans ITEMS_PER_THREAD consecutive
 * elements serially; the work-item totals are scanned across the work-group.
 */
inline T scan_tile_in_local(__local T* tile, __local T* ping, __local T* pong, T carry,
                            int exclusive OP_PARAM) {
  uint first = get_local_id(0) * ITEMS_PER_THREAD;
  T sum = IDENTITY;
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    sum = op(sum, tile[PAD(first + k)]);
  }
  T inclusive, prefix;
  T total = block_scan(sum, ping, pong, &inclusive, &prefix OP_ARG);
  T running = op(carry, prefix);
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    T x = tile[PAD(first + k)];
    T next = op(running, x);
    tile[PAD(first + k)] = exclusive ? running : next;
    running = next;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  return total;
}

inline void load_tile(__global const T* input, __local T* tile, ulong base, ulong n OP_PARAM) {
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + get_local_id(0);
    tile[PAD(j)] = base + j < n ? input[base + j] : IDENTITY;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

inline void store_tile(__global T* output, __local T* tile, ulong base, ulong n) {
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + get_local_id(0);
    if (base + j < n) output[base + j] = tile[PAD(j)];
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
    T total = scan_tile_in_local(tile, ping, pong, carry, exclusive OP_ARG);
    store_tile(output, tile, base, end);
    carry = op(carry, total);
  }
}

/*
 * A fence that orders global memory for the whole device: look-back publishes a value, then its
 * status flag, and readers of another work-group must never see the flag before the value.
 * OpenCL 1.2's mem_fence only promises order within the work-group, so on NVIDIA (the host adds
 * -DDEVICE_FENCE_PTX) it is PTX membar.gl, as CUB's __threadfence.
 */
#ifdef DEVICE_FENCE_PTX
#define DEVICE_FENCE() asm volatile("membar.gl;" ::: "memory")
#else
#define DEVICE_FENCE() mem_fence(CLK_GLOBAL_MEM_FENCE)
#endif

/*
 * Decoupled look-back. flags, aggregates and prefixes hold one entry per tile; flags and
 * tileCounter must be zero at launch. The whole work-group looks back over a window of
 * BLOCK_SIZE predecessors at a time (one per work-item); work-item 0 folds the window in order
 * and stops at the first inclusive prefix, or waits where a predecessor has published nothing.
 */
__kernel REQUIRE_BLOCK void scan_decoupled_lookback(__global const T* input, __global T* output,
                                                    ulong n, int exclusive,
                                                    volatile __global int* tileCounter,
                                                    volatile __global int* flags,
                                                    volatile __global T* aggregates,
                                                    volatile __global T* prefixes OP_PARAM) {
  __local T tile[PADDED_TILE];
  __local T ping[BLOCK_SIZE];
  __local T pong[BLOCK_SIZE];
  __local T windowValue[BLOCK_SIZE];
  __local int windowStatus[BLOCK_SIZE];
  __local int tileId;
  __local int lookFrom;
  __local T tilePrefix;
  uint tid = get_local_id(0);
  if (tid == 0) tileId = atomic_inc(tileCounter);
  barrier(CLK_LOCAL_MEM_FENCE);
  int id = tileId;
  ulong base = (ulong)id * TILE;
  load_tile(input, tile, base, n OP_ARG);
  uint first = tid * ITEMS_PER_THREAD;
  T sum = IDENTITY;
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    sum = op(sum, tile[PAD(first + k)]);
  }
  T inclusive, prefix;
  T aggregate = block_scan(sum, ping, pong, &inclusive, &prefix OP_ARG);
  if (tid == 0) {
    if (id == 0) {
      prefixes[0] = aggregate;
      DEVICE_FENCE();
      atomic_xchg(&flags[0], STATUS_PREFIX);
    } else {
      aggregates[id] = aggregate;
      DEVICE_FENCE();
      atomic_xchg(&flags[id], STATUS_AGGREGATE);
    }
    tilePrefix = IDENTITY;
    lookFrom = id - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  while (true) {
    int j = lookFrom;
    if (j < 0) break;
    int t = j - (int)tid;
    int status = STATUS_PREFIX;
    T value = IDENTITY;
    if (t >= 0) {
      status = atomic_or(&flags[t], 0);
      DEVICE_FENCE();
      if (status == STATUS_PREFIX) {
        value = prefixes[t];
      } else if (status == STATUS_AGGREGATE) {
        value = aggregates[t];
      }
    }
    windowStatus[tid] = status;
    windowValue[tid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (tid == 0) {
      T acc = tilePrefix;
      int next = j - BLOCK_SIZE;
      for (int i = 0; i < BLOCK_SIZE; i++) {
        int s = windowStatus[i];
        if (s == 0) {
          next = j - i;
          break;
        }
        acc = op(windowValue[i], acc);
        if (s == STATUS_PREFIX) {
          next = -1;
          break;
        }
      }
      tilePrefix = acc;
      lookFrom = next;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0 && id > 0) {
    prefixes[id] = op(tilePrefix, aggregate);
    DEVICE_FENCE();
    atomic_xchg(&flags[id], STATUS_PREFIX);
  }
  T running = op(tilePrefix, prefix);
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    T x = tile[PAD(first + k)];
    T next = op(running, x);
    tile[PAD(first + k)] = exclusive ? running : next;
    running = next;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  store_tile(output, tile, base, n);
}
