<#-- Select, partition and top-k kernels, one per element type: IntSelectKernel ... DoubleSelectKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="SelectKernel"; type, T, name>

/**
 * The select kernels of dev.prims.spi.DeviceSelect over ${T} values, one flat pass over equal
 * chunks of the values: work-item {@code c} walks chunk {@code c} in order. {@link
 * SelectKernel#PHASE_COUNT} counts the chunk's kept values; the host scans the counts into each
 * chunk's first output slot, and {@link SelectKernel#PHASE_SCATTER} writes the kept values there in
 * order (a stable compaction; for a partition the others after all the kept, in order). A value is
 * kept when the select program holds ({@link SelectKernel#TEST_PROGRAM}: a postfix program of
 * dev.prims.spi.SelectProgram on a stack of bits, interpreted per value) or when its radix bits
 * shifted right are at most a bound ({@link SelectKernel#TEST_GATHER}: the top-k's gather, which
 * writes keys and indices), or when it starts a run of equal values ({@link
 * SelectKernel#TEST_RUN_START}: unique, its index the run's offset). {@link SelectKernel#PHASE_DIGITS} counts radix digits with atomics;
 * {@link SelectKernel#PHASE_TAKE} takes values by index.
<#if type.floating>
 * A kernel cannot read a ${T}'s bits, so its radix bits come from the host in {@code radix}.
</#if>
 * Generated from backend-aparapi/src/main/codegen/templates/SelectKernel.java.
 */
final class ${name} extends Kernel implements SelectKernel {
  ${T}[] values = new ${T}[1];
  ${T}[] out = new ${T}[1];
  long[] radix = new long[1];
  int[] indices = new int[1];
  int[] indicesOut = new int[1];
  int[] flags = new int[1];
  long[] program = new long[2];
  double[] constants = new double[1];
  int[] chunkCounts = new int[1];
  int[] counts = new int[1];
  long[] chunkBits = new long[2];
  int[] keys32 = new int[1];
  long[] keys64 = new long[1];
  int n;
  int chunk;
  int chunks;
  int phase;
  int test;
  int hasIndices;
  int hasIndicesOut;
  int instructions;
  int at;
  int capacity;
  int total;
  int partition;
  int shift;
  int high;
  long bound;
  long prefix;
  long digitMask;
  int all;
  int descending;
  int wideKeys;
  int lowAt;
  int hasChunkBits;

  @Override
  public void input(Object values, int n, long[] radix, int[] indices, int chunk) {
    this.values = (${T}[]) values;
    this.n = n;
    this.chunk = chunk;
    this.chunks = (n + chunk - 1) / chunk;
<#if type.floating>
    if (radix != null) {
      this.radix = radix;
    }
</#if>
    this.hasIndices = indices == null ? 0 : 1;
    if (indices != null) {
      this.indices = indices;
    }
    if (chunkCounts.length < chunks) {
      chunkCounts = new int[chunks];
    }
  }

  @Override
  public void program(long[] program, double[] constants, int[] flags) {
    this.test = SelectKernel.TEST_PROGRAM;
    this.program = program;
    this.constants = constants;
    this.instructions = program.length / 2;
    if (flags != null) {
      this.flags = flags;
    }
  }

  @Override
  public void runStarts() {
    this.test = SelectKernel.TEST_RUN_START;
  }

  @Override
  public void gatherTest(int shift, long bound, boolean all, boolean descending) {
    this.test = SelectKernel.TEST_GATHER;
    this.shift = shift;
    this.bound = bound;
    this.all = all ? 1 : 0;
    this.descending = descending ? 1 : 0;
  }

  @Override
  public void digits(
      int shift, int bits, long prefix, boolean all, boolean descending, int[] counts, int at, int lowAt, long[] chunkBits) {
    this.lowAt = lowAt;
    this.hasChunkBits = chunkBits == null ? 0 : 1;
    if (chunkBits != null) {
      this.chunkBits = chunkBits;
    }
    this.shift = shift;
    this.high = shift + bits;
    this.digitMask = (1L << bits) - 1;
    this.prefix = prefix;
    this.all = all ? 1 : 0;
    this.descending = descending ? 1 : 0;
    this.counts = counts;
    this.at = at;
  }

  @Override
  public void outputs(Object out, int[] indicesOut, int at, int capacity, boolean partition, int total) {
    if (out != null) {
      this.out = (${T}[]) out;
    }
    this.hasIndicesOut = indicesOut == null ? 0 : 1;
    if (indicesOut != null) {
      this.indicesOut = indicesOut;
    }
    this.at = at;
    this.capacity = capacity;
    this.partition = partition ? 1 : 0;
    this.total = total;
  }

  @Override
  public void keys(int[] keys32, long[] keys64) {
    this.wideKeys = keys64 == null ? 0 : 1;
    if (keys32 != null) {
      this.keys32 = keys32;
    }
    if (keys64 != null) {
      this.keys64 = keys64;
    }
  }

  @Override
  public void phase(int phase) {
    this.phase = phase;
  }

