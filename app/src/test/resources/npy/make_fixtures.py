#!/usr/bin/env python3
"""Writes the .npy fixtures of the prims CLI tests with NumPy. Run from this directory:
    python3 make_fixtures.py
The tests assert exact answers for these arrays (see dev.prims.app.RunCommandTest)."""
import numpy as np
from numpy.lib import format as npformat


def save(name, array):
    np.save(name, array, allow_pickle=False)


def save_version(name, array, version):
    with open(name, "wb") as f:
        npformat.write_array(f, array, version=version, allow_pickle=False)


def save_with_descr(name, array, descr):
    """np.save, then the descr in the header replaced by an equivalent one of the same length."""
    save(name, array)
    with open(name, "rb") as f:
        data = f.read()
    native = array.dtype.str.encode()
    assert len(native) == len(descr)
    with open(name, "wb") as f:
        f.write(data.replace(b"'" + native + b"'", b"'" + descr.encode() + b"'", 1))


# Readable arrays and their exact answers.
save("empty_f4.npy", np.zeros(0, dtype="<f4"))
save("empty_i4.npy", np.zeros(0, dtype="<i4"))
save("empty_f8.npy", np.zeros(0, dtype="<f8"))
# int32 sum wraps like Java: 2147483647 + 1 + 2147483647 + 5 == 4 (mod 2^32); min 1, max 2147483647
save("int32_wrap.npy", np.array([2147483647, 1, 2147483647, 5], dtype="<i4"))
# int64 sum wraps: 3 * 2^62 + 5 == -2^62 + 5 (mod 2^64)
save("int64_wrap.npy", np.array([1 << 62, 1 << 62, 1 << 62, 5], dtype="<i8"))
# float32 with a NaN: sum, min and max are NaN
save("float32_nan.npy", np.array([1.0, np.nan, 2.0], dtype="<f4"))
# float32 values whose sum is exact in any order: 0.5 + 0.25 + 1.5 - 2 + 4 == 4.25; min -2, max 4
save("float32_exact.npy", np.array([0.5, 0.25, 1.5, -2.0, 4.0], dtype="<f4"))
# one float32 0.1: its shortest decimal is 0.1 (not 0.10000000149011612)
save("float32_tenth.npy", np.array([0.1], dtype="<f4"))
# one float64 0.1 and one 1e300: max is 1.0E300
save("float64_values.npy", np.array([0.1, 1e300, -3.5], dtype="<f8"))
# scan input and its expected inclusive scan as NumPy writes it
save("scan_i4.npy", np.array([1, 2, 3, 4], dtype="<i4"))
save("scan_i4_inclusive.npy", np.cumsum(np.array([1, 2, 3, 4], dtype="<i4"), dtype="<i4"))
save("scan_f8.npy", np.array([0.5, -1.0, 2.25], dtype="<f8"))
# integer keys for --bins 4: counts [2, 0, 1, 1], out of range 5 (-1, 4, 255, 256, 1000)
save("keys_i4.npy", np.array([-1, 0, 0, 3, 4, 255, 256, 1000, 2], dtype="<i4"))
save("keys_i8.npy", np.array([-1, 0, 0, 3, 4, 1 << 40, 2], dtype="<i8"))
# even bins [0, 1) x 4: 0.0 and -0.0 in bin 0, 0.25 in 1, 0.5 in 2, the largest float below 1
# in 3; 1.0 (the upper bound), NaN, -1e-9, inf out of range: counts [2, 1, 1, 1], out of range 4
edges = [0.0, -0.0, 0.25, 0.5, np.nextafter(np.float32(1), np.float32(0)), 1.0, np.nan, -1e-9,
         np.inf]
save("edges_f4.npy", np.array(edges, dtype="<f4"))
edges64 = [0.0, -0.0, 0.25, 0.5, np.nextafter(1.0, 0.0), 1.0, np.nan, -1e-9, np.inf]
save("edges_f8.npy", np.array(edges64, dtype="<f8"))
# dot: [1, 2, 3] . [4, 5, 6] == 32
save("dot_a_f4.npy", np.array([1, 2, 3], dtype="<f4"))
save("dot_b_f4.npy", np.array([4, 5, 6], dtype="<f4"))
save("dot_short_f4.npy", np.array([4, 5], dtype="<f4"))
# int32 dot wraps: 65536 * 65536 + 65536 * 1 == 65536 (mod 2^32)
save("dot_a_i4.npy", np.array([65536, 65536], dtype="<i4"))
save("dot_b_i4.npy", np.array([65536, 1], dtype="<i4"))
# the same int32 array in format versions 2.0 and 3.0, and with '|' and '=' byte orders
save_version("v2_i4.npy", np.array([1, 2, 3], dtype="<i4"), (2, 0))
save_version("v3_i4.npy", np.array([1, 2, 3], dtype="<i4"), (3, 0))
save_with_descr("pipe_i4.npy", np.array([1, 2, 3], dtype="<i4"), "|i4")
save_with_descr("equals_f8.npy", np.array([1.5, 2.5], dtype="<f8"), "=f8")

# Files that must be rejected.
save("bigendian_f4.npy", np.array([1, 2, 3], dtype=">f4"))
save("fortran_2d_f4.npy", np.asfortranarray(np.arange(6, dtype="<f4").reshape(2, 3)))
save("c_2d_f4.npy", np.arange(6, dtype="<f4").reshape(2, 3))
save("scalar_f8.npy", np.array(5.0, dtype="<f8"))
save("uint32.npy", np.array([1, 2, 3], dtype="<u4"))
save("float16.npy", np.array([1, 2, 3], dtype="<f2"))
save("bool.npy", np.array([True, False]))
save("structured.npy", np.zeros(3, dtype=[("a", "<i4"), ("b", "<f4")]))
save("truncated_f8.npy", np.arange(10, dtype="<f8"))
with open("truncated_f8.npy", "rb") as f:
    whole = f.read()
with open("truncated_f8.npy", "wb") as f:
    f.write(whole[:-12])
save("trailing_i4.npy", np.array([1, 2], dtype="<i4"))
with open("trailing_i4.npy", "ab") as f:
    f.write(b"\0\0\0\0")
with open("not_npy.npy", "w") as f:
    f.write("1,2,3\n")
with open("empty_file.npy", "wb") as f:
    pass
