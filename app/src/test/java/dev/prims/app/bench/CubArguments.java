package dev.prims.app.bench;

import java.util.ArrayList;
import java.util.List;

/** The arguments of the reference program that a {@link CubRequest} should spell, written out. */
final class CubArguments {
  private CubArguments() {}

  /** {@code --impl IMPL --type TYPE --n N --reps REPS --primitive PRIMITIVE}, then {@code more}. */
  static List<String> of(
      String impl, String type, long n, int reps, String primitive, String... more) {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                "--impl",
                impl,
                "--type",
                type,
                "--n",
                Long.toString(n),
                "--reps",
                Integer.toString(reps),
                "--primitive",
                primitive));
    arguments.addAll(List.of(more));
    return arguments;
  }
}
