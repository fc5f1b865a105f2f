package dev.prims.engine;

import dev.prims.DType;
import dev.prims.Primitive;
import java.util.List;
import java.util.Locale;

/**
 * What the cost model times apart: one primitive on one element type, on host arrays ({@code host}:
 * the call moves Java arrays through the backend's own transfer path) or on buffers that already
 * live on the backend. Its {@link #key()} names it in the cache ({@code "histogram.float.host"}).
 * Instances are interned: {@link #of} allocates nothing.
 */
public record Workload(Primitive primitive, DType type, boolean host) {
  private static final Workload[] ALL = new Workload[Primitive.values().length * 8];

  static {
    for (Primitive p : Primitive.values()) {
      for (DType t : DType.values()) {
        for (boolean host : new boolean[] {true, false}) {
          ALL[index(p, t, host)] = new Workload(p, t, host);
        }
      }
    }
  }

  /** Every workload: each primitive on each type, host mode before device mode. */
  public static List<Workload> all() {
    return List.of(ALL);
  }

  /** The workload of {@code primitive} on {@code type} in host or device mode. */
  public static Workload of(Primitive primitive, DType type, boolean host) {
    return ALL[index(primitive, type, host)];
  }

  /** The workload named {@code key} (as {@link #key()} writes it), or null when none is. */
  public static Workload parse(String key) {
    for (Workload w : ALL) {
      if (w.key().equals(key)) {
        return w;
      }
    }
    return null;
  }

  private static int index(Primitive primitive, DType type, boolean host) {
    return (primitive.ordinal() * 4 + type.ordinal()) * 2 + (host ? 0 : 1);
  }

  /** A dense index in {@code [0, all().size())}. */
  public int index() {
    return index(primitive, type, host);
  }

  /**
   * {@code primitive.type.host} or {@code primitive.type.device}, as in {@code reduce.int.host}.
   */
  public String key() {
    return primitive.id() + "." + type.id() + "." + (host ? "host" : "device");
  }

  /**
   * The bytes a call of {@code n} elements moves as the engine counts them: the input, and for a
   * scan the output too, for a dot both inputs.
   */
  public long bytes(long n) {
    long input = n * type.bytes();
    return primitive == Primitive.SCAN || primitive == Primitive.DOT ? 2 * input : input;
  }

  @Override
  public String toString() {
    return key().toLowerCase(Locale.ROOT);
  }
}
