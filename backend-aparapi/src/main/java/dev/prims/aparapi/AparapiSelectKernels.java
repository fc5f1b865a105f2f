package dev.prims.aparapi;

import dev.prims.DeviceBuffer;
import dev.prims.spi.CallContext;
import dev.prims.spi.RadixBitWords;
import dev.prims.spi.SelectKernels;

/**
 * The select kernels of {@link dev.prims.spi.DeviceSelect} on Aparapi ({@link SelectKernel}): each
 * work-item walks one chunk of {@link #CHUNK} values in order. A compaction or gather is two
 * launches, the chunks' kept counts and then the stable scatter from each chunk's first slot; the
 * host scans the counts between them (one int per chunk, as {@link AparapiSegmenter} joins its
 * chunks). Digit counts add with atomics; a take is one work-item per taken value.
 *
 * <p>Aparapi cannot read the bits of a float or double in a kernel (its Java subset has no {@code
 * Float.floatToIntBits}), so the radix bits of floating values, which top-k and its radix programs
 * read, are computed on the host once per buffer version and go to the device as longs; integer
 * values have theirs computed in the kernel.
 */
final class AparapiSelectKernels implements SelectKernels {
  /** Values per work-item. */
  static final int CHUNK = 1024;

  private final DriverContext context;

  /** The call whose kernels run now on this thread (for fallback notes), or null. */
  private final ThreadLocal<CallContext> call = new ThreadLocal<>();

  /** The radix bits last computed on the host: of {@link #radixOf} at {@link #radixVersion}. */
  private AparapiBuffer radixOf;

  private long radixVersion;
  private long[] radix;

  AparapiSelectKernels(DriverContext context) {
    this.context = context;
  }

  /** Runs {@code work} with its launches reported to {@code context}. */
  void during(CallContext context, Runnable work) {
    call.set(context);
    try {
      work.run();
    } finally {
      call.remove();
      forgetRadix();
    }
  }

  @Override
  public long compact(Compaction compaction) {
    AparapiBuffer in = own(compaction.values());
    AparapiBuffer out = own(compaction.valuesOut());
    AparapiBuffer indicesOut = own(compaction.indicesOut());
    long[] program = compaction.program();
    double[] constants = new double[program.length / 2];
    for (int p = 0; p < constants.length; p++) {
      constants[p] = Double.longBitsToDouble(program[2 * p + 1]);
    }
    AparapiBuffer flags = own(compaction.flagsIn());
    KernelHandle<?> handle = context.kernels().select(in.type());
    return handle.locked(
        k -> {
          SelectKernel kernel = (SelectKernel) k;
          bindInput(handle, kernel, in, own(compaction.indices()), usesRadix(program));
          kernel.program(program, constants, flags == null ? null : (int[]) flags.array());
          handle.put(program);
          handle.put(constants);
          if (flags != null) {
            handle.bind("flags", flags);
          }
          int total = scanChunks(handle, kernel);
          scatterInto(
              handle,
              kernel,
              out,
              indicesOut,
              (int) compaction.at(),
              (int) Math.min(compaction.capacity(), Integer.MAX_VALUE),
              compaction.partition(),
              total);
          return (long) total;
        });
  }

  /**
   * Unique of int or long {@code keys}: the first value of each run of equal values to {@code
   * unique}, its index to {@code offsets} (an int buffer), and the length after the last; returns
   * the number of runs.
   */
  int runs(AparapiBuffer keys, AparapiBuffer unique, AparapiBuffer offsets, CallContext call) {
    KernelHandle<?> handle = context.kernels().select(keys.type());
    int[] runs = new int[1];
    during(
        call,
        () ->
            runs[0] =
                handle.locked(
                    k -> {
                      SelectKernel kernel = (SelectKernel) k;
                      bindInput(handle, kernel, keys, null, false);
                      kernel.runStarts();
                      int total = scanChunks(handle, kernel);
                      scatterInto(
                          handle, kernel, unique, offsets, 0, Integer.MAX_VALUE, false, total);
                      return total;
                    }));
    ((int[]) offsets.array())[runs[0]] = keys.size();
    offsets.markWritten();
    return runs[0];
  }

