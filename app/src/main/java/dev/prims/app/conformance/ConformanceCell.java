package dev.prims.app.conformance;

/**
 * The outcome of one conformance class (one primitive, or the engine checks) on one target.
 *
 * @param passed tests that passed
 * @param failed tests (or a whole class) that failed
 * @param skipped tests skipped or aborted
 * @param firstFailure the first failure, as "test: message", or null
 */
public record ConformanceCell(int passed, int failed, int skipped, String firstFailure) {
  /** Nothing counted yet. */
  public static final ConformanceCell EMPTY = new ConformanceCell(0, 0, 0, null);

  ConformanceCell pass() {
    return new ConformanceCell(passed + 1, failed, skipped, firstFailure);
  }

  ConformanceCell fail(String failure) {
    return new ConformanceCell(
        passed, failed + 1, skipped, firstFailure == null ? failure : firstFailure);
  }

  ConformanceCell skip() {
    return new ConformanceCell(passed, failed, skipped + 1, firstFailure);
  }

  /** Short text for the matrix: {@code pass 57}, {@code FAIL 2/57}, {@code skipped}. */
  public String summary() {
    int run = passed + failed;
    if (failed > 0) {
      return "FAIL " + failed + "/" + run;
    }
    if (run == 0) {
      return skipped > 0 ? "skipped " + skipped : "-";
    }
    return "pass " + passed + (skipped > 0 ? " (" + skipped + " skipped)" : "");
  }
}
