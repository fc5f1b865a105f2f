package dev.prims.cuda;

import static dev.prims.cuda.CudaReducePolicy.ceilDiv;
import static dev.prims.cuda.CudaScanPolicy.BLOCK_SIZE;

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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import jcuda.driver.CUdeviceptr;

/**
 * Scan on the device: single-pass decoupled look-back, with whole tiles moved by bulk copies
 * ({@code bulk}, the default on compute capability 9.0 and later) or by every thread ({@code
 * decoupled-lookback}, the default before), reduce-then-scan (three passes over a fixed grid), and
 * per-block Hillis-Steele or Blelloch scans whose block totals are scanned recursively and added
 * back. Each variant's kernels are a PTX module of their own (see {@link #module}), loaded on the
 * variant's first use.
 */
final class CudaScanner extends DeviceScanner {
  private static final long ALIGN = 256;

  private final CudaBackend backend;
  private final StagedScan staged = new StagedScan();

  CudaScanner(CudaBackend backend) {
    this.backend = backend;
  }

  /** Runs {@code enqueue} and waits for the stream. */
  @Override
  protected void run(Runnable enqueue) {
    backend.callAndRead(enqueue, bytes -> null);
  }

  /**
   * Enqueues the scan and returns; the future completes when the stream has written the output
   * (later calls on this backend see it complete without waiting, in stream order).
   */
  @Override
  protected CompletableFuture<Void> runAsync(Runnable enqueue) {
    return backend.enqueueAsync(enqueue, bytes -> null);
  }

  /**
   * Combines {@code carry} into every element with the grid-stride kernel of {@code scan_carry}.
   */
  @Override
  public boolean applyCarry(DeviceBuffer buffer, ReduceOp op, Number carry, CallContext call) {
    CudaBuffer data = backend.own(buffer);
    op.requireSupported(data.type());
    long n = data.length();
    if (n == 0) {
      return true;
    }
    KernelArgs args = new KernelArgs().pointer(data.pointer()).i64(n).value(data.type(), carry);
    String kernel = "scan_carry_" + data.type().id() + "_" + op.id();
    backend.callAndRead(
        () -> backend.launch("scan_carry", kernel, carryBlocks(kernel, n), 0, args), bytes -> null);
    return true;
  }

  /** The look-back variants take the carry in their single launch. */
  @Override
  protected boolean carriesInOnePass(CallContext call) {
    String variant = backend.variant(Primitive.SCAN, call);
    return variant.equals("bulk") || variant.equals("decoupled-lookback");
  }

  @Override
  protected Runnable prepare(
      DeviceBuffer input,
      DeviceBuffer output,
      ReduceOp op,
      ScanKind kind,
      Number carry,
      CallContext call) {
    CudaBuffer in = backend.own(input);
    CudaBuffer out = backend.own(output);
    op.requireSupported(in.type());
    Scanner.requireOutput(in, out);
    String variant = backend.variant(Primitive.SCAN, call);
    call.usedVariant(variant);
    if (in.length() == 0) {
      return null;
    }
    boolean exclusive = kind == ScanKind.EXCLUSIVE;
    return () -> {
      Operands scan = new Operands(in.pointer(), out.pointer(), in.length(), in.type(), exclusive);
      enqueue(variant, op, scan, carry);
    };
  }

  /**
   * The operands of one scan: {@code n} elements of {@code type} from {@code input} into {@code
   * output} (which may be {@code input}), exclusive or inclusive.
   */
  record Operands(CUdeviceptr input, CUdeviceptr output, long n, DType type, boolean exclusive) {
    /** The arguments the scan kernels begin with: input, output, n and the exclusive flag. */
    KernelArgs args() {
      return new KernelArgs().pointer(input).pointer(output).i64(n).i32(exclusive ? 1 : 0);
    }
  }

  /**
   * Enqueues scan variant {@code variant} of {@code scan}, continuing from {@code carry} where it
   * is not null (look-back variants only; under the lock).
   */
  private void enqueue(String variant, ReduceOp op, Operands scan, Number carry) {
    String suffix = "_" + scan.type().id() + "_" + op.id();
    String module = module(variant);
    switch (variant) {
      case "bulk":
      case "decoupled-lookback":
        decoupledLookback(
            scan,
            module,
            module + suffix,
            CudaScanPolicy.tile(scan.type()),
            CudaScanPolicy.LOOKBACK_DELAY_NS,
            carry);
        break;
      case "reduce-then-scan":
        reduceThenScan(scan, module, suffix);
        break;
      case "blelloch":
        perBlock(module, "scan_blelloch" + suffix, CudaScanPolicy.BLELLOCH_BLOCK, scan);
        break;
      default:
        perBlock(module, "scan_hillis_steele" + suffix, CudaScanPolicy.HILLIS_STEELE_BLOCK, scan);
        break;
    }
  }

