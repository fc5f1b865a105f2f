package dev.prims.app.bench;

import dev.prims.DType;
import java.util.List;

/**
 * What one benchmark run measures. Every operation runs on at least one of the types (unique and
 * rle take int and long only; the other types of a mixed list are skipped for them with a note).
 *
 * @param backends backend ids to run, or null for every available one
 * @param operations the operations
 * @param types element types
 * @param sizes element counts, ascending
 * @param modes {@link PrimsWorkload#DEVICE} and/or {@link PrimsWorkload#HOST}
 * @param budget how long to time each measurement
 * @param references whether to run the CUB/Thrust reference on GPU machines
 */
public record BenchPlan(
    List<String> backends,
    List<Operation> operations,
    List<DType> types,
    List<Long> sizes,
    List<String> modes,
    TimingBudget budget,
    boolean references) {
  public BenchPlan {
    backends = backends == null ? null : List.copyOf(backends);
    operations = List.copyOf(operations);
    types = List.copyOf(types);
    sizes = List.copyOf(sizes);
    modes = List.copyOf(modes);
    for (Operation operation : operations) {
      if (types.stream().noneMatch(operation::takes)) {
        throw new IllegalArgumentException(
            "--primitives "
                + operation.family()
                + " takes int or long keys (compared by ==), but --types names only "
                + String.join(",", types.stream().map(DType::id).toList()));
      }
    }
  }

  /** Sizes of the default run: 2^16, 2^20, 2^24 and 2^28 elements (as memory allows). */
  public static final String DEFAULT_SIZES = "2^16,2^20,2^24,2^28";

  /** Sizes of {@code --quick}. */
  public static final String QUICK_SIZES = "2^16,2^18";

  /** Types of {@code --quick}. */
  public static final String QUICK_TYPES = "int,float";
}
