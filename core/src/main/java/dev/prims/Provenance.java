package dev.prims;

/**
 * Where a result was computed: the backend id, the device that really executed it, the algorithm
 * variant, and a note (such as a fallback and its reason), never null.
 */
public record Provenance(String backend, String device, String variant, String note) {
  public Provenance {
    backend = backend == null ? "" : backend;
    device = device == null ? "" : device;
    variant = variant == null ? "" : variant;
    note = note == null ? "" : note;
  }

  @Override
  public String toString() {
    return backend
        + " on "
        + device
        + (variant.isEmpty() ? "" : " (" + variant + ")")
        + (note.isEmpty() ? "" : ": " + note);
  }
}
