package dev.prims.app.reliability;

/** A fault {@link FaultyProvider} injects into the backend it wraps. */
enum Fault {
  /** The backend's native library cannot be loaded: probe says absent, create refuses. */
  MISSING_NATIVE,
  /** Every kernel fails to build (a compiler error with its log). */
  BUILD_FAILURE,
  /** Every kernel launch fails (as CL_OUT_OF_RESOURCES or CUDA_ERROR_LAUNCH_FAILED would). */
  LAUNCH_FAILURE,
  /** Every device allocation fails: device memory exhausted. */
  OUT_OF_MEMORY,
  /** A native entry point is missing when called (an {@link UnsatisfiedLinkError} mid-call). */
  LINKAGE_ERROR,
  /** Integer sums come back one too large: a silently wrong answer. */
  WRONG_ANSWER
}
