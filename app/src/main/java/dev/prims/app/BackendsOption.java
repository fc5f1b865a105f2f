package dev.prims.app;

import java.util.List;
import picocli.CommandLine.Option;

/**
 * The {@code --backends ID[,ID...]} option of the commands that run on several backends (bench,
 * ladder, conformance, stress): the backends to run on, every backend found when absent.
 */
public final class BackendsOption {
  @Option(
      names = "--backends",
      split = ",",
      paramLabel = "ID",
      description = "Backends to run on (default: every backend found here).")
  private List<String> ids;

  /** The ids as given, or null when the option is absent. */
  public List<String> ids() {
    return ids;
  }
}
