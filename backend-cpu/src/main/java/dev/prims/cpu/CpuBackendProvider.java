package dev.prims.cpu;

import dev.prims.BackendUnavailableException;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.DeviceInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Provider of the always-available ForkJoin CPU backend, id {@code cpu}, priority 0. Configuration:
 * {@code prims.cpu.threads} (default: available processors).
 */
public final class CpuBackendProvider implements BackendProvider {
  /** Configuration key for the number of worker threads. */
  public static final String THREADS = "prims.cpu.threads";

  @Override
  public String id() {
    return CpuBuffer.BACKEND;
  }

  @Override
  public int priority() {
    return 0;
  }

  @Override
  public Availability probe(BackendContext context) {
    try {
      int threads = threads(context);
      return Availability.available(
          List.of(device(threads)),
          Map.of(
              "jdk",
              System.getProperty("java.version"),
              "jvm",
              System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")));
    } catch (IllegalArgumentException e) {
      return Availability.broken(e.getMessage());
    }
  }

  @Override
  public Backend create(BackendContext context) {
    int threads;
    try {
      threads = threads(context);
    } catch (IllegalArgumentException e) {
      throw new BackendUnavailableException(id(), e.getMessage(), e);
    }
    return new CpuBackend(device(threads), threads);
  }

  /** The processor model from /proc/cpuinfo where there is one, else the architecture. */
  private static String processorName() {
    Path cpuinfo = Path.of("/proc/cpuinfo");
    try (Stream<String> lines = Files.lines(cpuinfo)) {
      return lines
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim())
          .filter(name -> !name.isEmpty())
          .findFirst()
          .orElse("cpu " + System.getProperty("os.arch"));
    } catch (IOException | UncheckedIOException | SecurityException e) {
      return "cpu " + System.getProperty("os.arch");
    }
  }

  private static int threads(BackendContext context) {
    int available = Runtime.getRuntime().availableProcessors();
    String value = context.get(THREADS).orElse(null);
    if (value == null) {
      return available;
    }
    try {
      int threads = Integer.parseInt(value.trim());
      if (threads >= 1) {
        return threads;
      }
    } catch (NumberFormatException ignored) {
      // reported below
    }
    throw new IllegalArgumentException(
        THREADS + " must be a positive integer, got '" + value + "'");
  }

  private static DeviceInfo device(int threads) {
    return new DeviceInfo(
        0,
        processorName() + " (" + threads + " threads)",
        Runtime.getRuntime().maxMemory(),
        threads,
        Map.of(
            "threads", Integer.toString(threads),
            "processors", Integer.toString(Runtime.getRuntime().availableProcessors()),
            "maxHeapBytes", Long.toString(Runtime.getRuntime().maxMemory())));
  }
}
