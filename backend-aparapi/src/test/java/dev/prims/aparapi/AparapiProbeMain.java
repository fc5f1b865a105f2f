package dev.prims.aparapi;

import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;

/**
 * Run in a fresh JVM by {@link AparapiQuietTest}: probes the aparapi backend (Aparapi lists the
 * OpenCL platforms once per JVM) and, where it is available, runs a reduce on it. Prints one line,
 * {@code available <sum>} or {@code absent <reason>}.
 */
public final class AparapiProbeMain {
  private AparapiProbeMain() {}

  /** Probes, reduces 1..1000 where possible, prints the outcome. */
  public static void main(String[] args) {
    try (Prims prims =
        Prims.create(PrimsConfig.builder().backend("aparapi").fallback(false).build())) {
      Availability availability = prims.backends().get("aparapi");
      if (!availability.available()) {
        System.out.println("absent " + availability.reason());
        return;
      }
      int[] values = new int[1000];
      for (int i = 0; i < values.length; i++) {
        values[i] = i + 1;
      }
      System.out.println("available " + prims.reduce(values, ReduceOp.SUM).asLong());
    }
  }
}
