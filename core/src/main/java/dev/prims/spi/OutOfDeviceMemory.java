package dev.prims.spi;

/**
 * The one wording of device out-of-memory failures on every backend: what could not be allocated,
 * on which device, and what this backend's {@link MemoryLedger} holds, so a user can tell a leak
 * from a device that is simply too small.
 */
public final class OutOfDeviceMemory {
  private OutOfDeviceMemory() {}

  /**
   * "out of device memory: cannot allocate {@code bytes} bytes for {@code what} on {@code device}
   * (...)", for a failed allocation; {@code free} is the device's free bytes, or negative when the
   * backend cannot tell.
   */
  public static String allocation(
      long bytes,
      String what,
      String device,
      long free,
      long total,
      MemoryLedger ledger,
      String cause) {
    return message(
        "out of device memory: cannot allocate " + bytes + " bytes for " + what,
        device,
        free,
        total,
        ledger,
        cause);
  }

  /** "out of device memory during {@code what} on {@code device} (...)", for a failed call. */
  public static String during(
      String what, String device, long free, long total, MemoryLedger ledger, String cause) {
    return message("out of device memory during " + what, device, free, total, ledger, cause);
  }

  private static String message(
      String head, String device, long free, long total, MemoryLedger ledger, String cause) {
    return head + " on " + device + " (" + state(free, total, ledger) + ")" + suffix(cause);
  }

  private static String state(long free, long total, MemoryLedger ledger) {
    String device =
        free >= 0 ? free + " of " + total + " bytes free" : total + " bytes of device memory";
    return device + "; the " + ledger.backend() + " backend holds " + ledger.usage();
  }

  private static String suffix(String cause) {
    return cause == null || cause.isBlank() ? "" : ": " + cause;
  }
}
