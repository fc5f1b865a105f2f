// Segmented reduce and scan over CSR offsets, and the runs of keys behind the by-key calls.
// The reduce makes one flat pass over tiles of SEG_FLAT_TILE elements whatever the segment
// lengths: seg_flat_bounds finds every tile's first and last segment, seg_flat_reduce holds each
// work-item's SEG_FLAT_ITEMS consecutive elements in private memory, marks the segment starts of
// its tile in local memory and joins the work-items' runs with one segmented scan across the
// work-group; segments that cross tiles are joined by seg_reduce_fixup. Twin of
// block_segment_flat.cuh. The scan makes its flat passes over tiles of TILE = BLOCK_SIZE *
// ITEMS_PER_THREAD elements: each work-item finds its segment by binary search between the tile's
// first and last segment and walks the offsets as it goes; a segmented scan across the work-group
// (flags: "a segment starts here") carries partial segments from one work-item to the next, and
// the carries seg_scan_spine computes join the tiles. Twin of segment.cu.
// OFF_T is the offsets' element type (int or long).
// The reduce's kernels (seg_flat_bounds, seg_flat_reduce, seg_reduce_fixup, seg_reduce_empty) see
// a segment's running value through SEG_ACC (its type), SEG_IDENTITY, seg_combine(a, b),
// SEG_LIFT(x, i) (element x at index i as a running value), SEG_OUT_PARAMS (where results go) and
// SEG_PUT(s, v) (segment s's result): the element itself and op by default; a program that
// defines SEG_ACC before this file (argreduce.cl's arg-min / arg-max with (key, index) pairs)
// gets only those kernels.

#define TILE ((ulong)BLOCK_SIZE * ITEMS_PER_THREAD)

// Consecutive elements per work-item of the reduce's tile pass, held in private memory (a multiple
// of 4, the vector width of its loads).
#define SEG_FLAT_ITEMS 16
#define SEG_FLAT_TILE ((ulong)BLOCK_SIZE * SEG_FLAT_ITEMS)
// SCAN_UNROLL (set for GPUs) unrolls the tile pass's per-item loops, so that its private arrays
// stay in registers; PoCL's CPU compiler is slow over unrolled loops with a runtime operator.

#ifndef SEG_ACC
#define SEG_ACC T
#define SEG_IDENTITY IDENTITY
#define seg_combine(a, b) op(a, b)
#define SEG_LIFT(x, i) (x)
#define SEG_OUT_PARAMS __global T* out
#define SEG_PUT(s, v) (out[s] = (v))
#else
#define SEG_REDUCE_ONLY
#endif

