import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import java.util.SplittableRandom;

/**
 * Each call's time of a cpu scan into the caller's array from the first call on, for int and float
 * values of 2^k elements: how many calls the JIT needs before a scan runs at its speed (what the
 * cost probe must wait for).
 *
 * <pre>
 * javac --release 17 -cp app/target/prims.jar -d /tmp/trace tools/cpu-experiments/ScanWarmTrace.java
 * java -cp app/target/prims.jar:/tmp/trace ScanWarmTrace 23
 * </pre>
 */
public class ScanWarmTrace {
  private static final int CALLS = 80;

  public static void main(String[] args) {
    int log2 = Integer.parseInt(args[0]);
    int n = 1 << log2;
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cpu").build())) {
      SplittableRandom random = new SplittableRandom(1);
      int[] ints = random.ints(n, 0, 256).toArray();
      int[] intsOut = new int[n];
      StringBuilder line = new StringBuilder("int 2^" + log2 + ":");
      for (int call = 0; call < CALLS; call++) {
        long t0 = System.nanoTime();
        prims.scan(ints, intsOut, ReduceOp.SUM, ScanKind.INCLUSIVE);
        line.append(String.format(" %.3f", (System.nanoTime() - t0) / 1e6));
      }
      System.out.println(line);
      float[] floats = new float[n];
      for (int i = 0; i < n; i++) {
        floats[i] = (float) random.nextDouble();
      }
      float[] floatsOut = new float[n];
      line = new StringBuilder("float 2^" + log2 + ":");
      for (int call = 0; call < CALLS; call++) {
        long t0 = System.nanoTime();
        prims.scan(floats, floatsOut, ReduceOp.SUM, ScanKind.INCLUSIVE);
        line.append(String.format(" %.3f", (System.nanoTime() - t0) / 1e6));
      }
      System.out.println(line);
    }
  }
}
