<#--
  The scan family of the cpu backend, one piece per element type of data/types.tdd: ScanLoops (the
  sequential loops), ScanChunks (a scan's per-chunk steps on Java arrays, over ranges) and
  StagedScanChunks (the same steps for off-heap buffers, through per-thread windows). Integer and
  floating types differ in the branches marked "floating": floating types have no bitwise
  operators, and their sums scan each chunk as two interleaved half-chunk chains.
-->
<@pp.dropOutputFile />
<#function cap type><#return type.java?cap_first></#function>
<#function ops type>
  <#if type.floating>
    <#return ["SUM", "PROD", "MIN", "MAX"]>
  <#else>
    <#return ["SUM", "PROD", "MIN", "MAX", "AND", "OR", "XOR"]>
  </#if>
</#function>
<#-- The statement that folds x into acc for operator op. -->
<#function step op>
  <#switch op>
    <#case "SUM"><#return "acc += x">
    <#case "PROD"><#return "acc *= x">
    <#case "MIN"><#return "acc = Math.min(acc, x)">
    <#case "MAX"><#return "acc = Math.max(acc, x)">
    <#case "AND"><#return "acc &= x">
    <#case "OR"><#return "acc |= x">
    <#default><#return "acc ^= x">
  </#switch>
</#function>
<#--
  The carry chain's state, shared by both step classes of a type: chunk totals, carries (carry[0] the
  identity) and, for floating sums, the first half of each chunk's total.
-->
<#macro carryFields type>
<#local T = type.java>
    private final ${T}[] total;
    private final ${T}[] carry;
<#if type.floating>
    private final ${T}[] firstHalf;
</#if>
</#macro>
<#macro carryInit type>
<#local T = type.java>
      this.total = new ${T}[Math.max(chunks, 1)];
      this.carry = new ${T}[Math.max(chunks, 1)];
<#if type.floating>
      this.firstHalf = new ${T}[Math.max(chunks, 1)];
</#if>
      carry[0] = op.identity(DType.${T?upper_case}).${T}Value();
</#macro>
<#macro chainStep>
    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }
</#macro>
<@pp.changeOutputFile name="/dev/prims/cpu/ScanLoops.java" />
package dev.prims.cpu;

import dev.prims.ReduceOp;

/**
 * Sequential scan loops over the input range {@code [from, to)} into the output from {@code
 * outFrom}, starting from {@code carry}, one loop per type, operator and kind with the switch
 * outside the loop. Each element is read before its output is written, so {@code in} and {@code
 * out} may be the same array with {@code outFrom == from}. The loops return the running value
 * after the last element ({@code carry op} all of {@code [from, to)}).
 *
 * <p>Generated from backend-cpu/src/main/codegen/templates/ScanFamily.java.
 */
final class ScanLoops {
  private ScanLoops() {}
<#list types as type>
<#assign T = type.java>

  static ${T} scan(
      ${T}[] in,
      int from,
      int to,
      ${T}[] out,
      int outFrom,
      ${T} carry,
      ReduceOp op,
      boolean inclusive) {
    ${T} acc = carry;
    int shift = outFrom - from;
    switch (op) {
<#list ops(type) as op>
      <#if op?has_next>case ${op}:<#else>default:</#if>
        if (inclusive) {
          for (int i = from; i < to; i++) {
            ${T} x = in[i];
            ${step(op)};
            out[i + shift] = acc;
          }
        } else {
          for (int i = from; i < to; i++) {
            ${T} x = in[i];
            out[i + shift] = acc;
            ${step(op)};
          }
        }
        return acc;
</#list>
    }
  }
<#if type.floating>

  /**
   * Sum scan of the input {@code [from, to)} as two interleaved chains, so two additions are in
   * flight: the first half {@code [from, mid)} from {@code carryA}, the second half from {@code
   * carryB} (the caller's {@code carryA + total of the first half}); results from {@code outFrom}.
   * {@code mid} must be {@code from + (to - from + 1) / 2}.
   */
  static void sumTwoChains(
      ${T}[] in,
      int from,
      int mid,
      int to,
      ${T}[] out,
      int outFrom,
      ${T} carryA,
      ${T} carryB,
      boolean inclusive) {
    ${T} a = carryA;
    ${T} b = carryB;
    int shift = outFrom - from;
    int len2 = to - mid;
    if (inclusive) {
      for (int j = 0; j < len2; j++) {
        ${T} x = in[from + j];
        ${T} y = in[mid + j];
        a += x;
        b += y;
        out[from + j + shift] = a;
        out[mid + j + shift] = b;
      }
      if (mid - from > len2) {
        out[mid - 1 + shift] = a + in[mid - 1];
      }
    } else {
      for (int j = 0; j < len2; j++) {
        ${T} x = in[from + j];
        ${T} y = in[mid + j];
        out[from + j + shift] = a;
        out[mid + j + shift] = b;
        a += x;
        b += y;
      }
      if (mid - from > len2) {
        out[mid - 1 + shift] = a;
      }
    }
  }
</#if>
</#list>
}
<@pp.changeOutputFile name="/dev/prims/cpu/ScanChunks.java" />
package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.ReduceOp;