  /**
   * The scatter of a compaction whose chunk slots {@link #scanChunks} found: kept values to {@code
   * out} from {@code at} (at most {@code capacity}), their indices to {@code indicesOut} unless
   * null, and for a {@code partition} the others after the {@code total} kept.
   */
  private void scatterInto(
      KernelHandle<?> handle,
      SelectKernel kernel,
      AparapiBuffer out,
      AparapiBuffer indicesOut,
      int at,
      int capacity,
      boolean partition,
      int total) {
    int[] idx = indicesOut == null ? null : (int[]) indicesOut.array();
    kernel.outputs(out.array(), idx, at, capacity, partition, total);
    launchInto(handle, () -> scatter(handle, kernel), out, indicesOut);
  }

  /**
   * Puts the arrays of {@code outputs} (null ones skipped) to the device, runs {@code launch}, and
   * gets them back, marked written.
   */
  private static void launchInto(
      KernelHandle<?> handle, Runnable launch, AparapiBuffer... outputs) {
    for (AparapiBuffer output : outputs) {
      if (output != null) {
        handle.put(output.array());
      }
    }
    launch.run();
    for (AparapiBuffer output : outputs) {
      if (output != null) {
        handle.get(output.array());
        output.markWritten();
      }
    }
  }

  @Override
  public void digitCounts(DigitCount digits) {
    AparapiBuffer in = own(digits.values());
    AparapiBuffer counts = own(digits.counts());
    int width = in.type().bytes() * Byte.SIZE;
    boolean all = digits.shift() + digits.bits() >= width;
    KernelHandle<?> handle = context.kernels().select(in.type());
    handle.locked(
        k -> {
          SelectKernel kernel = (SelectKernel) k;
          bindInput(handle, kernel, in, null, true);
          int[] c = (int[]) counts.array();
          long[] chunkBits = digits.bitsAt() < 0 ? null : new long[2 * kernel.chunks()];
          kernel.digits(
              digits.shift(),
              digits.bits(),
              digits.prefix(),
              all,
              digits.descending(),
              c,
              digits.at(),
              digits.lowAt(),
              chunkBits);
          handle.put(c);
          if (chunkBits != null) {
            handle.put(chunkBits);
          }
          kernel.phase(SelectKernel.PHASE_DIGITS);
          context.launchItems(handle, kernel.chunks(), call.get());
          handle.get(c);
          if (chunkBits != null) {
            handle.get(chunkBits);
            mergeBits(chunkBits, width, c, digits.bitsAt());
          }
          counts.markWritten();
          return null;
        });
  }

  /** ANDs and ORs the chunks' radix bits into the digit counts' {@link RadixBitWords} at at. */
  private static void mergeBits(long[] chunkBits, int width, int[] counts, int at) {
    long ands = -1L;
    long ors = 0;
    for (int c = 0; c < chunkBits.length; c += 2) {
      ands &= chunkBits[c];
      ors |= chunkBits[c + 1];
    }
    RadixBitWords.merge(counts, at, ands, ors, width);
  }

  @Override
  public void gather(Gather gather) {
    AparapiBuffer in = own(gather.values());
    AparapiBuffer keys = own(gather.keysOut());
    AparapiBuffer indicesOut = own(gather.indicesOut());
    AparapiBuffer counter = own(gather.counter());
    int width = in.type().bytes() * Byte.SIZE;
    KernelHandle<?> handle = context.kernels().select(in.type());
    handle.locked(
        k -> {
          SelectKernel kernel = (SelectKernel) k;
          bindInput(handle, kernel, in, own(gather.indices()), true);
          kernel.gatherTest(
              gather.shift(), gather.bound(), gather.shift() >= width, gather.descending());
          int total = scanChunks(handle, kernel);
          int[] slots = (int[]) counter.array();
          int first = slots[gather.at()];
          kernel.outputs(
              null,
              (int[]) indicesOut.array(),
              first,
              Math.max(0, (int) indicesOut.length() - first),
              false,
              total);
          Object keyArray = keys.array();
          kernel.keys(
              keyArray instanceof int[] a ? a : null, keyArray instanceof long[] a ? a : null);
          launchInto(handle, () -> scatter(handle, kernel), keys, indicesOut);
          slots[gather.at()] = first + total;
          counter.markWritten();
          return null;
        });
  }

