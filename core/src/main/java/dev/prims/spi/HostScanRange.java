package dev.prims.spi;

import dev.prims.DType;

/**
 * The host ranges of a scan between Java arrays: {@code input[from, from + length)} into {@code
 * output[outputFrom, outputFrom + length)}. Both arrays have one type; the caller has checked the
 * ranges, and {@code length > 0}. The arrays may be the same: with equal offsets the scan is in
 * place, otherwise the ranges do not overlap.
 */
public record HostScanRange(Object input, int from, Object output, int outputFrom, int length) {
  /** The element type of both arrays. */
  public DType type() {
    return DType.ofArray(input);
  }
}
