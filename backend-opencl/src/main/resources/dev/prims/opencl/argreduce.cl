// Arg-min / arg-max: the first extreme element and its index, in the order of
// dev.prims.spi.ArgOrder. Every element becomes an integer key (KEY: int for int and float, long
// for long and double; KEY_MAX its largest value, AS_KEY its bit cast), XORed with all ones for MIN
// so that both operators take the greatest key; NaN keys are KEY_MAX either way. Ties go to the
// smaller index. Built with OP_MIN or OP_MAX (or OP_RUNTIME, opcode 2 for MIN); needs common.cl.
// Twin of backend-cuda/src/main/cuda/device/argreduce.cu.

#ifdef OP_RUNTIME
#define ARG_FLIP(opcode) ((opcode) == 2 ? (KEY)-1 : (KEY)0)
#elif defined(OP_MIN)
#define ARG_FLIP(opcode) ((KEY)-1)
#else
#define ARG_FLIP(opcode) ((KEY)0)
#endif

inline KEY arg_key(T x, KEY flip) {
#ifdef IS_FLOATING
  KEY k = AS_KEY(x);
  KEY ordered = k ^ ((k >> (sizeof(KEY) * 8 - 1)) & KEY_MAX);
  return isnan(x) ? KEY_MAX : (ordered ^ flip);
#else
  return x ^ flip;
#endif
}

// Whether (k, i) beats (bk, bi): a greater key, or an equal key at a smaller index.
inline bool arg_wins(KEY k, ulong i, KEY bk, ulong bi) {
  return k > bk || (k == bk && i < bi);
}

