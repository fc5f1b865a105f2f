package dev.prims.aparapi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.Scanner;

/**
 * Scan ({@code reduce-then-scan}) in one Aparapi run of three passes ({@link ScanKernel}): the
 * groups' chunk totals, their scan by one group, then every chunk scanned from its offset, tile by
 * tile in local memory. No data goes through the host, and the result stays on the device until it
 * is used ({@link KernelHandle#hold}). In-place scans write to a scratch array first, since Aparapi
 * keeps one device copy per kernel field.
 */
record AparapiScanner(DriverContext context) implements Scanner {
  /** The one variant. */
  static final String REDUCE_THEN_SCAN = "reduce-then-scan";

  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    AparapiBuffer in = context.buffers().own(input);
    AparapiBuffer out = context.buffers().own(output);
    DType type = in.type();
    op.requireSupported(type);
    Scanner.requireOutput(in, out);
    int n = in.size();
    if (n == 0) {
      return;
    }
    int code = OpCode.of(op);
    Number identity = op.identity(type);
    int groups = AparapiScanPolicy.tiledGroups(n, context.shape().computeUnits());
    int chunk = AparapiScanPolicy.tiledChunk(n, groups);
    boolean inPlace = in.sharesArray(out);
    boolean overwrite = !inPlace && out.size() == n;
    KernelHandle<?> handle = context.kernels().scan(type);
    handle.locked(
        k -> {
          ScanKernel kernel = (ScanKernel) k;
          handle.settleAllBut(overwrite ? out : null);
          Object target =
              inPlace ? type.newArray(n) : overwrite ? out.arrayToOverwrite() : out.array();
          kernel.bind(in.array(), target, n, code, identity, kind == ScanKind.EXCLUSIVE);
          kernel.shape(chunk, groups);
          handle.bind("input", in);
          if (!inPlace && !overwrite) {
            handle.bind("output", out);
          }
          int global = groups * AparapiScanPolicy.BLOCK_SIZE;
          boolean onDevice =
              context
                  .launcher()
                  .launch(handle, global, AparapiScanPolicy.BLOCK_SIZE, ScanKernel.PASSES, call);
          if (inPlace) {
            handle.get(target);
            System.arraycopy(target, 0, out.array(), 0, n);
            out.markWritten();
          } else if (onDevice) {
            handle.hold("output", out);
          } else {
            handle.release(out);
            handle.fetch("output", out);
          }
          return null;
        });
  }

  /**
   * Uploads the input range, scans it into a second buffer (an in-place scan would need a scratch
   * array as well) and copies the result into the output range: one host copy each way, as Aparapi
   * moves whole arrays from their first element.
   */
  @Override
  public void scan(
      BufferManager buffers, HostScanRange range, ReduceOp op, ScanKind kind, CallContext call) {
    try (DeviceBuffer in = buffers.upload(range.input(), range.from(), range.length());
        DeviceBuffer out = buffers.allocate(in.type(), range.length())) {
      scan(in, out, op, kind, call);
      buffers.download(out, range.output(), range.outputFrom(), range.length());
    }
  }
}