  @Override
  public int chunks() {
    return chunks;
  }

  @Override
  public int[] chunkCounts() {
    return chunkCounts;
  }

  @Override
  public void run() {
    int c = getGlobalId();
    if (phase == SelectKernel.PHASE_TAKE) {
      take(c);
    }
    if (phase == SelectKernel.PHASE_COUNT) {
      count(c);
    }
    if (phase == SelectKernel.PHASE_SCATTER) {
      scatter(c);
    }
    if (phase == SelectKernel.PHASE_DIGITS) {
      countDigits(c);
    }
  }

  // Aparapi's translation breaks on else-if chains whose branches end in an if ("child list
  // broken"): the methods below keep to flat ifs.

  /** Output slot {@code j} of a take. */
  private void take(int j) {
    if (j < capacity) {
      int from = indices[j];
      indicesOut[j] = from;
      out[j] = values[from];
    }
  }

  /** The first value of chunk {@code c}. */
  private int chunkStart(int c) {
    return c * chunk;
  }

  /** The end of chunk {@code c}. */
  private int chunkEnd(int c) {
    int to = c * chunk + chunk;
    if (to > n) {
      to = n;
    }
    return to;
  }

  /** Counts chunk {@code c}'s kept values. */
  private void count(int c) {
    if (c < chunks) {
      int kept = 0;
      int to = chunkEnd(c);
      for (int i = chunkStart(c); i < to; i++) {
        kept = kept + keep(i);
      }
      chunkCounts[c] = kept;
    }
  }

  /**
   * Adds the radix digit of every candidate of chunk {@code c} (and its lowest digit at {@code
   * lowAt} unless negative); with chunk bits, the AND and OR of the candidates' radix bits go to
   * {@code chunkBits[2c]} and {@code chunkBits[2c + 1]}.
   */
  private void countDigits(int c) {
    if (c < chunks) {
      int to = chunkEnd(c);
      long ands = -1L;
      long ors = 0L;
      for (int i = chunkStart(c); i < to; i++) {
        long r = radixOf(i, descending);
        if (all == 1 || (r >>> high) == prefix) {
          atomicAdd(counts, at + (int) ((r >>> shift) & digitMask), 1);
          if (lowAt >= 0) {
            atomicAdd(counts, lowAt + (int) (r & LOW_DIGIT_MASK), 1);
          }
          ands = ands & r;
          ors = ors | r;
        }
      }
      if (hasChunkBits == 1) {
        chunkBits[2 * c] = ands;
        chunkBits[2 * c + 1] = ors;
      }
    }
  }

  /** Writes chunk {@code c}'s kept values from its first slot on (and, for a partition, the rest). */
  private void scatter(int c) {
    if (c < chunks) {
      int from = chunkStart(c);
      int to = chunkEnd(c);
      int before = chunkCounts[c];
      int rejected = total + from - before;
      for (int i = from; i < to; i++) {
        int kept = keep(i);
        if (kept == 1) {
          place(i, before);
          before++;
        }
        if (kept == 0 && partition == 1) {
          out[rejected] = values[i];
          rejected++;
        }
      }
    }
  }

  /** Writes kept value {@code i}, the {@code r}-th kept, to its slot unless past the capacity. */
  private void place(int i, int r) {
    int slot = at + r;
    int index = i;
    if (hasIndices == 1) {
      index = indices[i];
    }
    if (r < capacity && test == SelectKernel.TEST_GATHER) {
      long bits = radixOf(i, descending);
      if (wideKeys == 1) {
        keys64[slot] = bits ^ SelectKernel.TOP_BIT_64;
      }
      if (wideKeys == 0) {
        keys32[slot] = (int) (bits ^ 0x80000000L);
      }
      indicesOut[slot] = index;
    }
    if (r < capacity && test != SelectKernel.TEST_GATHER) {
      out[slot] = values[i];
    }
    if (r < capacity && test != SelectKernel.TEST_GATHER && hasIndicesOut == 1) {
      indicesOut[slot] = index;
    }
  }

  /** 1 when value {@code i} is kept. */
  private int keep(int i) {
    int r = 0;
    if (test == SelectKernel.TEST_GATHER) {
      r = gathered(i);
    }
    if (test == SelectKernel.TEST_PROGRAM) {
      r = evaluate(i);
    }
    if (test == SelectKernel.TEST_RUN_START) {
      r = 1;
    }
    if (test == SelectKernel.TEST_RUN_START && i > 0 && values[i] == values[i - 1]) {
      r = 0;
    }
    return r;
  }

  /** 1 when value {@code i}'s radix bits shifted right are at most the bound. */
  private int gathered(int i) {
    int r = 1;
    if (all == 0) {
      r = 1 - unsignedBelow(bound, radixOf(i, descending) >>> shift);
    }
    return r;
  }

  /** 1 when {@code a < b} as unsigned numbers. */
  private int unsignedBelow(long a, long b) {
    return below(a ^ SelectKernel.TOP_BIT_64, b ^ SelectKernel.TOP_BIT_64);
  }