/* The last segment s in [lo, hi] with offsets[s] <= pos (the non-empty segment holding pos). */
inline ulong seg_find(__global const OFF_T* offsets, ulong lo, ulong hi, ulong pos) {
  while (lo < hi) {
    ulong mid = lo + (hi - lo + 1) / 2;
    if ((ulong)offsets[mid] <= pos) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

/*
 * Reduce, bounds: bounds[2g] and bounds[2g + 1] are the first and the last segment holding
 * elements of tile g of SEG_FLAT_TILE elements (one work-item per tile).
 */
__kernel REQUIRE_BLOCK void seg_flat_bounds(__global const OFF_T* offsets, ulong segments, ulong n,
                                            __global ulong* bounds OP_PARAM) {
  ulong g = get_global_id(0);
  ulong t0 = g * SEG_FLAT_TILE;
  if (t0 >= n) {
    return;
  }
  ulong t1 = min(n, t0 + SEG_FLAT_TILE);
  ulong first = seg_find(offsets, 0, segments - 1, t0);
  bounds[2 * g] = first;
  bounds[2 * g + 1] = seg_find(offsets, first, segments - 1, t1 - 1);
}

/* dst[0 .. SEG_FLAT_ITEMS) from src[0 .. SEG_FLAT_ITEMS / 4), four-wide vectors of type V. */
#define SEG_FLAT_UNPACK(dst, src, V)             \
  for (int k = 0; k < SEG_FLAT_ITEMS / 4; k++) { \
    V q = (src)[k];                              \
    (dst)[4 * k] = q.x;                          \
    (dst)[4 * k + 1] = q.y;                      \
    (dst)[4 * k + 2] = q.z;                      \
    (dst)[4 * k + 3] = q.w;                      \
  }

/* This work-item's elements [i0, i1) into x: vector loads when it has a full, aligned run. */
inline void seg_flat_load(__global const T* values, ulong i0, ulong i1, T* x) {
  __global const T* p = values + i0;
  if (i1 - i0 == SEG_FLAT_ITEMS && (ulong)p % sizeof(T4) == 0) {
    __global const T4* v = (__global const T4*)p;
#ifdef SCAN_UNROLL
#pragma unroll
#endif
    SEG_FLAT_UNPACK(x, v, T4)
  } else {
#ifdef SCAN_UNROLL
#pragma unroll
#endif
    for (int j = 0; j < SEG_FLAT_ITEMS; j++) {
      if (i0 + j < i1) {
        x[j] = p[j];
      }
    }
  }
}

/* The local memory of seg_flat_group_scan: two copies (ping-pong) of flags, values and starts. */
typedef struct {
  int flag[2][BLOCK_SIZE];
  int last[2][BLOCK_SIZE];
  SEG_ACC value[2][BLOCK_SIZE];
} seg_flat_scan_local;

/*
 * Segmented scan of (flag, value) across the work-group, with the running maximum of last: gives
 * each work-item the exclusive value (from the latest earlier start, or from the tile's beginning)
 * and the exclusive maximum of last (-1 for none). One barrier a step.
 */
inline void seg_flat_group_scan(int flag, SEG_ACC value, int last, __local seg_flat_scan_local* sc,
                                SEG_ACC* exValue, int* exLast OP_PARAM) {
  int lid = get_local_id(0);
  int p = 0;
  sc->flag[0][lid] = flag;
  sc->value[0][lid] = value;
  sc->last[0][lid] = last;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int d = 1; d < BLOCK_SIZE; d <<= 1) {
    if (lid >= d) {
      int pf = sc->flag[p][lid - d];
      int pl = sc->last[p][lid - d];
      if (!flag) {
        value = seg_combine(sc->value[p][lid - d], value);
      }
      flag |= pf;
      last = max(last, pl);
    }
    p ^= 1;
    sc->flag[p][lid] = flag;
    sc->value[p][lid] = value;
    sc->last[p][lid] = last;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  *exValue = lid > 0 ? sc->value[p][lid - 1] : SEG_IDENTITY;
  *exLast = lid > 0 ? sc->last[p][lid - 1] : -1;
}

/*
 * Reduce, tile pass (tile g = this work-group, segments bounds[2g] .. bounds[2g + 1], from
 * seg_flat_bounds): each work-item loads its SEG_FLAT_ITEMS consecutive elements into private
 * memory with vector loads, the work-group marks in local memory where each non-empty segment of
 * the tile starts (one coalesced sweep over its offsets), each work-item reduces its runs, and one
 * segmented scan across the group joins them and carries the latest segment start. A segment is
 * written by the work-item that sees the next segment start; the tile's last segment and a segment
 * begun before the tile go to the per-tile head (elements of a segment begun in an earlier tile;
 * headSeg, else -1) and tail (from the tile's last start to its end when that segment goes on;
 * tailSeg, else -1) that seg_reduce_fixup joins across tiles. Twin of block_segment_flat.cuh.
 */
__kernel REQUIRE_BLOCK void seg_flat_reduce(__global const T* values,
                                            __global const OFF_T* offsets,
                                            __global const ulong* bounds, ulong n,
                                            SEG_OUT_PARAMS, __global SEG_ACC* tileHead,
                                            __global long* headSeg, __global SEG_ACC* tileTail,
                                            __global long* tailSeg OP_PARAM) {
  // the segment (from s0) starting at each element of the tile, or -1
  __local int startAt[SEG_FLAT_TILE] __attribute__((aligned(16)));
  __local seg_flat_scan_local scan;
  int lid = get_local_id(0);
  ulong g = get_group_id(0);
  ulong t0 = g * SEG_FLAT_TILE;
  ulong t1 = min(n, t0 + SEG_FLAT_TILE);
  ulong i0 = min(t1, t0 + (ulong)lid * SEG_FLAT_ITEMS);
  ulong i1 = min(t1, i0 + SEG_FLAT_ITEMS);
  T x[SEG_FLAT_ITEMS];
  seg_flat_load(values, i0, i1, x);
  if (lid == 0) {
    headSeg[g] = -1;
    tailSeg[g] = -1;
  }
  ulong s0 = bounds[2 * g];
  ulong s1 = bounds[2 * g + 1];
  for (int k = 0; k < SEG_FLAT_ITEMS; k++) {
    startAt[k * BLOCK_SIZE + lid] = -1;
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  // the non-empty segments starting in the tile (s0 only where it starts at t0)
  for (ulong s = s0 + lid; s <= s1; s += BLOCK_SIZE) {
    ulong start = (ulong)offsets[s];
    if (start >= t0 && (ulong)offsets[s + 1] > start) {
      startAt[start - t0] = (int)(s - s0);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int beforeTile = startAt[0] < 0;  // s0 began in an earlier tile
  int starts[SEG_FLAT_ITEMS];
  __local const int4* mine = (__local const int4*)(startAt + lid * SEG_FLAT_ITEMS);
#ifdef SCAN_UNROLL
#pragma unroll
#endif
  SEG_FLAT_UNPACK(starts, mine, int4)
  // runs within the work-item: head (before its first start), acc (from its last start, or all)
  int count = (int)(i1 - i0);
  SEG_ACC head = SEG_IDENTITY;
  SEG_ACC acc = SEG_IDENTITY;
  int flag = 0;
  int last = -1;
#ifdef SCAN_UNROLL
#pragma unroll
#endif
  for (int j = 0; j < SEG_FLAT_ITEMS; j++) {
    if (j < count) {
      if (starts[j] >= 0) {
        if (flag) {
          SEG_PUT(s0 + last, acc);
        } else {
          head = acc;
        }
        flag = 1;
        last = starts[j];
        acc = SEG_IDENTITY;
      }
      acc = seg_combine(acc, SEG_LIFT(x[j], i0 + j));
    }
  }
  if (!flag) {
    head = acc;
  }
  SEG_ACC carry;
  int exLast;
  seg_flat_group_scan(flag, acc, last, &scan, &carry, &exLast OP_ARG);
  if (count == 0) {
    return;
  }
  if (flag) {
    // the segment before this work-item's first start ends here
    SEG_ACC v = seg_combine(carry, head);
    if (exLast >= 0) {
      SEG_PUT(s0 + exLast, v);
    } else if (beforeTile) {
      tileHead[g] = v;
      headSeg[g] = s0;
    }
  }
  if (i1 == t1) {
    // the tile's last segment, s1: complete where it ends with the tile, else the tile's tail
    int began = flag ? last : exLast;  // its start within the tile, -1 where before it
    SEG_ACC v = flag ? acc : seg_combine(carry, acc);
    if (began < 0) {
      tileHead[g] = v;
      headSeg[g] = s1;
    } else if ((ulong)offsets[s1 + 1] == t1) {
      SEG_PUT(s1, v);
    } else {
      tileTail[g] = v;
      tailSeg[g] = s1;
    }
  }
}

/* Reduce, fix-up: each tile where a segment starts and goes on joins it with the next tiles' heads. */
__kernel REQUIRE_BLOCK void seg_reduce_fixup(SEG_OUT_PARAMS, __global const SEG_ACC* tileHead,
                                             __global const long* headSeg,
                                             __global const SEG_ACC* tileTail,
                                             __global const long* tailSeg, ulong tiles OP_PARAM) {
  ulong g = get_global_id(0);
  if (g >= tiles || tailSeg[g] < 0) {
    return;
  }
  long seg = tailSeg[g];
  SEG_ACC acc = tileTail[g];
  for (ulong h = g + 1; h < tiles && headSeg[h] == seg; h++) {
    acc = seg_combine(acc, tileHead[h]);
  }
  SEG_PUT(seg, acc);
}

/* Reduce: the identity for every empty segment. */
__kernel REQUIRE_BLOCK void seg_reduce_empty(__global const OFF_T* offsets, ulong segments,
                                             SEG_OUT_PARAMS OP_PARAM) {
  ulong s = get_global_id(0);
  if (s < segments && offsets[s] == offsets[s + 1]) {
    SEG_PUT(s, SEG_IDENTITY);
  }
}

#ifndef SEG_REDUCE_ONLY
/*
 * Inclusive segmented scan of (flag, value) across the work-group, in place: value[i] combines the
 * values from the last flagged work-item at or before i; flag[i] says whether there was one.
 */
inline void seg_group_scan(__local int* flag, __local SEG_ACC* value, int lid OP_PARAM) {
  for (int d = 1; d < BLOCK_SIZE; d <<= 1) {
    int pf = 0;
    SEG_ACC pv = SEG_IDENTITY;
    if (lid >= d) {
      pf = flag[lid - d];
      pv = value[lid - d];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid >= d) {
      if (!flag[lid]) {
        value[lid] = seg_combine(pv, value[lid]);
      }
      flag[lid] |= pf;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

/* One work-item's elements [i0, i1) of the tile [t0, t1), and the segment of its first element. */
typedef struct {
  ulong t0;
  ulong t1;
  ulong i0;
  ulong i1;
  ulong seg;
} seg_span;

/* The local memory of a tile pass: the group scan's flags and values, the tile's segment bounds. */
typedef struct {
  int flags[BLOCK_SIZE];
  SEG_ACC vals[BLOCK_SIZE];
  ulong bounds[2];
} seg_tile_local;

/* The tile's first and last segment, found once by work-item 0. */
inline void seg_tile_bounds(__global const OFF_T* offsets, ulong segments, ulong t0, ulong t1,
                            __local ulong* bounds) {
  if (get_local_id(0) == 0) {
    ulong first = seg_find(offsets, 0, segments - 1, t0);
    bounds[0] = first;
    bounds[1] = seg_find(offsets, first, segments - 1, t1 - 1);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
}

inline seg_span seg_thread_span(__global const OFF_T* offsets, ulong t0, ulong t1,
                                __local const ulong* bounds) {
  seg_span s;
  s.t0 = t0;
  s.t1 = t1;
  s.i0 = min(t1, t0 + (ulong)get_local_id(0) * ITEMS_PER_THREAD);
  s.i1 = min(t1, s.i0 + ITEMS_PER_THREAD);
  s.seg = s.i0 < t1 ? seg_find(offsets, bounds[0], bounds[1], s.i0) : bounds[1];
  return s;
}

/*
 * The work-item's summary for the group scan: whether a segment starts in its elements, and the
 * combination of its elements from the last such start (all of them when none does).
 */
inline int seg_thread_summary(__global const T* values, __global const OFF_T* offsets, seg_span s,
                              SEG_ACC* agg OP_PARAM) {
  SEG_ACC acc = SEG_IDENTITY;
  int flag = s.i0 < s.i1 && (ulong)offsets[s.seg] == s.i0;
  ulong cur = s.seg;
  ulong next = s.i0 < s.i1 ? (ulong)offsets[cur + 1] : s.i1;
  for (ulong i = s.i0; i < s.i1; i++) {
    if (i == next) {
      flag = 1;
      acc = SEG_IDENTITY;
      do {
        cur++;
        next = (ulong)offsets[cur + 1];
      } while (next <= i);
    }
    acc = seg_combine(acc, SEG_LIFT(values[i], i));
  }
  *agg = acc;
  return flag;
}

/*
 * The start of every tile pass over the work-group's tile of [0, n): this work-item's span, and
 * its summary (seg_thread_summary) scanned across the group, so that
 * tile->flags[lid] and tile->vals[lid] cover the tile's work-items up to this one.
 */
inline seg_span seg_tile_scan(__global const T* values, __global const OFF_T* offsets,
                              ulong segments, ulong n,
                              __local seg_tile_local* tile OP_PARAM) {
  int lid = get_local_id(0);
  ulong t0 = get_group_id(0) * TILE;
  ulong t1 = min(n, t0 + TILE);
  seg_tile_bounds(offsets, segments, t0, t1, tile->bounds);
  seg_span s = seg_thread_span(offsets, t0, t1, tile->bounds);
  SEG_ACC agg;
  tile->flags[lid] = seg_thread_summary(values, offsets, s, &agg OP_ARG);
  tile->vals[lid] = agg;
  barrier(CLK_LOCAL_MEM_FENCE);
  seg_group_scan(tile->flags, tile->vals, lid OP_ARG);
  return s;
}

/* Scan, first pass: per tile, whether a segment starts in it and its value from the last start. */
__kernel REQUIRE_BLOCK void seg_scan_totals(__global const T* values,
                                            __global const OFF_T* offsets, ulong segments,
                                            ulong n, __global int* tileFlag,
                                            __global T* tileAgg OP_PARAM) {
  __local seg_tile_local tile;
  int lid = get_local_id(0);
  seg_tile_scan(values, offsets, segments, n, &tile OP_ARG);
  if (lid == BLOCK_SIZE - 1) {
    tileFlag[get_group_id(0)] = tile.flags[lid];
    tileAgg[get_group_id(0)] = tile.vals[lid];
  }
}

/*
 * Scan, spine (one work-group): carry[g] is what flows into tile g from earlier tiles, the
 * exclusive segmented scan of (tileFlag, tileAgg).
 */
__kernel REQUIRE_BLOCK void seg_scan_spine(__global const int* tileFlag,
                                           __global const T* tileAgg, ulong tiles,
                                           __global T* carry OP_PARAM) {
  __local int flags[BLOCK_SIZE];
  __local T vals[BLOCK_SIZE];
  int lid = get_local_id(0);
  T running = IDENTITY;
  for (ulong base = 0; base < tiles; base += BLOCK_SIZE) {
    ulong g = base + lid;
    flags[lid] = g < tiles ? tileFlag[g] : 0;
    vals[lid] = g < tiles ? tileAgg[g] : IDENTITY;
    barrier(CLK_LOCAL_MEM_FENCE);
    seg_group_scan(flags, vals, lid OP_ARG);
    int ef = lid > 0 ? flags[lid - 1] : 0;
    T ev = lid > 0 ? vals[lid - 1] : IDENTITY;
    if (g < tiles) {
      carry[g] = ef ? ev : op(running, ev);
    }
    int tf = flags[BLOCK_SIZE - 1];
    T tv = vals[BLOCK_SIZE - 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    running = tf ? tv : op(running, tv);
  }
}

/* Scan, second pass: each work-item scans its elements from its carry, restarting at each start. */
__kernel REQUIRE_BLOCK void seg_scan_tiles(__global const T* values,
                                           __global const OFF_T* offsets, ulong segments,
                                           ulong n, __global const T* tileCarry,
                                           __global T* out, int exclusive OP_PARAM) {
  __local seg_tile_local tile;
  int lid = get_local_id(0);
  seg_span s = seg_tile_scan(values, offsets, segments, n, &tile OP_ARG);
  int ef = lid > 0 ? tile.flags[lid - 1] : 0;
  T ev = lid > 0 ? tile.vals[lid - 1] : IDENTITY;
  T acc = ef ? ev : op(tileCarry[get_group_id(0)], ev);
  if (s.i0 >= s.i1) {
    return;
  }
  ulong cur = s.seg;
  ulong next = (ulong)offsets[cur + 1];
  if ((ulong)offsets[cur] == s.i0) {
    acc = IDENTITY;
  }
  for (ulong i = s.i0; i < s.i1; i++) {
    if (i == next) {
      acc = IDENTITY;
      do {
        cur++;
        next = (ulong)offsets[cur + 1];
      } while (next <= i);
    }
    T x = values[i];
    if (exclusive) {
      out[i] = acc;
      acc = op(acc, x);
    } else {
      acc = op(acc, x);
      out[i] = acc;
    }
  }
}

/* Runs of keys (T is the key type): 1 where a run starts. */
__kernel REQUIRE_BLOCK void seg_run_flags(__global const T* keys, ulong n,
                                          __global int* flags OP_PARAM) {
  ulong i = get_global_id(0);
  if (i < n) {
    flags[i] = i == 0 || keys[i] != keys[i - 1];
  }
}

/*
 * Runs of keys: each start's key and position at its rank (the exclusive sum of the flags); the
 * last element also writes n after the last start and the run count.
 */
__kernel REQUIRE_BLOCK void seg_run_scatter(__global const T* keys, __global const int* flags,
                                            __global const int* ranks, ulong n,
                                            __global T* uniqueKeys, __global OFF_T* offsets,
                                            __global long* runs OP_PARAM) {
  ulong i = get_global_id(0);
  if (i < n) {
    if (flags[i]) {
      uniqueKeys[ranks[i]] = keys[i];
      offsets[ranks[i]] = (OFF_T)i;
    }
    if (i == n - 1) {
      long count = (long)ranks[i] + flags[i];
      offsets[count] = (OFF_T)n;
      runs[0] = count;
    }
  }
}

/*
 * Segmented reduce with one work-group per segment, for segments of about a thousand elements and
 * more (AbstractSegmenter.blockPerSegment): each work-group streams its segment with four-wide
 * vector loads (the elements before the first aligned vector and after the last one singly) and
 * reduces it across the group. A segment longer than SEG_BLOCK_MAX is left to the chunk groups,
 * which come first: chunk c covers [c * SEG_BLOCK_MAX, (c + 1) * SEG_BLOCK_MAX) and reduces the
 * parts of the long segments in it (at most two: the one holding its first element and the one
 * holding its last) into the per-chunk head and tail; seg_block_fixup joins each long segment's
 * tail with the heads of the chunks it goes on into. Twin of block_segment_blocks.cuh.
 */

/* The combination of values[i0, i1) across the work-group (every work-item gets it). */
inline T seg_block_range(__global const T* values, ulong i0, ulong i1, __local T* partial OP_PARAM) {
  int lid = get_local_id(0);
  T acc = IDENTITY;
  ulong misaligned = ((ulong)(values + i0) / sizeof(T)) % 4;
  ulong a = min(i1, i0 + (misaligned ? 4 - misaligned : 0));
  ulong vectors = (i1 - a) / 4;
  ulong b = a + 4 * vectors;
  if (i0 + lid < a) acc = values[i0 + lid];
  if (b + lid < i1) acc = op(acc, values[b + lid]);
  __global const T4* v = (__global const T4*)(values + a);
  for (ulong k = lid; k < vectors; k += BLOCK_SIZE) {
    acc = op(acc, op_lanes(v[k] OP_ARG));
  }
  return block_reduce(acc, partial OP_ARG);
}

/* The grid: `chunks` chunk groups, then one group per segment. */
__kernel REQUIRE_BLOCK void seg_block_reduce(__global const T* values,
                                             __global const OFF_T* offsets, ulong segments,
                                             ulong n, ulong chunks, __global T* out,
                                             __global T* tileHead, __global long* headSeg,
                                             __global T* tileTail,
                                             __global long* tailSeg OP_PARAM) {
  __local T partial[BLOCK_SIZE];
  __local ulong bounds[2];
  ulong g = get_group_id(0);
  int lid = get_local_id(0);
  if (g >= chunks) {
    ulong s = g - chunks;
    ulong i0 = (ulong)offsets[s];
    ulong i1 = (ulong)offsets[s + 1];
    if (i1 - i0 > SEG_BLOCK_MAX) return;
    T v = seg_block_range(values, i0, i1, partial OP_ARG);
    if (lid == 0) out[s] = v;
    return;
  }
  ulong c0 = g * SEG_BLOCK_MAX;
  ulong c1 = min(n, c0 + SEG_BLOCK_MAX);
  if (lid == 0) {
    ulong first = seg_find(offsets, 0, segments - 1, c0);
    bounds[0] = first;
    bounds[1] = seg_find(offsets, first, segments - 1, c1 - 1);
    headSeg[g] = -1;
    tailSeg[g] = -1;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong first = bounds[0];
  ulong last = bounds[1];
  ulong start = (ulong)offsets[first];
  ulong end = (ulong)offsets[first + 1];
  if (end - start > SEG_BLOCK_MAX) {
    /* a long segment holds the chunk's first element: its head, or its tail where it starts here */
    T v = seg_block_range(values, c0, min(end, c1), partial OP_ARG);
    if (lid == 0) {
      if (start < c0) {
        tileHead[g] = v;
        headSeg[g] = first;
      } else {
        tileTail[g] = v;
        tailSeg[g] = first;
      }
    }
  }
  if (last != first && (ulong)offsets[last + 1] - (ulong)offsets[last] > SEG_BLOCK_MAX) {
    /* a long segment starts in the chunk after its first element and goes on past it */
    T v = seg_block_range(values, (ulong)offsets[last], c1, partial OP_ARG);
    if (lid == 0) {
      tileTail[g] = v;
      tailSeg[g] = last;
    }
  }
}

/* Each chunk whose tail begins a long segment joins it with the later chunks' heads. */
__kernel REQUIRE_BLOCK void seg_block_fixup(__global const OFF_T* offsets, __global T* out,
                                            __global const T* tileHead,
                                            __global const T* tileTail,
                                            __global const long* tailSeg, ulong chunks OP_PARAM) {
  __local T partial[BLOCK_SIZE];
  ulong c = get_group_id(0);
  int lid = get_local_id(0);
  long s = tailSeg[c];
  if (s < 0) return;
  ulong lastChunk = ((ulong)offsets[s + 1] - 1) / SEG_BLOCK_MAX;
  T acc = IDENTITY;
  for (ulong h = c + 1 + lid; h <= lastChunk; h += BLOCK_SIZE) acc = op(acc, tileHead[h]);
  T heads = block_reduce(acc, partial OP_ARG);
  if (lid == 0) out[s] = op(tileTail[c], heads);
}
#endif
