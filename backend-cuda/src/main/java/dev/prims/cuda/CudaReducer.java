package dev.prims.cuda;

import static dev.prims.cuda.CudaReducePolicy.BLOCK_SIZE;
import static dev.prims.cuda.CudaReducePolicy.ceilDiv;
import static java.lang.Integer.MAX_VALUE;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.Reducer;
import java.util.concurrent.CompletableFuture;
import jcuda.driver.CUdeviceptr;

/**
 * Reduce on the device. {@code bulk} (the default where the device has bulk copies) and {@code
 * vectorized} are one launch that leaves its result in the mapped host slot; the Harris kernels and
 * {@code shuffle} write one partial per block and run again over the partials until one value is
 * left, which is copied into the slot. The synchronous call waits for the stream; the asynchronous
 * one reads a slot of its own once the stream passes it.
 */
record CudaReducer(CudaBackend backend) implements Reducer {
  @Override
  public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    CudaBuffer in = backend.own(input);
    String variant = prepare(in, op, call);
    if (in.length() == 0) {
      return op.identity(in.type());
    }
    DType type = in.type();
    return backend.callAndRead(
        () -> enqueue(in, op, variant), bytes -> backend.valueOf(bytes, type));
  }

  /** Enqueues the reduce and returns; the future completes when the stream has done it. */
  @Override
  public CompletableFuture<Number> reduceAsync(DeviceBuffer input, ReduceOp op, CallContext call) {
    CudaBuffer in = backend.own(input);
    String variant = prepare(in, op, call);
    if (in.length() == 0) {
      return CompletableFuture.completedFuture(op.identity(in.type()));
    }
    DType type = in.type();
    return backend.enqueueAsync(
        () -> enqueue(in, op, variant), bytes -> backend.valueOf(bytes, type));
  }

  /** Checks the operator and returns the variant to run, recorded in {@code call}. */
  private String prepare(CudaBuffer in, ReduceOp op, CallContext call) {
    op.requireSupported(in.type());
    String variant = backend.variant(Primitive.REDUCE, call);
    call.usedVariant(variant);
    return variant;
  }

  /**
   * Enqueues the kernels of {@code variant}, leaving the answer in the result slot (under the
   * lock).
   */
  private void enqueue(CudaBuffer in, ReduceOp op, String variant) {
    if (singlePass(variant)) {
      launchSinglePass(variant, in.pointer(), in.type(), in.length(), op, backend.resultSlot());
    } else {
      backend.copyToResultSlot(multiPass(in, op, variant), in.type());
    }
  }

  /** Whether {@code variant} is one launch that writes its answer where it is told. */
  private static boolean singlePass(String variant) {
    return variant.equals("bulk") || variant.equals("vectorized");
  }

  /**
   * Enqueues the single-pass {@code variant} over {@code n} elements at {@code input}, writing the
   * answer to the device address {@code result}, without waiting (under the lock).
   */
  private void launchSinglePass(
      String variant, CUdeviceptr input, DType type, long n, ReduceOp op, CUdeviceptr result) {
    if (variant.equals("bulk")) {
      launchBulk(input, type, n, op, result);
    } else {
      launchVectorized(input, type, n, "reduce_vectorized_" + type.id() + "_" + op.id(), result);
    }
  }

  /**
   * Enqueues the bulk-copy kernel over {@code n} elements at {@code input}, writing the answer to
   * the device address {@code result}, without waiting (under the lock).
   */
  private void launchBulk(CUdeviceptr input, DType type, long n, ReduceOp op, CUdeviceptr result) {
    String kernel = "reduce_bulk_" + type.id() + "_" + op.id();
    launchBulk("reduce_bulk", kernel, 1, type, n, new KernelArgs().pointer(input).i64(n), result);
  }

  /**
   * Enqueues the bulk-copy kernel {@code kernel} of {@code module} over {@code inputs} arrays of
   * {@code n} elements (its {@code args}), writing the grid's total to the device address {@code
   * result}, without waiting (under the lock): the reduce's, and the dot's of two arrays.
   */
  void launchBulk(
      String module,
      String kernel,
      int inputs,
      DType type,
      long n,
      KernelArgs args,
      CUdeviceptr result) {
    int shared = CudaReducePolicy.BULK_SHARED_BYTES;
    int resident = backend.residentBlocks(module, kernel, shared, MAX_VALUE);
    int blocks = CudaReducePolicy.bulkBlocks(n, type.bytes(), inputs, resident);
    backend.launchGridTotal(module, kernel, blocks, shared, type, args, result);
  }

  /**
   * Enqueues the vectorised kernel {@code kernel} over {@code n} elements at {@code input}, writing
   * the answer to the device address {@code result}, without waiting (under the lock), on a grid of
   * {@code waves} times the resident blocks (1 but for measuring: CUB's even share launches 5).
   */
  void launchVectorized(
      CUdeviceptr input,
      DType type,
      long n,
      String kernel,
      boolean evenShare,
      int unroll,
      int perSmCap,
      int waves,
      CUdeviceptr result) {
    int width = 16 / type.bytes();
    int resident = backend.residentBlocks("reduce", kernel, 0, perSmCap) * waves;
    int blocks = CudaReducePolicy.vectorizedBlocks(n, width, resident);
    long chunk = 0;
    if (evenShare) {
      chunk = CudaReducePolicy.chunkVectors(n / width, blocks, unroll);
      blocks = (int) Math.max(1, ceilDiv(n / width, chunk));
    }
    backend.launchGridTotal(
        "reduce",
        kernel,
        blocks,
        0,
        type,
        new KernelArgs().pointer(input).i64(n).i64(chunk),
        result);
  }

  /**
   * On the staged path ({@code prims.cuda.hostpath=staged}, a single-pass variant), streams the
   * array through pinned slots, reducing chunk i while chunk i+1 is copied; otherwise one pageable
   * copy then the kernels.
   */
  @Override
  public Number reduce(BufferManager buffers, Object array, ReduceOp op, CallContext call) {
    DType type = DType.ofArray(array);
    String variant = backend.variant(Primitive.REDUCE, call);
    if (!backend.stagedHostPath() || !singlePass(variant)) {
      return Reducer.super.reduce(buffers, array, op, call);
    }
    op.requireSupported(type);
    call.usedVariant(variant);
    return backend.call(
        () ->
            backend
                .streamer()
                .fold(
                    new Object[] {array},
                    type,
                    (inputs, length, result) ->
                        launchSinglePass(variant, inputs[0], type, length, op, result),
                    (inputs, length, result) ->
                        launchSinglePass(variant, inputs[0], type, length, op, result)));
  }

  /** The default vectorised kernel over device memory, writing to {@code result}. */
  void launchVectorized(CUdeviceptr input, DType type, long n, String kernel, CUdeviceptr result) {
    launchVectorized(
        input,
        type,
        n,
        kernel,
        CudaReducePolicy.EVEN_SHARE,
        CudaReducePolicy.UNROLL,
        CudaReducePolicy.BLOCKS_PER_SM,
        1,
        result);
  }

  /** Enqueues the passes of {@code variant}; returns the device address of the answer. */
  private CUdeviceptr multiPass(CudaBuffer in, ReduceOp op, String variant) {
    DType type = in.type();
    long n = in.length();
    String kernel = "reduce_" + variant.replace('-', '_') + "_" + type.id() + "_" + op.id();
    int resident = backend.residentBlocks("reduce", kernel, 0, CudaReducePolicy.BLOCKS_PER_SM);
    long first = CudaReducePolicy.passBlocks(variant, n, resident);
    long second = CudaReducePolicy.passBlocks(variant, first, resident);
    long firstBytes = ceilDiv(first * type.bytes(), 256) * 256;
    CUdeviceptr scratch = backend.scratch(firstBytes + second * type.bytes());
    CUdeviceptr[] pingPong = {scratch, scratch.withByteOffset(firstBytes)};
    CUdeviceptr source = in.pointer();
    long length = n;
    int next = 0;
    while (length > 1) {
      long blocks = CudaReducePolicy.passBlocks(variant, length, resident);
      CUdeviceptr target = pingPong[next];
      backend.launch(
          "reduce",
          kernel,
          blocks,
          0,
          new KernelArgs().pointer(source).pointer(target).i64(length));
      source = target;
      length = blocks;
      next = 1 - next;
    }
    return source;
  }

  /**
   * The longest sequential chain of any reduce or dot path for {@code n} elements: a grid-stride or
   * bulk-tile accumulator, the vector lanes combined, and the partials one thread combines. Assumes
   * the smallest grid (one block per SM), so it bounds every occupancy.
   */
  long sequentialChain(DType type, long n) {
    int width = 16 / type.bytes();
    int resident = backend.sms();
    long vectorBlocks = CudaReducePolicy.vectorizedBlocks(n, width, resident);
    long vectorized =
        ceilDiv(n, width * vectorBlocks * BLOCK_SIZE)
            + CudaReducePolicy.UNROLL
            + width
            + ceilDiv(vectorBlocks, BLOCK_SIZE);
    long bulk = Math.max(bulkChain(type, n, resident, 1), bulkChain(type, n, resident, 2));
    long singlePass = Math.max(vectorized, bulk);
    long strideBlocks = Math.max(1, CudaReducePolicy.passBlocks("shuffle", n, resident));
    long shuffle = ceilDiv(n, strideBlocks * BLOCK_SIZE) + ceilDiv(strideBlocks, BLOCK_SIZE) + 1;
    long chunks = ceilDiv(n, backend.transfer().chunkElements(1, type.bytes()));
    long staged =
        chunks > 1
            ? singlePass + ceilDiv(chunks, BLOCK_SIZE) + CudaReducePolicy.UNROLL + width + 1
            : singlePass;
    return Math.min(Math.max(staged, shuffle), Math.max(n, 0));
  }

  /**
   * The chain of a bulk kernel over {@code inputs} arrays (reduce: 1, dot: 2) with {@code resident}
   * blocks at most: each lane adds its share of every tile of its block, then its share of the
   * elements after the last whole tile.
   */
  private static long bulkChain(DType type, long n, int resident, int inputs) {
    int width = 16 / type.bytes();
    long tileElements = CudaReducePolicy.bulkTileElements(type.bytes(), inputs);
    long blocks = CudaReducePolicy.bulkBlocks(n, type.bytes(), inputs, resident);
    long perTile = tileElements / width / BLOCK_SIZE;
    return ceilDiv(n / tileElements, blocks) * perTile
        + ceilDiv(n % tileElements, blocks * BLOCK_SIZE)
        + width
        + ceilDiv(blocks, BLOCK_SIZE);
  }
}
