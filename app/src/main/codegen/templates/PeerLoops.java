<#-- PeerLoops: the typed loops of CpuPeers' JDK peers, one branch per element type. -->
<#import "/@includes/branch.ftl" as b>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/app/bench/PeerLoops.java" />
package dev.prims.app.bench;

import dev.prims.DType;
import dev.prims.EvenBins;
import dev.prims.HistogramSpec;
import java.util.Arrays;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * The loops of {@link CpuPeers}' JDK peers over an int, long, float or double array: parallel
 * streams, {@link Arrays#parallelPrefix} and plain serial loops, each returning a value to keep
 * the work alive. Generated from app/src/main/codegen/templates/PeerLoops.java.
 */
final class PeerLoops {
  private PeerLoops() {}
<#assign floating = {"float": true, "double": true, "int": false, "long": false}>
<#assign boxed = {"double": "Double", "int": "Integer", "long": "Long"}>
<#assign streamMap = {"float": "mapToDouble", "double": "mapToDouble", "int": "map", "long": "mapToLong"}>

  /** A copy of the array {@code values}. */
  static Object copy(Object values) {
<@b.perType of=types; T>
      return a.clone();
</@b.perType>
  }

  /** {@code source} copied over {@code target} (arrays of one type and length); returns target. */
  static Object copyInto(Object source, Object target) {
    System.arraycopy(source, 0, target, 0, java.lang.reflect.Array.getLength(source));
    return target;
  }

  static double serialSum(Object values) {
<@b.perType of=types; T>
      ${T} s = 0;
      for (${T} v : a) {
        s += v;
      }
      return s;
</@b.perType>
  }

  /**
   * {@link Arrays#parallelPrefix} in place of an int, long or double array (on a scratch copy the
   * values grow run after run, which costs nothing extra); float arrays come widened to doubles.
   */
  static double parallelPrefix(Object values) {
<#assign prefixed = types?filter(t -> t.java != "float")>
<@b.perType of=prefixed; T>
      Arrays.parallelPrefix(a, ${boxed[T]}::sum);
      return a[a.length - 1];
</@b.perType>
  }

  /** The inclusive prefix sums of {@code values} into {@code output}, serially. */
  static double serialPrefix(Object values, Object output) {
<@b.perType of=types; T>
      ${T}[] out = (${T}[]) output;
      ${T} s = 0;
      for (int i = 0; i < a.length; i++) {
        s += a[i];
        out[i] = s;
      }
      return s;
</@b.perType>
  }

  /**
   * Integer keys in bin k when {@code 0 <= k < counts.length}, floating values in even bins over
   * [0, 1).
   */
  static double serialHistogram(Object values, long[] counts) {
    Arrays.fill(counts, 0);
    int bins = counts.length;
<@b.perType of=types; T>
<#if floating[T]>
      EvenBins even = EvenBins.of(HistogramSpec.even(bins, 0, 1), DType.${T?upper_case});
      for (${T} v : a) {
        int bin = even.binOf(v);
        if (bin >= 0) {
          counts[bin]++;
        }
      }
<#else>
      for (${T} k : a) {
        if (k >= 0 && k < bins) {
          counts[<#if T == "long">(int) </#if>k]++;
        }
      }
</#if>
</@b.perType>
    return counts[0];
  }

  /** The dot product of {@code values} and {@code other} by a parallel {@link IntStream}. */
  static double parallelDot(Object values, Object other) {
<@b.perType of=types; T>
      ${T}[] y = (${T}[]) other;
      return IntStream.range(0, a.length).parallel().${streamMap[T]}(i -> a[i] * y[i]).sum();
</@b.perType>
  }

  static double serialDot(Object values, Object other) {
<@b.perType of=types; T>
      ${T}[] y = (${T}[]) other;
      ${T} s = 0;
      for (int i = 0; i < a.length; i++) {
        s += a[i] * y[i];
      }
      return s;
</@b.perType>
  }

  /**
   * The first value of each run of equal adjacent int or long {@code values}, as a Java user writes
   * it with a loop: into a full-size array, trimmed; each run's length is counted into {@code
   * lengths} (as long as the values) where not null.
   */
  static Object serialRuns(Object values, long[] lengths) {
<@b.perType of=types?filter(t -> t.java == "int" || t.java == "long"); T>
      ${T}[] out = new ${T}[a.length];
      int m = 0;
      for (int i = 0; i < a.length; i++) {
        if (i == 0 || a[i] != a[i - 1]) {
          out[m++] = a[i];
        }
        if (lengths != null) {
          lengths[m - 1]++;
        }
      }
      return Arrays.copyOf(out, m);
</@b.perType>
  }

  /** A sorted copy of {@code values}, by {@link Arrays#parallelSort} or {@link Arrays#sort}. */
  static Object sortedCopy(Object values, boolean parallel) {
<@b.perType of=types; T>
      ${T}[] c = a.clone();
      if (parallel) {
        Arrays.parallelSort(c);
      } else {
        Arrays.sort(c);
      }
      return c;
</@b.perType>
  }

  /** {@code values} sorted in place by {@link Arrays#parallelSort}; returns it. */
  static Object parallelSort(Object values) {
<@b.perType of=types; T>
      Arrays.parallelSort(a);
      return a;
</@b.perType>
  }

  /** The {@code k} smallest of {@code values} in order: a parallel-sorted copy, cut to k. */
  static Object sortedPrefix(Object values, int k) {
<@b.perType of=types; T>
      ${T}[] c = a.clone();
      Arrays.parallelSort(c);
      return Arrays.copyOf(c, k);
</@b.perType>
  }

<#assign upperHalf = {"float": "0.5f", "double": "0.5", "int": "500", "long": "500"}>
  /**
   * The upper half of {@link DataSet}'s values ({@code x >= 0.5} for floating values, {@code x >=
   * 500} for integers) by a parallel stream filter; float values, which have no stream, by the
   * indices of an {@link IntStream} filter.
   */
  static Object parallelUpperHalf(Object values) {
<@b.perType of=types; T>
<#if T == "float">
      int[] at =
          IntStream.range(0, a.length).parallel().filter(i -> a[i] >= ${upperHalf[T]}).toArray();
      ${T}[] out = new ${T}[at.length];
      for (int i = 0; i < at.length; i++) {
        out[i] = a[at[i]];
      }
      return out;
<#else>
      return Arrays.stream(a).parallel().filter(x -> x >= ${upperHalf[T]}).toArray();
</#if>
</@b.perType>
  }

  /**
   * The upper half of {@link DataSet}'s values by a serial loop into a full-size array, trimmed
   * (long values by a sequential {@link LongStream} filter).
   */
  static Object serialUpperHalf(Object values) {
<@b.perType of=types; T>
<#if T == "long">
      return LongStream.of(a).filter(x -> x >= ${upperHalf[T]}).toArray();
<#else>
      ${T}[] out = new ${T}[a.length];
      int m = 0;
      for (${T} x : a) {
        if (x >= ${upperHalf[T]}) {
          out[m++] = x;
        }
      }
      return Arrays.copyOf(out, m);
</#if>
</@b.perType>
  }

  /** The index of the first largest of {@code values[from, to)} ({@code from < to}) by {@code >}. */
  static long firstArgMax(Object values, int from, int to) {
    int at = from;
<@b.perType of=types; T>
      for (int i = from + 1; i < to; i++) {
        if (a[i] > a[at]) {
          at = i;
        }
      }
</@b.perType>
    return at;
  }
}
