package dev.prims.spi;

import dev.prims.Determinism;

/**
 * Per-call options handed to a primitive, and where the primitive reports how it really ran. One
 * instance per call; not shared between threads.
 */
public final class CallContext {
  private final String variant;
  private final Determinism determinism;
  private String executedOn;
  private String usedVariant;
  private String note;

  public CallContext(String variant, Determinism determinism) {
    this.variant = variant;
    this.determinism = determinism;
  }

  /** Requested algorithm variant, or null for the backend's default. */
  public String variant() {
    return variant;
  }

  /** Requested determinism. */
  public Determinism determinism() {
    return determinism;
  }

  /** Records the device that really executed the call (when it differs from the backend's). */
  public void executedOn(String device) {
    this.executedOn = device;
  }

  /** Records the variant that ran. */
  public void usedVariant(String variant) {
    this.usedVariant = variant;
  }

  /** Records a note for the result's provenance (such as a fallback). */
  public void note(String note) {
    this.note = note;
  }

  /** The device recorded with {@link #executedOn}, or null. */
  public String executedOn() {
    return executedOn;
  }

  /** The variant recorded with {@link #usedVariant}, or null. */
  public String usedVariant() {
    return usedVariant;
  }

  /** The note recorded with {@link #note(String)}, or null. */
  public String note() {
    return note;
  }
}