  @Override
  public void take(Take take) {
    AparapiBuffer in = own(take.values());
    AparapiBuffer indices = own(take.indices());
    AparapiBuffer out = own(take.valuesOut());
    AparapiBuffer indicesOut = own(take.indicesOut());
    int count = take.count();
    if (count == 0) {
      return;
    }
    KernelHandle<?> handle = context.kernels().select(in.type());
    handle.locked(
        k -> {
          SelectKernel kernel = (SelectKernel) k;
          bindInput(handle, kernel, in, indices, false);
          kernel.outputs(out.array(), (int[]) indicesOut.array(), 0, count, false, count);
          kernel.phase(SelectKernel.PHASE_TAKE);
          launchInto(handle, () -> context.launchItems(handle, count, call.get()), out, indicesOut);
          return null;
        });
  }

  /** Binds the values (with their host radix bits when floating and asked for) and indices. */
  private void bindInput(
      KernelHandle<?> handle,
      SelectKernel kernel,
      AparapiBuffer in,
      AparapiBuffer indices,
      boolean radixBits) {
    long[] bits = radixBits && in.type().isFloating() ? hostRadix(in) : null;
    int[] idx = indices == null ? null : (int[]) indices.array();
    kernel.input(in.array(), in.size(), bits, idx, CHUNK);
    handle.bind("values", in);
    if (bits != null) {
      handle.put(bits);
    }
    if (indices != null) {
      handle.bind("indices", indices);
    }
  }

  /** Counts the chunks' kept values and turns them into each chunk's first slot; the total. */
  private int scanChunks(KernelHandle<?> handle, SelectKernel kernel) {
    int chunks = kernel.chunks();
    if (chunks == 0) {
      return 0;
    }
    kernel.phase(SelectKernel.PHASE_COUNT);
    context.launchItems(handle, chunks, call.get());
    int[] counts = kernel.chunkCounts();
    handle.get(counts);
    int total = 0;
    for (int c = 0; c < chunks; c++) {
      int kept = counts[c];
      counts[c] = total;
      total += kept;
    }
    handle.put(counts);
    return total;
  }

  private void scatter(KernelHandle<?> handle, SelectKernel kernel) {
    if (kernel.chunks() > 0) {
      kernel.phase(SelectKernel.PHASE_SCATTER);
      context.launchItems(handle, kernel.chunks(), call.get());
    }
  }

  /** Whether {@code program} reads radix bits. */
  private static boolean usesRadix(long[] program) {
    for (int p = 0; p < program.length; p += 2) {
      int op = (int) (program[p] & 0xff);
      if (op == SelectKernel.RADIX_BELOW || op == SelectKernel.RADIX_PREFIX) {
        return true;
      }
    }
    return false;
  }

  private synchronized void forgetRadix() {
    radix = null;
    radixOf = null;
  }

  /** The ascending radix bits (dev.prims.spi.Sorter's) of a float or double buffer. */
  private synchronized long[] hostRadix(AparapiBuffer in) {
    Object values = in.array();
    if (radix == null
        || radixOf != in
        || radixVersion != in.version()
        || radix.length != in.size()) {
      long[] bits = new long[in.size()];
      if (values instanceof float[] f) {
        for (int i = 0; i < bits.length; i++) {
          int b = Float.floatToIntBits(f[i]);
          bits[i] = (b < 0 ? ~b : b ^ Integer.MIN_VALUE) & 0xffffffffL;
        }
      } else {
        double[] d = (double[]) values;
        for (int i = 0; i < bits.length; i++) {
          long b = Double.doubleToLongBits(d[i]);
          bits[i] = b < 0 ? ~b : b ^ Long.MIN_VALUE;
        }
      }
      radix = bits;
      radixOf = in;
      radixVersion = in.version();
    }
    return radix;
  }

  private AparapiBuffer own(DeviceBuffer buffer) {
    return buffer == null ? null : context.buffers().own(buffer);
  }
}
