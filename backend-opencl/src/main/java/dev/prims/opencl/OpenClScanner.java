package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.DeviceScanner;
import dev.prims.spi.HostChunkScan;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.Scanner;
import java.util.concurrent.CompletableFuture;
import org.jocl.cl_mem;

/** Scan on OpenCL; see scan.cl for the four algorithms. */
final class OpenClScanner extends DeviceScanner {
  private static final String FILE = "scan.cl";

  private final OpenClBackend backend;
  private final OpenClScanPolicy policy;
  private final OpenClTickets packedStates;
  private final OpenClTickets wideStates;
  private final OpenClTickets flagStates;
  private final StagedScan staged = new StagedScan();

  OpenClScanner(OpenClBackend backend, OpenClScanPolicy policy) {
    this.backend = backend;
    this.policy = policy;
    this.packedStates = new OpenClTickets(backend, "scan.states.packed");
    this.wideStates = new OpenClTickets(backend, "scan.states.wide");
    this.flagStates = new OpenClTickets(backend, "scan.states.flags");
  }

  /** The tuning this scanner runs with. */
  OpenClScanPolicy policy() {
    return policy;
  }

  @Override
  protected void run(Runnable enqueue) {
    backend.run("scan", enqueue);
  }

  /**
   * Enqueues the scan and returns; the future completes when the queue has written the output
   * (later calls on this backend see it complete without waiting, in queue order).
   */
  @Override
  protected CompletableFuture<Void> runAsync(Runnable enqueue) {
    return backend.callAsync(
        "scan",
        () -> {
          enqueue.run();
          return null;
        },
        value -> null);
  }

  /** Combines {@code carry} into every element with {@code scan_carry} of {@code scan.cl}. */
  @Override
  public boolean applyCarry(DeviceBuffer buffer, ReduceOp op, Number carry, CallContext call) {
    OpenClBuffer data = backend.own(buffer);
    DType type = data.type();
    backend.requireType(type);
    op.requireSupported(type);
    long n = data.length();
    if (n == 0) {
      return true;
    }
    Object value = typed(type, carry);
    int block = policy.blockSize();
    backend.run(
        "scan carry",
        () -> {
          backend.launch(
              new Kernels(type, op).get("scan_carry"),
              OpenClReducePolicy.ceilDiv(n, block),
              block,
              data.mem(),
              n,
              value);
        });
    return true;
  }

  /** The look-back variant takes the carry in its single launch. */
  @Override
  protected boolean carriesInOnePass(CallContext call) {
    return runnable(backend.variant(Primitive.SCAN, call)).equals("decoupled-lookback");
  }

  @Override
  protected Runnable prepare(
      DeviceBuffer input,
      DeviceBuffer output,
      ReduceOp op,
      ScanKind kind,
      Number carry,
      CallContext call) {
    OpenClBuffer in = backend.own(input);
    OpenClBuffer out = backend.own(output);
    DType type = in.type();
    backend.requireType(type);
    Scanner.requireOutput(in, out);
    String variant = runnable(backend.variant(Primitive.SCAN, call));
    call.usedVariant(variant);
    long n = in.length();
    if (n == 0) {
      return null;
    }
    int exclusive = kind == ScanKind.EXCLUSIVE ? 1 : 0;
    Kernels options = new Kernels(type, op);
    return () -> enqueue(variant, options, in.mem(), out.mem(), n, exclusive, carry);
  }

  /**
   * Enqueues scan variant {@code variant} of {@code n} elements, continuing from {@code carry}
   * where it is not null (look-back only; under the lock).
   */
  private void enqueue(
      String variant,
      Kernels options,
      cl_mem input,
      cl_mem output,
      long n,
      int exclusive,
      Number carry) {
    switch (variant) {
      case "hillis-steele":
      case "blelloch":
        // Blelloch's work-efficient tree scans two elements per work-item
        boolean blelloch = variant.equals("blelloch");
        scanTiles(
            options,
            blelloch ? "scan_blelloch_tiles" : "scan_hillis_steele_tiles",
            (blelloch ? 2L : 1L) * policy.blockSize(),
            input,
            output,
            n,
            exclusive,
            0);
        break;
      case "decoupled-lookback":
        decoupledLookback(options, input, output, n, exclusive, carry);
        break;
      default:
        reduceThenScan(options, input, output, n, exclusive);
        break;
    }
  }

  /**
   * Host ranges are scanned through the staged pipeline of {@link OpenClHostStreamer} (see {@link
   * HostChunkScan}). Ranges the policy does not stage take the default (upload, scan, download).
   */
  @Override
  public HostChunkScan.Device<?> stagedHostScan() {
    return staged;
  }

  /** The device half of the staged host scan. */
  private final class StagedScan implements HostChunkScan.Device<cl_mem> {
    @Override
    public boolean stages(long bytes) {
      return backend.streamer().policy().stages(bytes);
    }

    @Override
    public String variant(DType type, CallContext call) {
      backend.requireType(type);
      return runnable(backend.variant(Primitive.SCAN, call));
    }

    @Override
    public HostChunkScan.Chunk<cl_mem> chunk(
        String variant, ReduceOp op, DType type, boolean exclusive) {
      Kernels options = new Kernels(type, op);
      int block = policy.blockSize();
      int excl = exclusive ? 1 : 0;
      return (in, out, n, index, carries) -> {
        enqueue(variant, options, in, out, n, excl, null);
        long blocks = index == 0 ? 1 : OpenClReducePolicy.ceilDiv(n, block);
        backend.launch(
            options.get("scan_carry_chunk"),
            blocks,
            block,
            out,
            in,
            n,
            carries,
            (long) index,
            excl);
      };
    }

