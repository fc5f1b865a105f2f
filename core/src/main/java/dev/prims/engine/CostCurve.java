package dev.prims.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * Measured time of one {@link Workload} on one backend as a function of the bytes a call moves: a
 * few measured points, joined by straight lines and extended past the last one. Each segment is a
 * per-call fixed overhead plus a per-byte rate; {@link #fixedMicros()} is the first segment's
 * overhead (what a tiny call costs) and {@link #gbps()} the last segment's rate (what a large call
 * streams at). Points rise with the bytes, and every segment's rate lies within {@link
 * #MIN_GBPS}..{@link #MAX_GBPS}, so that an estimate is never negative nor free.
 */
public record CostCurve(List<Point> points) {
  /** Slowest plausible rate of a segment: 1 MB/s. */
  public static final double MIN_GBPS = 1e-3;

  /** Fastest plausible rate of a segment: 100 TB/s, above any memory system built so far. */
  public static final double MAX_GBPS = 1e5;

  /** Longest plausible time of one point: 1000 s. */
  public static final double MAX_MICROS = 1e9;

  /** Most points a curve holds. */
  public static final int MAX_POINTS = 16;

  /** One measured call: {@code bytes} moved in {@code micros} microseconds (the best of a few). */
  public record Point(long bytes, double micros) {}

  public CostCurve {
    points = List.copyOf(points);
  }

  /**
   * The curve through {@code measured} (sorted by bytes), each time raised where needed so that
   * every segment's rate stays within the physical bounds: noise never makes a larger call cheaper.
   */
  public static CostCurve fit(List<Point> measured) {
    List<Point> fitted = new ArrayList<>();
    for (Point p : measured) {
      double micros = Math.max(0, Math.min(MAX_MICROS, p.micros()));
      if (!fitted.isEmpty()) {
        Point prev = fitted.get(fitted.size() - 1);
        // half the bounds' rates, so that rounding keeps the curve inside them when read back
        double fastest = prev.micros() + (p.bytes() - prev.bytes()) * 1e-3 / (MAX_GBPS / 2);
        double slowest = prev.micros() + (p.bytes() - prev.bytes()) * 1e-3 / (MIN_GBPS * 2);
        micros = Math.max(fastest, Math.min(slowest, micros));
      }
      fitted.add(new Point(p.bytes(), micros));
    }
    return new CostCurve(fitted);
  }

  /** Why this curve cannot be a measurement, or null when it can. */
  public String invalidity() {
    if (points.size() < 2 || points.size() > MAX_POINTS) {
      return points.size() + " points, expected 2 to " + MAX_POINTS;
    }
    Point prev = null;
    for (Point p : points) {
      if (!(p.micros() >= 0 && p.micros() <= MAX_MICROS) || p.bytes() < 0) {
        return "point " + p + " is outside [0, " + MAX_MICROS + "] us or has negative bytes";
      }
      if (prev != null) {
        if (p.bytes() <= prev.bytes()) {
          return "points are not in rising bytes at " + p;
        }
        double gbps = rate(prev, p);
        if (!(gbps >= MIN_GBPS && gbps <= MAX_GBPS)) {
          return "rate "
              + gbps
              + " GB/s from "
              + prev
              + " to "
              + p
              + " is outside ["
              + MIN_GBPS
              + ", "
              + MAX_GBPS
              + "]";
        }
      }
      prev = p;
    }
    return null;
  }

  /** GB/s between two points of rising time; infinite when the time does not rise. */
  private static double rate(Point a, Point b) {
    return (b.bytes() - a.bytes()) * 1e-3 / (b.micros() - a.micros());
  }

  /** Estimated milliseconds of a call moving {@code bytes}. */
  public double estimateMillis(long bytes) {
    int last = points.size() - 1;
    int i = 1;
    while (i < last && points.get(i).bytes() < bytes) {
      i++;
    }
    Point a = points.get(i - 1);
    Point b = points.get(i);
    double perByte = (b.micros() - a.micros()) / (b.bytes() - a.bytes());
    double micros = a.micros() + (bytes - a.bytes()) * perByte;
    return Math.max(fixedMicros(), micros) * 1e-3;
  }

  /** The per-call overhead: the first segment's time at zero bytes. */
  public double fixedMicros() {
    Point a = points.get(0);
    Point b = points.get(1);
    double perByte = (b.micros() - a.micros()) / (b.bytes() - a.bytes());
    return Math.max(0, a.micros() - a.bytes() * perByte);
  }

  /** The rate of large calls: the last segment's GB/s. */
  public double gbps() {
    return rate(points.get(points.size() - 2), points.get(points.size() - 1));
  }
}