/**
 * The per-chunk steps of a scan, one implementation per type, shared by the scan drivers: a chunk's
 * total, the carry chain {@code carry[c + 1] = carry[c] op total[c]} (always in chunk order, so
 * every driver and thread count gives the same bits), and the chunk's local scan from its carry.
 * Chunks are {@link CpuPolicy#SCAN_CHUNK} elements (integer scans may take longer ones, see {@link
 * CpuPolicy#scanChunk}), counted from the start of the scanned range.
 *
 * <p>Generated from backend-cpu/src/main/codegen/templates/ScanFamily.java.
 */
abstract class ScanChunks {
  final long n;
  /** Elements per chunk: {@link CpuPolicy#SCAN_CHUNK}, or for integers {@link CpuPolicy#scanChunk}. */
  final int chunkSize;
  final int chunks;
  final ReduceOp op;
  final boolean inclusive;

  ScanChunks(long n, int chunkSize, ReduceOp op, boolean inclusive) {
    this.n = n;
    this.chunkSize = chunkSize;
    this.chunks = CpuPolicy.chunks(n, chunkSize);
    this.op = op;
    this.inclusive = inclusive;
  }

  /**
   * Steps for scanning {@code in[inOffset, inOffset + n)} into {@code out[outOffset, outOffset +
   * n)} (arrays of one type; the same array when the offsets are equal or the ranges disjoint) in
   * chunks of {@code chunkSize} elements ({@link CpuPolicy#SCAN_CHUNK} for floating types, whose
   * bits it fixes).
   */
  static ScanChunks of(
      DType type,
      Object in,
      int inOffset,
      Object out,
      int outOffset,
      int n,
      int chunkSize,
      ReduceOp op,
      boolean inclusive) {
    switch (type) {
<#list types as type>
      <#if type?has_next>case ${type.java?upper_case}:<#else>default:</#if>
        return new ${cap(type)}s(
            (${type.java}[]) in,
            inOffset,
            (${type.java}[]) out,
            outOffset,
            n,
            chunkSize,
            op,
            inclusive);
</#list>
    }
  }

  /** Computes the total of {@code chunk} (needed for every chunk but the last). */
  abstract void total(int chunk);

  /** Sets {@code carry[chunk + 1]} from {@code carry[chunk]} and the chunk's total. */
  abstract void chain(int chunk);

  /** Scans {@code chunk} starting from {@code carry[chunk]}. */
  abstract void scan(int chunk);

  /**
   * Scans {@code chunk} once {@code carry[chunk]} is known, and sets {@code carry[chunk + 1]}
   * unless it is the last: the chunks taken in order on one thread. Floating types take the three
   * steps, whose order fixes the bits; integer types scan in one pass and carry the running value
   * on, which is exactly {@code carry[chunk] op total}.
   */
  void inOrder(int chunk) {
    if (chunk < chunks - 1) {
      total(chunk);
      chain(chunk);
    }
    scan(chunk);
  }

  /** Index of a chunk's first element (64-bit). */
  final long first(int chunk) {
    return (long) chunk * chunkSize;
  }

  /** Number of elements in a chunk. */
  final int length(int chunk) {
    return CpuPolicy.chunkLength(n, chunkSize, chunk);
  }

  final int start(int chunk) {
    return chunk * chunkSize;
  }

  /** Start of a chunk's second half (its first half is the longer one when odd). */
  final int mid(int chunk) {
    int from = start(chunk);
    return from + (end(chunk) - from + 1) / 2;
  }

  final int end(int chunk) {
    return (int) Math.min(n, (long) (chunk + 1) * chunkSize);
  }
<#list types as type>
<#assign T = type.java>

  private static final class ${cap(type)}s extends ScanChunks {
    private final ${T}[] in;
    private final int inBase;
    private final ${T}[] out;
    private final int outBase;
<@carryFields type />

    ${cap(type)}s(
        ${T}[] in,
        int inBase,
        ${T}[] out,
        int outBase,
        int n,
        int chunkSize,
        ReduceOp op,
        boolean inclusive) {
      super(n, chunkSize, op, inclusive);
      this.in = in;
      this.inBase = inBase;
      this.out = out;
      this.outBase = outBase;
<@carryInit type />
    }

    @Override
    void total(int chunk) {
<#if type.floating>
      int from = inBase + start(chunk);
      int to = inBase + end(chunk);
      if (op == ReduceOp.SUM) {
        int mid = inBase + mid(chunk);
        firstHalf[chunk] = ReduceLoops.sum(in, from, mid);
        total[chunk] = firstHalf[chunk] + ReduceLoops.sum(in, mid, to);
      } else {
        total[chunk] = ReduceLoops.reduce(in, from, to, op);
      }
<#else>
      total[chunk] = ReduceLoops.reduce(in, inBase + start(chunk), inBase + end(chunk), op);
</#if>
    }

<@chainStep />

