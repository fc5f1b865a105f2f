import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.SortOrder;
import dev.prims.SortResult;
import java.util.Arrays;
import java.util.Locale;

/**
 * Where a host-array sort through a GPU backend goes: a new array's allocation, a clone, the
 * upload, the sort of the buffer, the download, and the whole calls (into the caller's array, a
 * sorted copy, in place) beside {@code Arrays.parallelSort}, on keys {@code hash(i) mod 1000} and
 * over the whole int range. Not part of the build: {@code java -cp prims.jar:probe HostSortPhases
 * N [backend]}.
 */
public final class HostSortPhases {
  private static long t0;

  public static void main(String[] args) {
    int n = Integer.parseInt(args[0]);
    String backend = args.length > 1 ? args[1] : "cuda";
    for (String kind : new String[] {"mod1000", "random"}) {
      int[] keys = new int[n];
      boolean random = kind.equals("random");
      Arrays.parallelSetAll(
          keys, i -> random ? hash32(i) : Integer.remainderUnsigned(hash32(i), 1000));
      try (Prims p = Prims.create().backend(backend)) {
        int[] out = new int[n];
        for (int rep = 0; rep < 5; rep++) {
          System.gc();
          start();
          int[] fresh = new int[n];
          double newArray = ms();
          fresh[n - 1] = 1;
          start();
          int[] inPlace = keys.clone();
          double clone = ms();
          start();
          DeviceBuffer k = p.upload(keys);
          double upload = ms();
          DeviceBuffer o = p.allocate(DType.INT, n);
          start();
          p.sort(k, o, SortOrder.ASCENDING);
          double sortBuffer = ms();
          start();
          p.download(o, out);
          double download = ms();
          k.close();
          o.close();
          start();
          p.sort(keys, out, SortOrder.ASCENDING);
          double into = ms();
          start();
          SortResult<int[]> copy = p.sort(keys);
          double sortedCopy = ms();
          start();
          p.sort(inPlace, inPlace, SortOrder.ASCENDING);
          double sortInPlace = ms();
          int[] jdk = keys.clone();
          start();
          Arrays.parallelSort(jdk);
          double parallelSort = ms();
          boolean ok =
              Arrays.equals(jdk, copy.keys()) && Arrays.equals(jdk, out) && Arrays.equals(jdk, inPlace);
          System.out.printf(
              Locale.ROOT,
              "%s n=%d %s rep %d: new[] %.1f clone %.1f | upload %.1f sort(buf) %.2f download %.1f"
                  + " | sortInto %.1f sortCopy %.1f inPlace %.1f | parallelSort %.1f | ok=%b%n",
              backend, n, kind, rep, newArray, clone, upload, sortBuffer, download, into,
              sortedCopy, sortInPlace, parallelSort, ok);
        }
      }
    }
  }

  private static void start() {
    t0 = System.nanoTime();
  }

  private static double ms() {
    return (System.nanoTime() - t0) / 1e6;
  }

  /** The bench's index hash (DataSet.hash32, cub_reference.cu's hash32). */
  private static int hash32(long i) {
    long x = i * 0x9E3779B97F4A7C15L;
    x ^= x >>> 32;
    x *= 0xD6E8FEB86659FD93L;
    x ^= x >>> 32;
    return (int) x;
  }
}
