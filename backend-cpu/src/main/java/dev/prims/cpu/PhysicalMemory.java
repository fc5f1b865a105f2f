package dev.prims.cpu;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * How much physical memory the machine can still give: {@code MemAvailable} of {@code
 * /proc/meminfo} on Linux (free memory plus what the kernel can reclaim), elsewhere the total
 * physical memory. Off-heap allocations larger than this are refused before any byte is touched,
 * rather than left to the kernel's out-of-memory killer.
 */
final class PhysicalMemory {
  private static final Path MEMINFO = Path.of("/proc/meminfo");

  private PhysicalMemory() {}

  /** Bytes of physical memory available now ({@link Long#MAX_VALUE} when nothing can tell). */
  static long available() {
    try (Stream<String> lines = Files.lines(MEMINFO)) {
      return lines
          .filter(l -> l.startsWith("MemAvailable:"))
          .map(l -> l.replaceAll("[^0-9]", ""))
          .filter(digits -> !digits.isEmpty())
          .mapToLong(kib -> Long.parseLong(kib) * 1024)
          .findFirst()
          .orElseGet(PhysicalMemory::total);
    } catch (IOException | UncheckedIOException | SecurityException | NumberFormatException e) {
      return total();
    }
  }

  /** Total physical memory in bytes ({@link Long#MAX_VALUE} when unknown). */
  static long total() {
    try {
      com.sun.management.OperatingSystemMXBean os =
          ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class);
      long total = os.getTotalMemorySize();
      return total > 0 ? total : Long.MAX_VALUE;
    } catch (RuntimeException | LinkageError e) {
      return Long.MAX_VALUE;
    }
  }
}
