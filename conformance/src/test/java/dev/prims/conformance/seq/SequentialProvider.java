package dev.prims.conformance.seq;

import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.DeviceInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A plain sequential backend, written independently of the suite's reference, to check the suite
 * itself: it must pass as is, and fail with each fault named by {@code prims.seq.fault}.
 */
public final class SequentialProvider implements BackendProvider {
  static final String ID = "seq";
  static final String FAULT = "prims.seq.fault";

  /** Elements per chunk of the reproducible-mode kernels (the backend's one launch shape). */
  static final String CHUNK = "prims.seq.chunk";

  /** Whether reproducible sums fold each chunk at its own top grid in one pass. */
  static final String ONE_PASS = "prims.seq.onepass";

  /**
   * Whether uploads share the caller's array instead of copying it, as a backend that computes in
   * host memory may ({@link dev.prims.spi.BufferManager#upload}; the cpu backend does).
   */
  static final String SHARED_UPLOADS = "prims.seq.sharedUploads";

  /**
   * The launch shapes the suites run this backend in: chunks of 3 and of 1000 elements, and with
   * {@code onePass} the same again folding in one pass.
   */
  public static List<Map<String, String>> launchShapes(boolean onePass) {
    List<Map<String, String>> shapes = new ArrayList<>();
    for (boolean pass : onePass ? List.of(false, true) : List.of(false)) {
      for (String chunk : List.of("3", "1000")) {
        shapes.add(pass ? Map.of(CHUNK, chunk, ONE_PASS, "true") : Map.of(CHUNK, chunk));
      }
    }
    return List.copyOf(shapes);
  }

  @Override
  public String id() {
    return ID;
  }

  @Override
  public int priority() {
    return -10;
  }

  @Override
  public Set<String> configurationKeys() {
    return Set.of(FAULT, CHUNK, ONE_PASS, SHARED_UPLOADS);
  }

  @Override
  public Availability probe(BackendContext context) {
    return Availability.available(List.of(device()), Map.of());
  }

  @Override
  public Backend create(BackendContext context) {
    int chunk = Integer.parseInt(context.get(CHUNK, Integer.toString(Integer.MAX_VALUE)).trim());
    if (chunk < 1) {
      throw new IllegalArgumentException(CHUNK + " must be positive, got " + chunk);
    }
    boolean onePass = Boolean.parseBoolean(context.get(ONE_PASS, "false").trim());
    boolean sharedUploads = Boolean.parseBoolean(context.get(SHARED_UPLOADS, "false").trim());
    return new SequentialBackend(
        device(), Fault.parse(context.get(FAULT, "none")), chunk, onePass, sharedUploads);
  }

  private static DeviceInfo device() {
    return new DeviceInfo(0, "sequential test device", 0, 1, Map.of());
  }
}
