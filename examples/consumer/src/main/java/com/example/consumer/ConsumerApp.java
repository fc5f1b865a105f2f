package com.example.consumer;

import com.google.common.base.Stopwatch;
import com.google.common.collect.ImmutableList;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import dev.prims.spi.Availability;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An application that takes prims as a library: the backend comes from configuration
 * (prims.properties on the class path, a system property or the environment), then every backend
 * on the class path runs a reduce, a scan and a histogram and the answers are printed.
 */
public final class ConsumerApp {
  public static void main(String[] args) {
    ImmutableList<Float> sample = ImmutableList.of(0.5f, 0.25f, 0.125f, 2f, 4f); // the app's Guava
    float[] values = new float[sample.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = sample.get(i);
    }
    int[] keys = {0, 1, 1, 2, 3, 3, 3, 7};
    System.out.println("Guava " + jarOf(ImmutableList.class) + ", Guice " + jarOf(guice()));

    try (Prims prims = Prims.create()) {
      Scalar configured = prims.reduce(values, ReduceOp.SUM);
      System.out.println(
          "configured prims.backend=" + prims.configuration().get("prims.backend")
              + ": sum " + configured.asFloat() + " on " + configured.provenance());

      for (Map.Entry<String, Availability> backend : prims.backends().entrySet()) {
        String id = backend.getKey();
        if (!backend.getValue().available()) {
          System.out.println(id + ": not available here (" + backend.getValue().reason() + ")");
          continue;
        }
        Stopwatch watch = Stopwatch.createStarted();
        Prims on = prims.backend(id);
        Scalar sum = on.reduce(values, ReduceOp.SUM);
        ScanResult<int[]> prefix = on.scan(keys, ReduceOp.SUM, ScanKind.INCLUSIVE);
        HistogramResult histogram = on.histogram(values, HistogramSpec.even(4, 0.0, 4.0));
        System.out.println(
            id + ": reduce sum " + sum.asFloat()
                + ", inclusive scan " + Arrays.toString(prefix.values())
                + ", histogram " + Arrays.toString(histogram.counts())
                + " (" + histogram.outOfRange() + " out of range)"
                + " on " + sum.provenance().device()
                + " in " + watch.elapsed(TimeUnit.MILLISECONDS) + " ms");
      }
    }
  }

  private static Class<?> guice() {
    try {
      return Class.forName("com.google.inject.Guice");
    } catch (ClassNotFoundException e) {
      return ConsumerApp.class; // relocated inside prims-core
    }
  }

  private static String jarOf(Class<?> type) {
    var source = type.getProtectionDomain().getCodeSource();
    if (source == null) {
      return "(unknown)";
    }
    String path = source.getLocation().getPath();
    return path.substring(path.lastIndexOf('/') + 1);
  }
}
