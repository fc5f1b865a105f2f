package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.Scanner;
import org.jocl.cl_mem;

/** Scan on OpenCL; see scan.cl for the four algorithms. */
final class OpenClScanner implements Scanner {
  private static final String FILE = "scan.cl";

  private final OpenClBackend backend;
  private final int itemsPerThread;
  private final long tile;

  OpenClScanner(OpenClBackend backend, int itemsPerThread) {
    this.backend = backend;
    this.itemsPerThread = itemsPerThread;
    this.tile = OpenClScanPolicy.tile(itemsPerThread);
  }

  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    OpenClBuffer in = backend.own(input);
    OpenClBuffer out = backend.own(output);
    DType type = in.type();
    backend.requireType(type);
    if (out.type() != type || out.length() < in.length()) {
      throw new IllegalArgumentException(
          "scan output must be "
              + type.id()
              + " with at least "
              + in.length()
              + " elements, got "
              + out.type().id()
              + " with "
              + out.length());
    }
    String variant = backend.variant(Primitive.SCAN, call);
    call.usedVariant(variant);
    long n = in.length();
    if (n == 0) {
      return;
    }
    int exclusive = kind == ScanKind.EXCLUSIVE ? 1 : 0;
    Kernels options = new Kernels(type, op);
    backend.locked(
        "scan",
        () -> {
          switch (variant) {
            case "hillis-steele":
              scanTiles(
                  options,
                  "scan_hillis_steele_tiles",
                  OpenClScanPolicy.BLOCK_SIZE,
                  in.mem(),
                  out.mem(),
                  n,
                  exclusive,
                  type,
                  0);
              break;
            case "blelloch":
              scanTiles(
                  options,
                  "scan_blelloch_tiles",
                  2L * OpenClScanPolicy.BLOCK_SIZE,
                  in.mem(),
                  out.mem(),
                  n,
                  exclusive,
                  type,
                  0);
              break;
            case "decoupled-lookback":
              decoupledLookback(options, in.mem(), out.mem(), n, exclusive, type);
              break;
            default:
              reduceThenScan(options, in.mem(), out.mem(), n, exclusive, type);
              break;
          }
          return null;
        });
  }

  /** The scan kernels of one type and operator. */
  private final class Kernels {
    private final DType type;
    private final ReduceOp op;

    Kernels(DType type, ReduceOp op) {
      this.type = type;
      this.op = op;
    }

    OpenClBackend.Kernel get(String name) {
      return get(name, "");
    }

    OpenClBackend.Kernel get(String name, String extraOptions) {
      return backend.kernel(
          FILE, type, op, OpenClScanPolicy.BLOCK_SIZE, itemsPerThread, extraOptions, name);
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
      DType type,
      int depth) {
    int block = OpenClScanPolicy.BLOCK_SIZE;
    long tiles = OpenClReducePolicy.ceilDiv(n, tile);
    cl_mem totals = backend.scratch("scan.totals." + depth, tiles * type.bytes());
    backend.launch(options.get(kernelName), tiles, block, input, output, totals, n, exclusive);
    if (tiles > 1) {
      scanTiles(options, kernelName, tile, totals, totals, tiles, 1, type, depth + 1);
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

  private void reduceThenScan(
      Kernels options, cl_mem input, cl_mem output, long n, int exclusive, DType type) {
    int block = OpenClScanPolicy.BLOCK_SIZE;
    long wanted = OpenClScanPolicy.chunks(backend.openClDevice(), n, tile);
    long chunk = OpenClReducePolicy.ceilDiv(OpenClReducePolicy.ceilDiv(n, wanted), tile) * tile;
    long chunks = OpenClReducePolicy.ceilDiv(n, chunk);
    cl_mem totals = backend.scratch("scan.chunkTotals", chunks * type.bytes());
    backend.launch(options.get("scan_chunk_totals"), chunks, block, input, totals, n, chunk);
    scanTiles(options, "scan_blelloch_tiles", 2L * block, totals, totals, chunks, 1, type, 1);
    backend.launch(
        options.get("scan_chunk_apply"), chunks, block, input, output, totals, n, chunk, exclusive);
  }

  /**
   * On NVIDIA the look-back's device-wide fence is inline PTX (see scan.cl); built into its own
   * program so that the other scans never depend on it.
   */
  private String deviceFenceOption() {
    return backend.openClDevice().platformName().contains("NVIDIA") ? " -DDEVICE_FENCE_PTX" : "";
  }

  private void decoupledLookback(
      Kernels options, cl_mem input, cl_mem output, long n, int exclusive, DType type) {
    long tiles = OpenClReducePolicy.ceilDiv(n, tile);
    if (tiles > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "decoupled-lookback scans at most " + Integer.MAX_VALUE + " tiles, got " + tiles);
    }
    cl_mem counter = backend.scratch("scan.tileCounter", 4);
    cl_mem flags = backend.scratch("scan.flags", tiles * 4);
    cl_mem aggregates = backend.scratch("scan.aggregates", tiles * type.bytes());
    cl_mem prefixes = backend.scratch("scan.prefixes", tiles * type.bytes());
    backend.zero(counter, 4);
    backend.zero(flags, tiles * 4);
    backend.launch(
        options.get("scan_decoupled_lookback", deviceFenceOption()),
        tiles,
        OpenClScanPolicy.BLOCK_SIZE,
        input,
        output,
        n,
        exclusive,
        counter,
        flags,
        aggregates,
        prefixes);
  }
}
