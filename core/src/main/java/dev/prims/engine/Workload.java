package dev.prims.engine;

import dev.prims.DType;
import dev.prims.Primitive;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * What the cost model times apart: one kind of call on one element type, on host arrays ({@code
 * host}: the call moves Java arrays through the backend's own transfer path) or on buffers that
 * already live on the backend. Its {@link #key()} names it in the cache ({@code
 * "histogram.float.host"}). Sorts and selects are timed on host arrays only. Instances are
 * interned: {@link #of} allocates nothing.
 */
public record Workload(Kind kind, DType type, boolean host) {
  /** The kinds of call with a cost of their own: the four primitives, and sorts. */
  public enum Kind {
    REDUCE,
    SCAN,
    HISTOGRAM,
    DOT,
    /** A radix sort of keys (it runs on the SCAN path, at a cost far from a scan's). */
    SORT,
    /**
     * A pass that keeps some of the values: select, partition, top-k, unique, run-length encode (on
     * the SCAN path too; timed as a select of about half the values).
     */
    SELECT;

    private static final Kind[] BY_PRIMITIVE =
        Arrays.stream(Primitive.values()).map(p -> valueOf(p.name())).toArray(Kind[]::new);

    private final String id = name().toLowerCase(Locale.ROOT);

    /** Lower-case id ({@code "sort"}). */
    public String id() {
      return id;
    }

    /** The kind of {@code primitive}'s calls. */
    public static Kind of(Primitive primitive) {
      return BY_PRIMITIVE[primitive.ordinal()];
    }
  }

  private static final int SLOTS = Kind.values().length * DType.values().length * 2;
  private static final Workload[] BY_SLOT = new Workload[SLOTS];
  private static final int[] DENSE = new int[SLOTS];
  private static final List<Workload> ALL;

  static {
    List<Workload> all = new ArrayList<>();
    Arrays.fill(DENSE, -1);
    for (Kind k : Kind.values()) {
      for (DType t : DType.values()) {
        for (boolean host : new boolean[] {true, false}) {
          if ((k == Kind.SORT || k == Kind.SELECT) && !host) {
            continue;
          }
          int slot = slot(k, t, host);
          BY_SLOT[slot] = new Workload(k, t, host);
          DENSE[slot] = all.size();
          all.add(BY_SLOT[slot]);
        }
      }
    }
    ALL = List.copyOf(all);
  }

  /** Every workload: each kind on each type, host mode before device mode. */
  public static List<Workload> all() {
    return ALL;
  }

  /** The workload of {@code primitive} on {@code type} in host or device mode. */
  public static Workload of(Primitive primitive, DType type, boolean host) {
    return of(Kind.of(primitive), type, host);
  }

  /**
   * The workload of {@code kind} on {@code type} in host or device mode.
   *
   * @throws IllegalArgumentException for a sort of buffers (sorts are timed on host arrays only)
   */
  public static Workload of(Kind kind, DType type, boolean host) {
    Workload w = BY_SLOT[slot(kind, type, host)];
    if (w == null) {
      throw new IllegalArgumentException(
          "the cost model times sorts and selects of host arrays only");
    }
    return w;
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

  private static int slot(Kind kind, DType type, boolean host) {
    return (kind.ordinal() * DType.values().length + type.ordinal()) * 2 + (host ? 0 : 1);
  }

  /** A dense index in {@code [0, all().size())}. */
  public int index() {
    return DENSE[slot(kind, type, host)];
  }

  /** {@code kind.type.host} or {@code kind.type.device}, as in {@code reduce.int.host}. */
  public String key() {
    return kind.id() + "." + type.id() + "." + (host ? "host" : "device");
  }

  /**
   * The bytes a call of {@code n} elements moves as the engine counts them: the input, and for a
   * scan the output too, for a dot both inputs (a sort counts its keys once).
   */
  public long bytes(long n) {
    long input = n * type.bytes();
    return kind == Kind.SCAN || kind == Kind.DOT ? 2 * input : input;
  }

  @Override
  public String toString() {
    return key().toLowerCase(Locale.ROOT);
  }
}