  /**
   * 1 when {@code a < b}. Aparapi writes a long comparison as the sign of {@code a - b}, which
   * overflows for operands of opposite signs; those are ordered by their signs instead.
   */
  private int below(long a, long b) {
    int r = 0;
    long d = a - b;
    long mixed = a ^ b;
    if (d < 0L) {
      r = 1;
    }
    if (mixed < 0L) {
      r = 0;
    }
    if (mixed < 0L && a < 0L) {
      r = 1;
    }
    return r;
  }

  /** The select program on value {@code i}: the bit left on its stack. */
  private int evaluate(int i) {
    int stack = 0;
    int depth = 0;
    for (int p = 0; p < instructions; p++) {
      long code = program[2 * p];
      int op = (int) (code & 0xffL);
      int bit = step(op, code, program[2 * p + 1], i, p, stack, depth);
      if (op == SelectKernel.AND || op == SelectKernel.OR) {
        depth = depth - 2;
      }
      stack = (stack & ~(1 << depth)) | (bit << depth);
      depth++;
    }
    return stack & 1;
  }

  /** The bit instruction {@code p} pushes for value {@code i}. */
  private int step(int op, long code, long operand, int i, int p, int stack, int depth) {
    int r = 0;
    if (op == SelectKernel.AND) {
      r = (stack >> (depth - 1)) & (stack >> (depth - 2)) & 1;
    }
    if (op == SelectKernel.OR) {
      r = ((stack >> (depth - 1)) | (stack >> (depth - 2))) & 1;
    }
    if (op == SelectKernel.ALWAYS) {
      r = 1;
    }
    if (op == SelectKernel.FLAG) {
      r = flagOf(i);
    }
    if (op == SelectKernel.NOT_NAN) {
      r = notNaN(values[i]);
    }
    if (op == SelectKernel.RADIX_BELOW) {
      r = unsignedBelow(radixOf(i, descendingOf(code)), operand);
    }
    if (op == SelectKernel.RADIX_PREFIX) {
      r = prefixIs(radixOf(i, descendingOf(code)) >>> (int) ((code >> 16) & 0xffL), operand);
    }
    if (op < SelectKernel.NOT_NAN) {
      r = compare(op, relation(code, operand, values[i], constants[p]));
    }
    return r;
  }

  private int flagOf(int i) {
    int r = 0;
    if (flags[i] != 0) {
      r = 1;
    }
    return r;
  }

  private int notNaN(${T} x) {
<#if type.floating>
    int r = 0;
    if (x == x) {
      r = 1;
    }
    return r;
<#else>
    return 1;
</#if>
  }

  private int descendingOf(long code) {
    int r = 0;
    if ((code & SelectKernel.DESCENDING) != 0L) {
      r = 1;
    }
    return r;
  }

  private int prefixIs(long bits, long operand) {
    int r = 0;
    if (bits == operand) {
      r = 1;
    }
    return r;
  }

  /**
   * -1, 0 or 1 as {@code x} is below, equal to or above the operand (as longs in integer mode,
   * else as doubles against {@code w}), 2 when unordered.
   */
  private int relation(long code, long operand, ${T} x, double w) {
    double v = x;
    int r = 2;
    if (v < w) {
      r = -1;
    }
    if (v > w) {
      r = 1;
    }
    if (v == w) {
      r = 0;
    }
<#if !type.floating>
    if ((code & SelectKernel.INTEGER_MODE) != 0L) {
      r = longRelation(x, operand);
    }
</#if>
    return r;
  }
<#if !type.floating>

  private int longRelation(long v, long c) {
    return below(c, v) - below(v, c);
  }
</#if>

  /**
   * The comparison {@code op} of a value with the operand from {@code rel}: -1 below, 0 equal, 1
   * above, 2 unordered (a NaN).
   */
  private int compare(int op, int rel) {
    int below = 0;
    int equal = 0;
    int above = 0;
    if (rel == -1) {
      below = 1;
    }
    if (rel == 0) {
      equal = 1;
    }
    if (rel == 1) {
      above = 1;
    }
    int r = 1 - equal;
    if (op == SelectKernel.LT) {
      r = below;
    }
    if (op == SelectKernel.LE) {
      r = below | equal;
    }
    if (op == SelectKernel.GT) {
      r = above;
    }
    if (op == SelectKernel.GE) {
      r = above | equal;
    }
    if (op == SelectKernel.EQ) {
      r = equal;
    }
    return r;
  }

  /** The radix bits of value {@code i} (dev.prims.spi.Sorter's), complemented when {@code down}. */
  private long radixOf(int i, int down) {
<#if type.floating>
    long r = radix[i];
<#else>
<#if type.java == "int">
    long r = ((long) values[i] ^ 0x80000000L) & 0xffffffffL;
<#else>
    long r = values[i] ^ SelectKernel.TOP_BIT_64;
</#if>
</#if>
    if (down == 1) {
<#if type.java == "int" || type.java == "float">
      r = r ^ 0xffffffffL;
<#else>
      r = ~r;
</#if>
    }
    return r;
  }
}
</@k.perType>
