package dev.prims.spi;

import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * The encoding of a select predicate that device kernels evaluate: a postfix program of at most
 * {@link #MAX_INSTRUCTIONS} instructions, two longs each ({@code code}, {@code constant}), run on a
 * stack of booleans at most {@link #MAX_DEPTH} deep (a kernel keeps it in the bits of a 32-bit
 * word). The low byte of {@code code} is the operation:
 *
 * <ul>
 *   <li>{@link #LT} .. {@link #NE}: push {@code x op constant}; with {@link #INTEGER_MODE} the
 *       value (int or long) is compared as a long with the constant; otherwise the value is widened
 *       to double and compared with the constant's double bits.
 *   <li>{@link #NOT_NAN}: push whether the value is not NaN (true for integers).
 *   <li>{@link #AND}, {@link #OR}: pop two, push their conjunction or disjunction.
 *   <li>{@link #FLAG}: push {@code flags[i] != 0} (the int flags beside the values).
 *   <li>{@link #RADIX_BELOW}: push whether the value's radix bits (as {@link Sorter} defines them,
 *       complemented when {@link #DESCENDING} is set) are below the constant, unsigned.
 *   <li>{@link #RADIX_PREFIX}: push whether the radix bits shifted right by {@code (code >> 16) &
 *       0xff} equal the constant.
 *   <li>{@link #ALWAYS}: push true.
 * </ul>
 *
 * The result is the one boolean left on the stack.
 */
public final class SelectProgram {
  public static final int LT = 0;
  public static final int LE = 1;
  public static final int GT = 2;
  public static final int GE = 3;
  public static final int EQ = 4;
  public static final int NE = 5;
  public static final int NOT_NAN = 6;
  public static final int AND = 7;
  public static final int OR = 8;
  public static final int FLAG = 9;
  public static final int RADIX_BELOW = 10;
  public static final int RADIX_PREFIX = 11;
  public static final int ALWAYS = 12;

  /** Compare as integers (see the class comment). */
  public static final int INTEGER_MODE = 1 << 8;

  /** Radix bits of the descending order. */
  public static final int DESCENDING = 1 << 24;

  /** The most instructions of one program. */
  public static final int MAX_INSTRUCTIONS = 64;

  /** The deepest stack of one program. */
  public static final int MAX_DEPTH = 32;

  private SelectProgram() {}

  /** Keeps the values whose int flag is not 0. */
  public static long[] flags() {
    return new Builder().add(FLAG, 0).build();
  }

  /** Keeps every value. */
  public static long[] always() {
    return new Builder().add(ALWAYS, 0).build();
  }

  /** Keeps the values whose radix bits are below {@code bits}. */
  public static long[] radixBelow(long bits, boolean descending) {
    return new Builder().add(RADIX_BELOW | (descending ? DESCENDING : 0), bits).build();
  }

  /**
   * Keeps the values whose radix bits are below {@code bits} (whose bits below {@code shift} are 0)
   * or agree with it above {@code shift}: those at or below that prefix.
   */
  public static long[] radixAtOrBelow(long bits, int shift, boolean descending) {
    int order = descending ? DESCENDING : 0;
    return new Builder()
        .add(RADIX_BELOW | order, bits)
        .add(RADIX_PREFIX | (shift << 16) | order, bits >>> shift)
        .add(OR, 0)
        .build();
  }

  /** Keeps the values whose radix bits shifted right by {@code shift} equal {@code prefix}. */
  public static long[] radixPrefix(long prefix, int shift, boolean descending) {
    return new Builder()
        .add(RADIX_PREFIX | (shift << 16) | (descending ? DESCENDING : 0), prefix)
        .build();
  }

  /** The number of instructions of {@code program}. */
  public static int instructions(long[] program) {
    return program.length / 2;
  }

  /**
   * Whether {@code program} stays within {@link #MAX_INSTRUCTIONS} instructions and a stack {@link
   * #MAX_DEPTH} deep.
   */
  public static boolean fits(long[] program) {
    int instructions = instructions(program);
    int depth = 0;
    int deepest = 0;
    for (int p = 0; p < instructions; p++) {
      int op = (int) (program[2 * p] & 0xff);
      depth += op == AND || op == OR ? -1 : 1;
      deepest = Math.max(deepest, depth);
    }
    return instructions <= MAX_INSTRUCTIONS && deepest <= MAX_DEPTH;
  }

  /**
   * Whether {@code program} compares a value as a double ({@link #LT} .. {@link #NE} without {@link
   * #INTEGER_MODE}): for long values, {@code Predicate} writes such comparisons as integer ones
   * unless the program would not {@link #fits fit}.
   */
  public static boolean comparesAsDouble(long[] program) {
    return anyInstruction(program, code -> (int) (code & 0xff) <= NE && (code & INTEGER_MODE) == 0);
  }

  /**
   * Whether {@code program} tests radix bits ({@link #RADIX_BELOW}, {@link #RADIX_PREFIX}): top-k's
   * compactions do, the select conditions of {@code Predicate} do not.
   */
  public static boolean testsRadixBits(long[] program) {
    return anyInstruction(
        program, code -> (int) (code & 0xff) == RADIX_BELOW || (int) (code & 0xff) == RADIX_PREFIX);
  }

  /** Whether the code word of any instruction of {@code program} satisfies {@code test}. */
  private static boolean anyInstruction(long[] program, LongPredicate test) {
    for (int p = 0; p < instructions(program); p++) {
      if (test.test(program[2 * p])) {
        return true;
      }
    }
    return false;
  }

  /** Appends instructions. */
  public static final class Builder {
    private long[] words = new long[8];
    private int size;

    /** Appends one instruction. */
    public Builder add(int code, long constant) {
      if (size + 2 > words.length) {
        words = Arrays.copyOf(words, words.length * 2);
      }
      words[size++] = code;
      words[size++] = constant;
      return this;
    }

    /** The program. */
    public long[] build() {
      return Arrays.copyOf(words, size);
    }
  }
}
