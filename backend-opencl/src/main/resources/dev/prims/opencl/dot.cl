// Dot product: vectorised grid-stride products summed per work-group; the host finishes the
// partials with reduce_vectorized. Built with OP_SUM; needs common.cl, whose op_prod multiplies.
// Every product is rounded before it is added (FP_CONTRACT OFF in common.cl), as in Java.

__kernel REQUIRE_BLOCK void dot_vectorized(__global const T* a, __global const T* b,
                                           __global T* output, ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  ulong gid = get_global_id(0);
  ulong threads = get_global_size(0);
  ulong quads = n / 4;
  __global const T4* a4 = (__global const T4*)a;
  __global const T4* b4 = (__global const T4*)b;
  T4 acc = (T4)(IDENTITY);
  for (ulong q = gid; q < quads; q += threads) {
    T4 x = a4[q];
    T4 y = b4[q];
    acc.x = op(acc.x, op_prod(x.x, y.x));
    acc.y = op(acc.y, op_prod(x.y, y.y));
    acc.z = op(acc.z, op_prod(x.z, y.z));
    acc.w = op(acc.w, op_prod(x.w, y.w));
  }
  ulong tail = quads * 4 + gid;
  if (tail < n) acc.x = op(acc.x, op_prod(a[tail], b[tail]));
  T total = block_reduce(op_lanes(acc OP_ARG), sdata OP_ARG);
  if (tid == 0) output[get_group_id(0)] = total;
}
