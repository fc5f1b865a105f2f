package dev.prims.cpu;

import dev.prims.BackendUnavailableException;
import dev.prims.PrimsConfig;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferCleaner;
import dev.prims.spi.DeviceInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Provider of the always-available ForkJoin CPU backend, id {@code cpu}, priority 0. Configuration:
 * {@code prims.cpu.threads} (1 to 32767, the ForkJoinPool's limit; default: available processors),
 * {@code prims.device} (0 or a substring of the processor's name, if set), {@code
 * prims.cpu.offheap.threshold} (buffers longer than this many elements live off the heap; default
 * and maximum 2^31 - 9, the longest Java array) and {@code prims.cpu.offheap.chunk} (elements per
 * off-heap chunk; default 2^30 bytes' worth: 2^28 ints or floats, 2^27 longs or doubles).
 */
public final class CpuBackendProvider implements BackendProvider {
  /** Configuration key for the number of worker threads. */
  public static final String THREADS = "prims.cpu.threads";

  /** The most worker threads a {@link java.util.concurrent.ForkJoinPool} takes. */
  static final int MAX_THREADS = 32767;

  /** Configuration key: buffers longer than this many elements live off the heap. */
  public static final String OFF_HEAP_THRESHOLD = "prims.cpu.offheap.threshold";

  /** Configuration key: elements per off-heap chunk (one direct byte buffer). */
  public static final String OFF_HEAP_CHUNK = "prims.cpu.offheap.chunk";

  @Override
  public String id() {
    return CpuBuffer.BACKEND;
  }

  @Override
  public int priority() {
    return 0;
  }

  @Override
  public Set<String> configurationKeys() {
    return Set.of(THREADS, OFF_HEAP_THRESHOLD, OFF_HEAP_CHUNK);
  }

  @Override
  public Availability probe(BackendContext context) {
    try {
      int threads = threads(context);
      buffers(context);
      requireDevice(context, threads);
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
    CpuBufferManager buffers;
    try {
      threads = threads(context);
      buffers = buffers(context);
      requireDevice(context, threads);
    } catch (IllegalArgumentException e) {
      throw new BackendUnavailableException(id(), e.getMessage(), e);
    }
    return new CpuBackend(device(threads), threads, buffers);
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
    long available = Runtime.getRuntime().availableProcessors();
    return (int) context.integer(THREADS, Math.min(available, MAX_THREADS), 1, MAX_THREADS);
  }

  /**
   * The one CPU device is index 0; {@code prims.device} must name it (by index or a substring of
   * its name), as it must name a device of any other backend.
   */
  private static void requireDevice(BackendContext context, int threads) {
    String selector = context.get(PrimsConfig.DEVICE).orElse(null);
    if (selector == null) {
      return;
    }
    String name = device(threads).name();
    if (selector.trim().equals("0")
        || name.toLowerCase(Locale.ROOT).contains(selector.trim().toLowerCase(Locale.ROOT))) {
      return;
    }
    throw new IllegalArgumentException(
        "prims.device '" + selector + "' matches no cpu device; devices: 0: " + name);
  }

  private static CpuBufferManager buffers(BackendContext context) {
    long threshold =
        context.integer(OFF_HEAP_THRESHOLD, CpuPolicy.MAX_ELEMENTS, 0, CpuPolicy.MAX_ELEMENTS);
    long chunk = context.integer(OFF_HEAP_CHUNK, 0, 1, CpuPolicy.MAX_OFF_HEAP_CHUNK);
    return new CpuBufferManager(threshold, (int) chunk, BufferCleaner.captureSites(context));
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