  /**
   * Host ranges are scanned through the staged pipeline of {@link CudaHostStreamer} (see {@link
   * HostChunkScan}). Ranges under {@link CudaTransferPolicy#STAGED_MIN_BYTES}, and the pageable
   * host path, take the default (upload, scan, download).
   */
  @Override
  public HostChunkScan.Device<?> stagedHostScan() {
    return staged;
  }

  /** The device half of the staged host scan. */
  private final class StagedScan implements HostChunkScan.Device<CUdeviceptr> {
    @Override
    public boolean stages(long bytes) {
      return backend.transfer().stages(bytes);
    }

    @Override
    public String variant(DType type, CallContext call) {
      return backend.variant(Primitive.SCAN, call);
    }

    @Override
    public HostChunkScan.Chunk<CUdeviceptr> chunk(
        String variant, ReduceOp op, DType type, boolean exclusive) {
      String carry = "scan_carry_chunk_" + type.id() + "_" + op.id();
      return (in, out, n, index, carries) -> {
        enqueue(variant, op, new Operands(in, out, n, type, exclusive), null);
        KernelArgs args =
            new KernelArgs().pointer(out).pointer(in).i64(n).pointer(carries).i64(index);
        backend.launch(
            "scan_carry",
            carry,
            index == 0 ? 1 : carryBlocks(carry, n),
            0,
            args.i32(exclusive ? 1 : 0));
      };
    }

    @Override
    public void stream(HostScanRange range, HostChunkScan.Chunk<CUdeviceptr> chunk) {
      backend.run(() -> backend.streamer().scan(range, chunk));
    }
  }

  /** The grid of {@code kernel} of {@code scan_carry} over {@code n} elements. */
  private long carryBlocks(String kernel, long n) {
    return Math.min(
        ceilDiv(n, BLOCK_SIZE),
        backend.residentBlocks("scan_carry", kernel, 0, CudaScanPolicy.ADD_BLOCKS_PER_SM));
  }

  /**
   * The PTX module (the name of its {@code src/main/cuda/device/*.cu}) holding the kernels of scan
   * variant {@code variant}; Hillis-Steele for a name that is no other variant, as {@link #scan}
   * runs.
   */
  static String module(String variant) {
    switch (variant) {
      case "bulk":
        return "scan_lookback_bulk";
      case "decoupled-lookback":
        return "scan_decoupled_lookback";
      case "reduce-then-scan":
        return "scan_reduce_then_scan";
      case "blelloch":
        return "scan_blelloch";
      default:
        return "scan_hillis_steele";
    }
  }

  /**
   * The look-back kernel {@code kernel} of {@code module} over {@code scan} with tiles of {@code
   * tile} elements, polling every {@code delayNs} nanoseconds, with {@code carry} (or null) before
   * the first element (under the lock).
   */
  void decoupledLookback(
      Operands scan, String module, String kernel, int tile, int delayNs, Number carry) {
    long tiles = ceilDiv(scan.n(), tile);
    // The tile counter, then one state per tile (status and value), a line apart
    long stateBytes = CudaScanPolicy.LOOKBACK_STATE_BYTES * (1 + tiles);
    CUdeviceptr scratch = backend.scratch(stateBytes);
    backend.zero(scratch, stateBytes / 4);
    KernelArgs args =
        scan.args()
            .pointer(scratch)
            .i32(delayNs)
            .i32(carry == null ? 0 : 1)
            .value(scan.type(), carry == null ? 0 : carry);
    backend.launch(module, kernel, tiles, 0, args);
  }

  /**
   * Enqueues the exclusive sum of {@code n} 32-bit counts at {@code counts} in place,
   * reduce-then-scan (int sums wrap, so unsigned counts whose total is below 2^32 come out right):
   * the radix sort's scan of its digit counts. Uses {@link CudaBackend#scratch(long)}; called under
   * the lock.
   */
  void exclusiveSumInPlace(CUdeviceptr counts, long n) {
    reduceThenScan(
        new Operands(counts, counts, n, DType.INT, true),
        module("reduce-then-scan"),
        "_" + DType.INT.id() + "_" + ReduceOp.SUM.id());
  }

