package dev.prims.cuda;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.MomentsReducer;
import dev.prims.spi.MomentsState;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import jcuda.driver.CUdeviceptr;

/**
 * One-pass moments on the device (moments.cu): one launch whose last block merges the blocks' parts
 * and writes them into the mapped result slot: (count, mean, m2) for floating inputs, the count and
 * eight 128-bit exact words for integers.
 */
record CudaMomentsReducer(CudaBackend backend) implements MomentsReducer {
  static final String VARIANT = "single-pass-vectorized";
  private static final String MODULE = "moments";

  @Override
  public MomentsState moments(DeviceBuffer input, CallContext call) {
    DType type = input.type();
    return backend.callAndRead(prepare(input, call), bytes -> read(bytes, type));
  }

  @Override
  public CompletableFuture<MomentsState> momentsAsync(DeviceBuffer input, CallContext call) {
    DType type = input.type();
    return backend.enqueueAsync(prepare(input, call), bytes -> read(bytes, type));
  }

  private Runnable prepare(DeviceBuffer input, CallContext call) {
    CudaBuffer in = backend.own(input);
    call.usedVariant(VARIANT);
    return () -> launch(in.pointer(), in.type(), in.length(), backend.resultSlot());
  }

  private void launch(CUdeviceptr input, DType type, long n, CUdeviceptr result) {
    String kernel = "moments_" + type.id();
    int resident = backend.residentBlocks(MODULE, kernel, 0, CudaReducePolicy.BLOCKS_PER_SM);
    long wordSafe = CudaReducePolicy.ceilDiv(n, MomentsState.MAX_WORDS_ELEMENTS / 2);
    int blocks =
        (int) Math.max(wordSafe, CudaReducePolicy.vectorizedBlocks(n, 16 / type.bytes(), resident));
    CUdeviceptr partials = backend.scratch(9L * 8 * blocks);
    backend.launch(
        MODULE,
        kernel,
        blocks,
        0,
        new KernelArgs()
            .pointer(input)
            .i64(n)
            .pointer(partials)
            .pointer(backend.counter(0))
            .pointer(result));
  }

  private MomentsState read(ByteBuffer bytes, DType type) {
    if (type.isFloating()) {
      backend.countToHost(24);
      return MomentsState.ofDeviations(
          bytes.getLong(0),
          Double.longBitsToDouble(bytes.getLong(8)),
          Double.longBitsToDouble(bytes.getLong(16)));
    }
    backend.countToHost(17 * 8);
    BigInteger[] words = new BigInteger[8];
    for (int k = 0; k < 8; k++) {
      words[k] = MomentsState.int128(bytes.getLong(8 + 16 * k), bytes.getLong(16 + 16 * k));
    }
    return MomentsState.ofIntegerSums(bytes.getLong(0), words);
  }
}