    @Override
    public void stream(HostScanRange range, HostChunkScan.Chunk<cl_mem> chunk) {
      backend.run("scan", () -> backend.streamer().scan(range, chunk));
    }
  }

  /**
   * Enqueues the exclusive sum of {@code n} 32-bit counts in place, reduce-then-scan (int sums
   * wrap, so unsigned counts whose total is below 2^32 come out right): the radix sort's scan of
   * its digit counts. Called under the backend's lock.
   */
  void exclusiveSumInPlace(cl_mem counts, long n) {
    reduceThenScan(new Kernels(DType.INT, ReduceOp.SUM), counts, counts, n, 1);
  }

  /**
   * The variant that runs for {@code asked}: the look-back runs as reduce-then-scan on a device
   * without the forward progress and memory ordering it needs (see {@link OpenClLookback}).
   */
  private String runnable(String asked) {
    return asked.equals("decoupled-lookback") && !policy.lookback().supported()
        ? "reduce-then-scan"
        : asked;
  }

  /** The scan kernels of one type and operator. */
  private final class Kernels {
    private final DType type;
    private final ReduceOp op;

    Kernels(DType type, ReduceOp op) {
      this.type = type;
      this.op = op;
    }

    DType type() {
      return type;
    }

    OpenClBackend.Kernel get(String name) {
      return backend.kernel(
          FILE,
          type,
          op,
          policy.blockSize(),
          policy.itemsPerThread(type),
          " -DLOOKBACK_WINDOW="
              + policy.lookbackWindow()
              + policy.lookback().buildOptions(backend.openClDevice().version())
              + (backend.openClDevice().gpu() ? " -DSCAN_UNROLL" : ""),
          name);
    }
  }

  /** Scan-then-propagate, recursing over the tile totals. */
  private void scanTiles(
      Kernels options,
      String kernelName,
      long tile,
      cl_mem input,
      cl_mem output,
      long n,
      int exclusive,
      int depth) {
    DType type = options.type();
    int block = policy.blockSize();
    long tiles = OpenClReducePolicy.ceilDiv(n, tile);
    cl_mem totals = backend.scratch("scan.totals." + depth, tiles * type.bytes());
    backend.launch(options.get(kernelName), tiles, block, input, output, totals, n, exclusive);
    if (tiles > 1) {
      scanTiles(options, kernelName, tile, totals, totals, tiles, 1, depth + 1);
      backend.launch(
          options.get("scan_add_tile_prefix"),
          OpenClReducePolicy.ceilDiv(n, block),
          block,
          output,
          totals,
          n,
          tile);
    }
  }

  private void reduceThenScan(Kernels options, cl_mem input, cl_mem output, long n, int exclusive) {
    DType type = options.type();
    int block = policy.blockSize();
    long tile = policy.tile(type);
    long wanted = policy.chunks(backend.openClDevice(), n, tile);
    long chunk = OpenClReducePolicy.ceilDiv(OpenClReducePolicy.ceilDiv(n, wanted), tile) * tile;
    long chunks = OpenClReducePolicy.ceilDiv(n, chunk);
    cl_mem totals = backend.scratch("scan.chunkTotals", chunks * type.bytes());
    backend.launch(options.get("scan_chunk_totals"), chunks, block, input, totals, n, chunk);
    backend.launch(options.get("scan_spine"), 1, block, totals, chunks);
    backend.launch(
        options.get("scan_chunk_apply"), chunks, block, input, output, totals, n, chunk, exclusive);
  }

  private void decoupledLookback(
      Kernels options, cl_mem input, cl_mem output, long n, int exclusive, Number carry) {
    DType type = options.type();
    long tiles = OpenClReducePolicy.ceilDiv(n, policy.tile(type));
    if (tiles >= 1L << 32) {
      throw new IllegalArgumentException(
          "decoupled-lookback scans fewer than 2^32 tiles, got "
              + tiles
              + " for "
              + n
              + " elements");
    }
    // The tile counter, then one state per tile (see scan.cl): on NVIDIA a word of twice the
    // type's size holding status and value, a line a tile, else a uint status with the values in
    // aggregates and prefixes.
    boolean ptx = policy.lookback().mode() == OpenClLookback.Mode.NVIDIA_PTX;
    OpenClTickets states = !ptx ? flagStates : type.bytes() == 4 ? packedStates : wideStates;
    cl_mem state = states.next(policy.lookback().stateBytes(tiles, 4), tiles);
    cl_mem aggregates = backend.scratch("scan.aggregates", ptx ? 8 : tiles * 8);
    cl_mem prefixes = backend.scratch("scan.prefixes", ptx ? 8 : tiles * 8);
    backend.launch(
        options.get("scan_decoupled_lookback"),
        tiles,
        policy.blockSize(),
        input,
        output,
        n,
        exclusive,
        state,
        aggregates,
        prefixes,
        states.epoch(),
        states.ticketBase(),
        carry == null ? 0 : 1,
        typed(type, carry == null ? 0 : carry));
  }

  /** {@code value} boxed as a kernel argument of {@code type}. */
  private static Object typed(DType type, Number value) {
    return switch (type) {
      case INT -> value.intValue();
      case LONG -> value.longValue();
      case FLOAT -> value.floatValue();
      case DOUBLE -> value.doubleValue();
    };
  }
}
