// The radix bits of a sort key: an unsigned integer of the key's width whose order is the sort
// order (see dev.prims.spi.Sorter), and back. Shared by the LSD radix sort (sort.cu) and the
// onesweep sort (sort_onesweep.cu).
#pragma once
#include "../common.cuh"

// The radix bits of keys of C (unsigned R of the same width) and their inverse.
template <typename R, bool FLOATING>
struct RadixKey {
  static constexpr R SIGN_BIT = (R)1 << (sizeof(R) * 8 - 1);
  static constexpr R EXPONENT_BITS = sizeof(R) == 4 ? (R)0x7f800000u : (R)0x7ff0000000000000ull;
  static constexpr R CANONICAL_NAN = sizeof(R) == 4 ? (R)0x7fc00000u : (R)0x7ff8000000000000ull;

  static __device__ __forceinline__ R bits_of(R raw, int descending) {
    if (FLOATING) {
      if ((raw & ~SIGN_BIT) > EXPONENT_BITS) raw = CANONICAL_NAN;
      raw = (raw & SIGN_BIT) ? ~raw : (raw | SIGN_BIT);
    } else {
      raw ^= SIGN_BIT;
    }
    return descending ? ~raw : raw;
  }

  static __device__ __forceinline__ R key_of(R bits, int descending) {
    if (descending) bits = ~bits;
    if (FLOATING) return (bits & SIGN_BIT) ? (bits ^ SIGN_BIT) : ~bits;
    return bits ^ SIGN_BIT;
  }
};
