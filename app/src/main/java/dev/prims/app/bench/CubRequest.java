package dev.prims.app.bench;

import dev.prims.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * One measurement asked of the CUB/Thrust reference program.
 *
 * @param impl {@code cub}, {@link #CUB_TO_HOST} or {@code thrust}; with no operation, {@code cub}
 *     (a device-to-device copy) or {@link #H2D}/{@link #D2H}/{@link #DUPLEX} (pinned copies over
 *     the host link)
 * @param operation the operation, or null for a copy
 * @param type element type
 * @param n elements
 * @param reps timed runs
 */
public record CubRequest(String impl, Operation operation, DType type, long n, int reps) {
  /** A pinned host-to-device copy: {@code cudaMemcpyAsync} from {@code cudaMallocHost} memory. */
  public static final String H2D = "h2d";

  /** A pinned device-to-host copy. */
  public static final String D2H = "d2h";

  /**
   * A pinned copy up and another down at once, on two streams: the link's time for a scan's input
   * and result (GB/s counts both copies).
   */
  public static final String DUPLEX = "duplex";

  /**
   * CUB's reduce or dot with its result copied to host memory in every timed run, as a caller that
   * wants the value must: the peer of a whole per-call reduce, whose answer ends on the host.
   */
  public static final String CUB_TO_HOST = "cub-to-host";

  /** Whether CUB measures {@code operation} with its result copied to the host too. */
  public static boolean resultToHost(Operation operation) {
    return operation.isPlain()
        && (operation.family().equals("reduce") || operation.family().equals("dot"));
  }

  /**
   * The pinned copy of {@code n} elements over the host link in {@code direction} (H2D, D2H, or
   * both at once: DUPLEX).
   */
  public static CubRequest link(String direction, DType type, long n, int reps) {
    return new CubRequest(direction, null, type, n, reps);
  }

  /** The program's arguments for this measurement. */
  public List<String> arguments() {
    List<String> args = new ArrayList<>();
    args.add("--impl");
    args.add(impl.equals("thrust") ? "thrust" : "cub");
    args.add("--type");
    args.add(type.id());
    args.add("--n");
    args.add(Long.toString(n));
    args.add("--reps");
    args.add(Integer.toString(reps));
    args.add("--primitive");
    if (operation == null) {
      args.add(impl.equals(H2D) || impl.equals(D2H) || impl.equals(DUPLEX) ? impl : "copy");
      return args;
    }
    // top-k is measured against CUB's full sort of the same keys
    args.add(
        operation.isArgOrMoments()
            ? "argreduce"
            : operation == Operation.TOPK ? "sort" : operation.family());
    switch (operation) {
      case REDUCE_SUM, SCAN_INCLUSIVE -> args.addAll(List.of("--op", "sum"));
      case REDUCE_MIN, ARGMIN -> args.addAll(List.of("--op", "min"));
      case REDUCE_MAX, ARGMAX -> args.addAll(List.of("--op", "max"));
      case SCAN_EXCLUSIVE -> args.addAll(List.of("--op", "sum", "--exclusive"));
      case HISTOGRAM ->
          args.addAll(
              List.of("--bins", Integer.toString(Operation.BINS), "--lower", "0", "--upper", "1"));
      case DOT, MOMENTS, SORT -> {}
      case SORT_PAIRS -> args.add("--pairs");
      case SELECT, TOPK, UNIQUE, RLE -> {}
      case SEGMENTED_ARGMAX_64 ->
          args.addAll(
              List.of("--op", "argmax", "--segment", Integer.toString(operation.segment())));
      case SEGMENTED_SUM_64, SEGMENTED_SUM_4096, REDUCE_BY_KEY_64, SCAN_BY_KEY_64 ->
          args.addAll(List.of("--op", "sum", "--segment", Integer.toString(operation.segment())));
    }
    if (impl.equals(CUB_TO_HOST)) {
      args.add("--result-to-host");
    }
    return args;
  }
}
