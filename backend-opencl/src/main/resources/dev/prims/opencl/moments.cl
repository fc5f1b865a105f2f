// One-pass moments, one partial per work-group, merged on the host (dev.prims.spi.MomentsState).
// Floating inputs: each work-item sums x - K and (x - K)^2 in double, K its first element, turns
// them into (count, mean, m2), and the work-group merges those with Chan's formula; the partial is
// (count, mean, m2) at partials[3 * group]. Integer inputs: the eight exact words of MomentsState's
// recipe per work-item, added up over the work-group; the partial is (count, words[8]) at
// partials[9 * group]. Needs common.cl, and double precision (USE_FP64) for every type.
// Twin of backend-cuda/src/main/cuda/device/moments.cu.

#ifdef IS_FLOATING

// Merges (nb, mb, qb) into (na, ma, qa) with Chan, Golub and LeVeque's formula.
inline void chan_merge(ulong* na, double* ma, double* qa, ulong nb, double mb, double qb) {
  if (nb == 0) return;
  if (*na == 0) {
    *na = nb;
    *ma = mb;
    *qa = qb;
    return;
  }
  ulong n = *na + nb;
  double delta = mb - *ma;
  double fb = (double)nb / (double)n;
  *ma = *ma + delta * fb;
  *qa = *qa + qb + delta * delta * (double)(*na) * fb;
  *na = n;
}

__kernel REQUIRE_BLOCK void moments_partials(__global const T* input, __global ulong* partials,
                                             ulong n OP_PARAM) {
  __local ulong counts[BLOCK_SIZE];
  __local double means[BLOCK_SIZE];
  __local double m2s[BLOCK_SIZE];
  uint tid = get_local_id(0);
  ulong gid = get_global_id(0);
  ulong threads = get_global_size(0);
  ulong quads = n / 4;
  __global const T4* input4 = (__global const T4*)input;
  ulong count = 0;
  double shift = 0.0;
  double s1 = 0.0;
  double s2 = 0.0;
  if (gid < quads) {
    shift = (double)input[4 * gid];
  } else if (quads * 4 + gid < n) {
    shift = (double)input[quads * 4 + gid];
  }
  for (ulong q = gid; q < quads; q += threads) {
    T4 x = input4[q];
    double d0 = (double)x.x - shift;
    double d1 = (double)x.y - shift;
    double d2 = (double)x.z - shift;
    double d3 = (double)x.w - shift;
    s1 += (d0 + d1) + (d2 + d3);
    s2 += (d0 * d0 + d1 * d1) + (d2 * d2 + d3 * d3);
    count += 4;
  }
  ulong tail = quads * 4 + gid;
  if (tail < n) {
    double d = (double)input[tail] - shift;
    s1 += d;
    s2 += d * d;
    count += 1;
  }
  double mean = 0.0;
  double m2 = 0.0;
  if (count > 0) {
    double step = s1 / (double)count;
    mean = shift + step;
    m2 = fmax(0.0, s2 - s1 * step);
  }
  counts[tid] = count;
  means[tid] = mean;
  m2s[tid] = m2;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (tid < s) {
      ulong na = counts[tid];
      double ma = means[tid];
      double qa = m2s[tid];
      chan_merge(&na, &ma, &qa, counts[tid + s], means[tid + s], m2s[tid + s]);
      counts[tid] = na;
      means[tid] = ma;
      m2s[tid] = qa;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) {
    ulong g = get_group_id(0);
    partials[3 * g] = counts[0];
    partials[3 * g + 1] = as_ulong(means[0]);
    partials[3 * g + 2] = as_ulong(m2s[0]);
  }
}

#else

inline void words_add(long* w, long x) {
  long xh = x >> 32;
  long xl = x & 0xffffffffL;
  long a = xh * xh;
  long b = xh * xl;
  ulong c = (ulong)xl * (ulong)xl;
  w[0] += xh;
  w[1] += xl;
  w[2] += (long)((ulong)a >> 32);
  w[3] += a & 0xffffffffL;
  w[4] += b >> 32;
  w[5] += b & 0xffffffffL;
  w[6] += (long)(c >> 32);
  w[7] += (long)(c & 0xffffffffUL);
}

__kernel REQUIRE_BLOCK void moments_partials(__global const T* input, __global ulong* partials,
                                             ulong n OP_PARAM) {
  __local long words[9 * BLOCK_SIZE];
  uint tid = get_local_id(0);
  ulong gid = get_global_id(0);
  ulong threads = get_global_size(0);
  ulong quads = n / 4;
  __global const T4* input4 = (__global const T4*)input;
  long w[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  long count = 0;
  for (ulong q = gid; q < quads; q += threads) {
    T4 x = input4[q];
    words_add(w, (long)x.x);
    words_add(w, (long)x.y);
    words_add(w, (long)x.z);
    words_add(w, (long)x.w);
    count += 4;
  }
  ulong tail = quads * 4 + gid;
  if (tail < n) {
    words_add(w, (long)input[tail]);
    count += 1;
  }
  words[tid] = count;
  for (int k = 0; k < 8; k++) {
    words[(k + 1) * BLOCK_SIZE + tid] = w[k];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (tid < s) {
      for (int k = 0; k < 9; k++) {
        words[k * BLOCK_SIZE + tid] += words[k * BLOCK_SIZE + tid + s];
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid < 9) {
    partials[9 * get_group_id(0) + tid] = (ulong)words[tid * BLOCK_SIZE];
  }
}

#endif