  private void reduceThenScan(Operands scan, String module, String suffix) {
    DType type = scan.type();
    long tiles = ceilDiv(scan.n(), CudaScanPolicy.tile(type));
    long blocks =
        Math.min(
            tiles,
            backend.residentBlocks(
                module,
                "scan_rts_downsweep" + suffix,
                0,
                CudaScanPolicy.REDUCE_THEN_SCAN_BLOCKS_PER_SM));
    long tilesPerBlock = ceilDiv(tiles, blocks);
    blocks = ceilDiv(tiles, tilesPerBlock);
    CUdeviceptr totals = backend.scratch(blocks * type.bytes());
    backend.launch(
        module,
        "scan_rts_reduce" + suffix,
        blocks,
        0,
        new KernelArgs().pointer(scan.input()).i64(scan.n()).i64(tilesPerBlock).pointer(totals));
    backend.launch(
        module, "scan_rts_spine" + suffix, 1, 0, new KernelArgs().pointer(totals).i64(blocks));
    backend.launch(
        module,
        "scan_rts_downsweep" + suffix,
        blocks,
        0,
        scan.args().i64(tilesPerBlock).pointer(totals));
  }

  /** Hillis-Steele or Blelloch: block scans, recursive exclusive scan of totals, add back. */
  private void perBlock(String module, String kernel, int perBlock, Operands scan) {
    long bytes = scan.type().bytes();
    List<Long> levels = new ArrayList<>();
    long total = 0;
    for (long len = scan.n(); ; len = ceilDiv(len, perBlock)) {
      long blocks = ceilDiv(len, perBlock);
      levels.add(blocks);
      total += align(blocks * bytes);
      if (blocks == 1) {
        break;
      }
    }
    CUdeviceptr scratch = backend.scratch(total);
    String addKernel = kernel.replaceFirst("scan_(blelloch|hillis_steele)", "scan_add_offsets");
    scanLevel(module, kernel, addKernel, perBlock, scan, scratch, levels, 0);
  }

  /**
   * Level {@code level} of a block scan of {@code scan}: the block scans writing their totals to
   * {@code totals}, the recursive exclusive scan of those totals (in place, the next level's totals
   * after them), then their offsets added back.
   */
  private void scanLevel(
      String module,
      String kernel,
      String addKernel,
      int perBlock,
      Operands scan,
      CUdeviceptr totals,
      List<Long> levels,
      int level) {
    long blocks = levels.get(level);
    backend.launch(module, kernel, blocks, 0, scan.args().pointer(totals));
    if (blocks == 1) {
      return;
    }
    CUdeviceptr next = totals.withByteOffset(align(blocks * scan.type().bytes()));
    Operands blockTotals = new Operands(totals, totals, blocks, scan.type(), true);
    scanLevel(module, kernel, addKernel, perBlock, blockTotals, next, levels, level + 1);
    long addBlocks =
        Math.min(
            ceilDiv(scan.n(), BLOCK_SIZE),
            backend.residentBlocks(module, addKernel, 0, CudaScanPolicy.ADD_BLOCKS_PER_SM));
    backend.launch(
        module,
        addKernel,
        addBlocks,
        0,
        new KernelArgs().pointer(scan.output()).i64(scan.n()).i64(perBlock).pointer(totals));
  }

  /**
   * The longest sequential chain of an element's scan: the look-back chains tile prefixes one after
   * another, plus the items one thread scans; a staged host scan adds the carries of its chunks.
   */
  long sequentialChain(DType type, long n) {
    int tile = CudaScanPolicy.tile(type);
    long whole = ceilDiv(n, tile) + CudaScanPolicy.itemsPerThread(type) + 2;
    long chunk = backend.transfer().chunkElements(1, type.bytes());
    // a staged host scan chains one carry per chunk after the look-back within its chunk
    long staged = ceilDiv(Math.min(n, chunk), tile) + CudaScanPolicy.itemsPerThread(type) + 2;
    return Math.max(whole, staged + ceilDiv(n, chunk));
  }

  private static long align(long bytes) {
    return ceilDiv(bytes, ALIGN) * ALIGN;
  }
}