    @Override
    void scan(int chunk) {
      int from = inBase + start(chunk);
      int to = inBase + end(chunk);
      int outFrom = outBase + start(chunk);
<#if type.floating>
      if (op == ReduceOp.SUM) {
        int mid = inBase + mid(chunk);
        ${T} first = chunk < chunks - 1 ? firstHalf[chunk] : ReduceLoops.sum(in, from, mid);
        ${T} carryA = carry[chunk];
        ScanLoops.sumTwoChains(in, from, mid, to, out, outFrom, carryA, carryA + first, inclusive);
      } else {
        ScanLoops.scan(in, from, to, out, outFrom, carry[chunk], op, inclusive);
      }
<#else>
      ScanLoops.scan(in, from, to, out, outFrom, carry[chunk], op, inclusive);
</#if>
    }
<#if !type.floating>

    @Override
    void inOrder(int chunk) {
      ${T} next =
          ScanLoops.scan(
              in,
              inBase + start(chunk),
              inBase + end(chunk),
              out,
              outBase + start(chunk),
              carry[chunk],
              op,
              inclusive);
      if (chunk < chunks - 1) {
        carry[chunk + 1] = next;
      }
    }
</#if>
  }
</#list>
}
<@pp.changeOutputFile name="/dev/prims/cpu/StagedScanChunks.java" />
package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.ReduceOp;

/**
 * {@link ScanChunks} for buffers of which one at least lives off the heap: each step copies its
 * chunk into this thread's window (see {@link CpuScratch}), runs the array path's loops on it in
 * place, and copies scanned chunks out, so the result has the array path's bits. The input may be
 * the output (in place), as on the array path.
 *
 * <p>Generated from backend-cpu/src/main/codegen/templates/ScanFamily.java.
 */
abstract class StagedScanChunks extends ScanChunks {
  final CpuBuffer in;
  final CpuBuffer out;

  private StagedScanChunks(
      CpuBuffer in, CpuBuffer out, int chunkSize, ReduceOp op, boolean inclusive) {
    super(in.length(), chunkSize, op, inclusive);
    this.in = in;
    this.out = out;
  }

  /**
   * Steps for scanning {@code in} into {@code out} (of one type; may be the same buffer) in chunks
   * of {@code chunkSize} elements.
   */
  static ScanChunks of(
      CpuBuffer in, CpuBuffer out, int chunkSize, ReduceOp op, boolean inclusive) {
    switch (in.type()) {
<#list types as type>
      <#if type?has_next>case ${type.java?upper_case}:<#else>default:</#if>
        return new ${cap(type)}s(in, out, chunkSize, op, inclusive);
</#list>
    }
  }

  /** This thread's window holding the input of {@code chunk}. */
  final Object load(int chunk) {
    int len = length(chunk);
    Object window = CpuScratch.first(in.type(), len);
    in.load(first(chunk), window, 0, len);
    return window;
  }

  /** Copies the scanned {@code window} of {@code chunk} to the output. */
  final void store(int chunk, Object window) {
    out.store(first(chunk), window, 0, length(chunk));
  }
<#list types as type>
<#assign T = type.java>

<#if type.floating>
  /** Floating sums run as two half-chunk chains, exactly as {@link ScanChunks}' ${T}s do. */
</#if>
  private static final class ${cap(type)}s extends StagedScanChunks {
<@carryFields type />

    ${cap(type)}s(CpuBuffer in, CpuBuffer out, int chunkSize, ReduceOp op, boolean inclusive) {
      super(in, out, chunkSize, op, inclusive);
<@carryInit type />
    }

    @Override
    void total(int chunk) {
<#if type.floating>
      ${T}[] w = (${T}[]) load(chunk);
      int len = length(chunk);
      if (op == ReduceOp.SUM) {
        int mid = (len + 1) / 2;
        firstHalf[chunk] = ReduceLoops.sum(w, 0, mid);
        total[chunk] = firstHalf[chunk] + ReduceLoops.sum(w, mid, len);
      } else {
        total[chunk] = ReduceLoops.reduce(w, 0, len, op);
      }
<#else>
      total[chunk] = ReduceLoops.reduce((${T}[]) load(chunk), 0, length(chunk), op);
</#if>
    }

<@chainStep />

    @Override
    void scan(int chunk) {
      ${T}[] w = (${T}[]) load(chunk);
      int len = length(chunk);
<#if type.floating>
      if (op == ReduceOp.SUM) {
        int mid = (len + 1) / 2;
        ${T} first = chunk < chunks - 1 ? firstHalf[chunk] : ReduceLoops.sum(w, 0, mid);
        ${T} carryA = carry[chunk];
        ScanLoops.sumTwoChains(w, 0, mid, len, w, 0, carryA, carryA + first, inclusive);
      } else {
        ScanLoops.scan(w, 0, len, w, 0, carry[chunk], op, inclusive);
      }
<#else>
      ScanLoops.scan(w, 0, len, w, 0, carry[chunk], op, inclusive);
</#if>
      store(chunk, w);
    }
  }
</#list>
}
