// Segmented reduce and scan over CSR offsets, and the runs of keys behind the by-key calls.
// One flat pass over tiles of TILE = BLOCK_SIZE * ITEMS_PER_THREAD elements, whatever the segment
// lengths: each work-item takes ITEMS_PER_THREAD consecutive elements, finds its segment by binary
// search between the tile's first and last segment, and walks the offsets as it goes; a segmented
// scan across the work-group (flags: "a segment starts here") carries partial segments from one
// work-item to the next. Segments that cross tiles are joined by seg_reduce_fixup (reduce) or by
// the carries seg_scan_spine computes (scan). Twin of segment.cu.
// OFF_T is the offsets' element type (int or long).
// The reduce's kernels (seg_reduce_tiles, seg_reduce_fixup, seg_reduce_empty) see a segment's
// running value through SEG_ACC (its type), SEG_IDENTITY, seg_combine(a, b), SEG_LIFT(values, i)
// (element i as a running value), SEG_OUT_PARAMS (where results go) and SEG_PUT(s, v) (segment s's
// result): the element itself and op by default; a program that defines SEG_ACC before this file
// (argreduce.cl's arg-min / arg-max with (key, index) pairs) gets only those three kernels.

#define TILE ((ulong)BLOCK_SIZE * ITEMS_PER_THREAD)

#ifndef SEG_ACC
#define SEG_ACC T
#define SEG_IDENTITY IDENTITY
#define seg_combine(a, b) op(a, b)
#define SEG_LIFT(values, i) ((values)[i])
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
 * combination of its elements from the last such start (all of them when none does). When
 * `head` is not null it also gets the combination of the elements before the first start.
 */
inline int seg_thread_summary(__global const T* values, __global const OFF_T* offsets, seg_span s,
                              SEG_ACC* agg, SEG_ACC* head OP_PARAM) {
  SEG_ACC acc = SEG_IDENTITY;
  int flag = s.i0 < s.i1 && (ulong)offsets[s.seg] == s.i0;
  int inHead = !flag;
  ulong cur = s.seg;
  ulong next = s.i0 < s.i1 ? (ulong)offsets[cur + 1] : s.i1;
  for (ulong i = s.i0; i < s.i1; i++) {
    if (i == next) {
      if (inHead) {
        *head = acc;
        inHead = 0;
      }
      flag = 1;
      acc = SEG_IDENTITY;
      do {
        cur++;
        next = (ulong)offsets[cur + 1];
      } while (next <= i);
    }
    acc = seg_combine(acc, SEG_LIFT(values, i));
  }
  if (inHead) {
    *head = acc;
  }
  *agg = acc;
  return flag;
}

/*
 * The start of every tile pass over the work-group's tile of [0, n): this work-item's span, and
 * its summary (seg_thread_summary, `head` included) scanned across the group, so that
 * tile->flags[lid] and tile->vals[lid] cover the tile's work-items up to this one.
 */
inline seg_span seg_tile_scan(__global const T* values, __global const OFF_T* offsets,
                              ulong segments, ulong n, __local seg_tile_local* tile,
                              SEG_ACC* head OP_PARAM) {
  int lid = get_local_id(0);
  ulong t0 = get_group_id(0) * TILE;
  ulong t1 = min(n, t0 + TILE);
  seg_tile_bounds(offsets, segments, t0, t1, tile->bounds);
  seg_span s = seg_thread_span(offsets, t0, t1, tile->bounds);
  SEG_ACC agg;
  tile->flags[lid] = seg_thread_summary(values, offsets, s, &agg, head OP_ARG);
  tile->vals[lid] = agg;
  barrier(CLK_LOCAL_MEM_FENCE);
  seg_group_scan(tile->flags, tile->vals, lid OP_ARG);
  return s;
}

/*
 * Reduce, tile pass: writes every segment that starts and ends in the tile; for the others keeps
 * per tile the head (elements of a segment begun in an earlier tile; headSeg, else -1) and the
 * tail (from the last start to the tile's end when that segment goes on; tailSeg, else -1).
 */
__kernel REQUIRE_BLOCK void seg_reduce_tiles(__global const T* values,
                                             __global const OFF_T* offsets, ulong segments,
                                             ulong n, SEG_OUT_PARAMS, __global SEG_ACC* tileHead,
                                             __global long* headSeg, __global SEG_ACC* tileTail,
                                             __global long* tailSeg OP_PARAM) {
  __local seg_tile_local tile;
  int lid = get_local_id(0);
  ulong g = get_group_id(0);
  SEG_ACC head = SEG_IDENTITY;
  seg_span s = seg_tile_scan(values, offsets, segments, n, &tile, &head OP_ARG);
  SEG_ACC carry = lid > 0 ? tile.vals[lid - 1] : SEG_IDENTITY;
  if (lid == 0) {
    headSeg[g] = -1;
    tailSeg[g] = -1;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (s.i0 >= s.i1) {
    return;
  }
  ulong segStart = (ulong)offsets[s.seg];
  ulong segEnd = (ulong)offsets[s.seg + 1];
  // the segment of the first element, when it began before this work-item
  if (segStart < s.i0 && segEnd <= s.i1) {
    SEG_ACC v = seg_combine(carry, head);
    if (segStart >= s.t0) {
      SEG_PUT(s.seg, v);
    } else {
      tileHead[g] = v;
      headSeg[g] = s.seg;
    }
  }
  // segments that start here and end in this work-item's elements
  ulong cur = s.seg;
  SEG_ACC acc = SEG_IDENTITY;
  int started = segStart == s.i0;
  ulong next = segEnd;
  for (ulong i = s.i0; i < s.i1; i++) {
    if (i == next) {
      if (started) {
        SEG_PUT(cur, acc);
      }
      started = 1;
      acc = SEG_IDENTITY;
      do {
        cur++;
        next = (ulong)offsets[cur + 1];
      } while (next <= i);
    }
    acc = seg_combine(acc, SEG_LIFT(values, i));
  }
  if (started && next == s.i1) {
    SEG_PUT(cur, acc);
  }
  // the segment that leaves the tile unfinished
  if (s.i1 == s.t1 && next > s.t1) {
    if (started) {
      tileTail[g] = acc;
      tailSeg[g] = cur;
    } else if ((ulong)offsets[cur] >= s.t0) {
      tileTail[g] = seg_combine(carry, acc);
      tailSeg[g] = cur;
    } else {
      tileHead[g] = seg_combine(carry, acc);
      headSeg[g] = cur;
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
/* Scan, first pass: per tile, whether a segment starts in it and its value from the last start. */
__kernel REQUIRE_BLOCK void seg_scan_totals(__global const T* values,
                                            __global const OFF_T* offsets, ulong segments,
                                            ulong n, __global int* tileFlag,
                                            __global T* tileAgg OP_PARAM) {
  __local seg_tile_local tile;
  int lid = get_local_id(0);
  T head;
  seg_tile_scan(values, offsets, segments, n, &tile, &head OP_ARG);
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
  T head;
  seg_span s = seg_tile_scan(values, offsets, segments, n, &tile, &head OP_ARG);
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