// Tree merge of the work-group's (key, index) pairs; work-item 0 ends with the winner.
inline void arg_block(__local KEY* keys, __local ulong* index, KEY k, ulong i) {
  uint tid = get_local_id(0);
  keys[tid] = k;
  index[tid] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (tid < s && arg_wins(keys[tid + s], index[tid + s], keys[tid], index[tid])) {
      keys[tid] = keys[tid + s];
      index[tid] = index[tid + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

// Pass 1: each work-group's winner over a grid-stride sweep of four-element loads, written as
// (key, index) to partial_keys / partial_index[group]. A work-item visits its elements in increasing
// index order, so it keeps its first extreme with a strict comparison.
__kernel REQUIRE_BLOCK void arg_partials(__global const T* input, __global KEY* partial_keys,
                                         __global ulong* partial_index, ulong n OP_PARAM) {
  __local KEY keys[BLOCK_SIZE];
  __local ulong index[BLOCK_SIZE];
  KEY flip = ARG_FLIP(opcode);
  ulong gid = get_global_id(0);
  ulong threads = get_global_size(0);
  ulong quads = n / 4;
  __global const T4* input4 = (__global const T4*)input;
  KEY best = (KEY)KEY_MIN;
  ulong best_index = (ulong)-1;
  for (ulong q = gid; q < quads; q += threads) {
    T4 x = input4[q];
    KEY k0 = arg_key(x.x, flip);
    KEY k1 = arg_key(x.y, flip);
    KEY k2 = arg_key(x.z, flip);
    KEY k3 = arg_key(x.w, flip);
    if (k0 > best || best_index == (ulong)-1) { best = k0; best_index = 4 * q; }
    if (k1 > best) { best = k1; best_index = 4 * q + 1; }
    if (k2 > best) { best = k2; best_index = 4 * q + 2; }
    if (k3 > best) { best = k3; best_index = 4 * q + 3; }
  }
  ulong tail = quads * 4 + gid;
  if (tail < n) {
    KEY k = arg_key(input[tail], flip);
    if (k > best || best_index == (ulong)-1) { best = k; best_index = tail; }
  }
  arg_block(keys, index, best, best_index);
  if (get_local_id(0) == 0) {
    partial_keys[get_group_id(0)] = keys[0];
    partial_index[get_group_id(0)] = index[0];
  }
}

// Pass 2 (one work-group): the winner of the partials; writes its index to result[0] and the
// element itself (its bits) to the T slot at byte 8 of result.
__kernel REQUIRE_BLOCK void arg_finish(__global const T* input, __global const KEY* partial_keys,
                                       __global const ulong* partial_index, ulong groups,
                                       __global ulong* result OP_PARAM) {
  __local KEY keys[BLOCK_SIZE];
  __local ulong index[BLOCK_SIZE];
  KEY best = (KEY)KEY_MIN;
  ulong best_index = (ulong)-1;
  for (ulong g = get_local_id(0); g < groups; g += BLOCK_SIZE) {
    if (arg_wins(partial_keys[g], partial_index[g], best, best_index)) {
      best = partial_keys[g];
      best_index = partial_index[g];
    }
  }
  arg_block(keys, index, best, best_index);
  if (get_local_id(0) == 0) {
    result[0] = index[0];
    ((__global T*)(result + 1))[0] = input[index[0]];
  }
}

#ifdef OFF_T
// Segmented arg-min / arg-max over CSR offsets (OFF_T: int or long): segment s's first extreme
// element to out_values[s] and its index in the whole input to out_index[s]; an empty segment gets
// IDENTITY and index -1. Built with SEG_ARG_FLAT and followed by segment.cl, the program is the
// segmented reduce's flat pass (seg_flat_bounds, seg_flat_reduce, seg_reduce_fixup,
// seg_reduce_empty) over (key, index) pairs, whatever the segment lengths. Otherwise, for long
// segments on average, segments of at most ARG_THREAD_MAX elements take one work-item each
// (seg_arg_threads), longer ones one work-group each (seg_arg_blocks, a grid-stride loop over the
// segments); each kernel skips the other's segments.

inline void seg_arg_write(__global const T* values, ulong at, ulong s, __global T* out_values,
                          __global long* out_index OP_PARAM) {
  out_index[s] = at == (ulong)-1 ? -1L : (long)at;
  out_values[s] = at == (ulong)-1 ? IDENTITY : values[at];
}

__kernel REQUIRE_BLOCK void seg_arg_threads(__global const T* values,
                                            __global const OFF_T* offsets, ulong segments,
                                            __global T* out_values,
                                            __global long* out_index OP_PARAM) {
  ulong s = get_global_id(0);
  if (s >= segments) {
    return;
  }
  ulong from = (ulong)offsets[s];
  ulong to = (ulong)offsets[s + 1];
  if (to - from > ARG_THREAD_MAX) {
    return;
  }
  KEY flip = ARG_FLIP(opcode);
  KEY best = (KEY)KEY_MIN;
  ulong at = (ulong)-1;
  for (ulong i = from; i < to; i++) {
    KEY k = arg_key(values[i], flip);
    if (k > best || at == (ulong)-1) {
      best = k;
      at = i;
    }
  }
  seg_arg_write(values, at, s, out_values, out_index OP_ARG);
}

__kernel REQUIRE_BLOCK void seg_arg_blocks(__global const T* values,
                                           __global const OFF_T* offsets, ulong segments,
                                           __global T* out_values,
                                           __global long* out_index OP_PARAM) {
  __local KEY keys[BLOCK_SIZE];
  __local ulong index[BLOCK_SIZE];
  KEY flip = ARG_FLIP(opcode);
  for (ulong s = get_group_id(0); s < segments; s += get_num_groups(0)) {
    ulong from = (ulong)offsets[s];
    ulong to = (ulong)offsets[s + 1];
    if (to - from <= ARG_THREAD_MAX) {
      continue;
    }
    KEY best = (KEY)KEY_MIN;
    ulong at = (ulong)-1;
    for (ulong i = from + get_local_id(0); i < to; i += BLOCK_SIZE) {
      KEY k = arg_key(values[i], flip);
      if (k > best || at == (ulong)-1) {
        best = k;
        at = i;
      }
    }
    arg_block(keys, index, best, at);
    if (get_local_id(0) == 0) {
      seg_arg_write(values, index[0], s, out_values, out_index OP_ARG);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

#ifdef SEG_ARG_FLAT
// The running value of segment.cl's reduce: the winning key and its index ((ulong)-1 for none).
typedef struct {
  KEY key;
  ulong index;
} arg_pair;

inline arg_pair arg_pair_of(T x, ulong i, KEY flip) {
  arg_pair a;
  a.key = arg_key(x, flip);
  a.index = i;
  return a;
}

// arg_wins's winner of a and b, so the order of combination does not matter.
inline arg_pair arg_pair_pick(arg_pair a, arg_pair b) {
  return arg_wins(b.key, b.index, a.key, a.index) ? b : a;
}

#define SEG_ACC arg_pair
#define SEG_IDENTITY ((arg_pair){(KEY)KEY_MIN, (ulong)-1})
#define seg_combine(a, b) arg_pair_pick((a), (b))
#define SEG_LIFT(x, i) arg_pair_of((x), (i), ARG_FLIP(opcode))
#define SEG_OUT_PARAMS __global const T *source, __global T *out_values, __global long *out_index
#define SEG_PUT(s, v) seg_arg_write(source, (v).index, (s), out_values, out_index OP_ARG)
#endif
#endif
