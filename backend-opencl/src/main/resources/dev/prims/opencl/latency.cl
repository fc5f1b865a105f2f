// The latency floor of OpenClLatency: a kernel that does nothing. Needs common.cl.

__kernel void latency_empty(__global int* unused OP_PARAM) {}
