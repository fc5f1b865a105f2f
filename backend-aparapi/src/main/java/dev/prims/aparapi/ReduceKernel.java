package dev.prims.aparapi;

/** What the reducer needs of a typed reduce kernel: binding its arguments. */
interface ReduceKernel extends PartialsKernel {
  /** Sets the input array, its length, the operator code and the operator's identity. */
  void bind(Object input, int n, int op, Number identity);
}
