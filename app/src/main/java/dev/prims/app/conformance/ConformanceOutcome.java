package dev.prims.app.conformance;

import java.util.Map;

/**
 * The outcome of the conformance suite on one target.
 *
 * @param backend backend id
 * @param target the backend and device in words
 * @param configuration the keys that selected the device
 * @param status {@code pass}, {@code fail}, {@code absent} (hardware or driver not here: not a
 *     failure) or {@code broken} (present but unusable: a failure)
 * @param reason why a backend is absent or broken, or null
 * @param cells the outcome per conformance class ({@code reduce}, {@code scan}, {@code histogram},
 *     {@code dot}, {@code engine})
 * @param seconds wall time of the run
 */
public record ConformanceOutcome(
    String backend,
    String target,
    Map<String, String> configuration,
    String status,
    String reason,
    Map<String, ConformanceCell> cells,
    double seconds) {
  /** Whether this outcome makes {@code prims conformance} fail. */
  public boolean failing() {
    return status.equals("fail") || status.equals("broken");
  }
}
