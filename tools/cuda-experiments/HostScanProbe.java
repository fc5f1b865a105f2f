import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.Arrays;
import java.util.Locale;

/**
 * Where a host-to-host CUDA scan's time goes: the result array's allocation, the upload, the scan
 * on the device, the download, and the whole call, on the staged and the pageable host paths. Not
 * part of the build: {@code java -cp prims.jar:probe HostScanProbe}.
 */
public final class HostScanProbe {
  public static void main(String[] args) {
    for (String path : new String[] {"staged", "pageable"}) {
      try (Prims prims =
          Prims.create(
              PrimsConfig.builder()
                  .backend("cuda")
                  .fallback(false)
                  .set("prims.cuda.hostpath", path)
                  .build())) {
        for (int log2 : new int[] {24, 28}) {
          for (DType type : new DType[] {DType.INT, DType.DOUBLE}) {
            probe(prims, path, type, log2);
          }
        }
      }
    }
  }

  static void probe(Prims prims, String path, DType type, int log2) {
    int n = 1 << log2;
    Object input = type == DType.INT ? new int[n] : new double[n];
    double[] alloc = new double[5];
    double[] up = new double[5];
    double[] scan = new double[5];
    double[] down = new double[5];
    double[] whole = new double[5];
    for (int r = 0; r < 5; r++) {
      long t0 = System.nanoTime();
      Object result = type == DType.INT ? new int[n] : new double[n];
      long t1 = System.nanoTime();
      try (DeviceBuffer in = prims.upload(input);
          DeviceBuffer out = prims.allocate(type, n)) {
        long t2 = System.nanoTime();
        prims.scan(in, out, ReduceOp.SUM, ScanKind.INCLUSIVE);
        long t3 = System.nanoTime();
        prims.download(out, result);
        long t4 = System.nanoTime();
        alloc[r] = (t1 - t0) * 1e-6;
        up[r] = (t2 - t1) * 1e-6;
        scan[r] = (t3 - t2) * 1e-6;
        down[r] = (t4 - t3) * 1e-6;
      }
      long t5 = System.nanoTime();
      if (input instanceof int[]) {
        prims.scan((int[]) input, ReduceOp.SUM, ScanKind.INCLUSIVE);
      } else {
        prims.scan((double[]) input, ReduceOp.SUM, ScanKind.INCLUSIVE);
      }
      whole[r] = (System.nanoTime() - t5) * 1e-6;
    }
    System.out.printf(
        Locale.ROOT,
        "%-8s %-6s 2^%d  alloc %s  upload %s  scan %s  download %s  whole call %s (ms, best/median)%n",
        path, type.id(), log2, f(alloc), f(up), f(scan), f(down), f(whole));
  }

  static String f(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return String.format(Locale.ROOT, "%.2f/%.2f", s[0], s[s.length / 2]);
  }
}
