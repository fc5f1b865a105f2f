package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * One-pass moments on OpenCL (moments.cl): one partial per work-group of a grid-stride sweep, read
 * back and merged on the host with {@link MomentsState#plus} (Chan's formula for floating inputs,
 * exact sums for integers). Needs double precision on the device for every type.
 */
record OpenClMomentsReducer(OpenClBackend backend) implements MomentsReducer {
  static final String VARIANT = "grid-stride-partials";
  private static final String FILE = "moments.cl";

  @Override
  public MomentsState moments(DeviceBuffer input, CallContext call) {
    OpenClBuffer in = backend.own(input);
    DType type = in.type();
    if (!backend.openClDevice().fp64()) {
      throw new PrimsException(
          OpenClBackend.ID,
          backend.openClDevice().describe() + " has no double precision (cl_khr_fp64): no moments");
    }
    call.usedVariant(VARIANT);
    long n = in.length();
    int block = OpenClReducePolicy.BLOCK_SIZE;
    long groups =
        Math.max(
            OpenClReducePolicy.gridGroups(backend.openClDevice(), n, 4),
            OpenClReducePolicy.ceilDiv(n, MomentsState.MAX_WORDS_ELEMENTS / 2));
    int slots = type.isFloating() ? 3 : 9;
    long[] partials = new long[Math.toIntExact(groups * slots)];
    backend.run(
        "moments",
        () -> {
          String options = type == DType.FLOAT ? " -DUSE_FP64" : "";
          cl_mem out = backend.scratch("moments.partials", groups * slots * 8L);
          backend.launch(
              backend.kernel(FILE, type, ReduceOp.SUM, block, 1, options, "moments_partials"),
              groups,
              block,
              in.mem(),
              out,
              n);
          backend.read(out, 0, Pointer.to(partials), partials.length * 8L);
        });
    MomentsState total = MomentsState.empty();
    for (int g = 0; g < groups; g++) {
      int at = g * slots;
      MomentsState part =
          type.isFloating()
              ? MomentsState.ofDeviations(
                  partials[at],
                  Double.longBitsToDouble(partials[at + 1]),
                  Double.longBitsToDouble(partials[at + 2]))
              : MomentsState.ofIntegerSums(
                  partials[at], java.util.Arrays.copyOfRange(partials, at + 1, at + 9));
      total = total.plus(part);
    }
    return total;
  }
}
