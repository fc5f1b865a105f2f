package dev.prims.aparapi;

import dev.prims.ReduceOp;

/**
 * Operator codes passed to kernels as an int field; compile-time constants so that javac inlines
 * them into kernel bytecode (Aparapi cannot read static fields).
 */
final class OpCode {
  static final int SUM = 0;
  static final int PROD = 1;
  static final int MIN = 2;
  static final int MAX = 3;
  static final int AND = 4;
  static final int OR = 5;
  static final int XOR = 6;

  private OpCode() {}

  /** The code of {@code op}. */
  static int of(ReduceOp op) {
    switch (op) {
      case SUM:
        return SUM;
      case PROD:
        return PROD;
      case MIN:
        return MIN;
      case MAX:
        return MAX;
      case AND:
        return AND;
      case OR:
        return OR;
      default:
        return XOR;
    }
  }
}
