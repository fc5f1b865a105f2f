<#-- Calls: the dispatch from an array held as Object to its typed overload, written once per call. -->
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/conformance/Calls.java" />
<#--
  byType: a method body that returns the nested call for the element type of ${arg}; the nested
  content gets the type's Java name and whether it is floating, and calls with ${var}, ${arg} as an
  array of that type. The last type is a plain cast, so another type or null fails as that cast does.
  Each line starts with ${indent} beyond the method body's own.
-->
<#macro byType arg="array" var="a" indent="">
<#list types as type>
<#assign T = type.java>
<#if type?is_last>
    ${indent}${T}[] ${var} = (${T}[]) ${arg};
    ${indent}return <#nested T type.floating>;<#rt>
<#else>
    ${indent}if (${arg} instanceof ${T}[] ${var}) {
    ${indent}  return <#nested T type.floating>;
    ${indent}}
</#if>
</#list>
</#macro>
package dev.prims.conformance;

import dev.prims.ArgResult;
import dev.prims.ByKey;
import dev.prims.ByKeyResult;
import dev.prims.HistogramResult;
import dev.prims.HistogramSpec;
import dev.prims.Moments;
import dev.prims.Predicate;
import dev.prims.Prims;
import dev.prims.Provenance;
import dev.prims.ReduceOp;
import dev.prims.Scalar;
import dev.prims.ScanKind;
import dev.prims.ScanResult;
import dev.prims.SegmentArgResult;
import dev.prims.SegmentResult;
import dev.prims.Segments;
import dev.prims.SelectResult;
import dev.prims.SortOrder;
import dev.prims.SortResult;
import dev.prims.TopKOrder;
import dev.prims.TopKResult;

/**
 * Calls the typed overloads of {@link Prims}, {@link Segments} and {@link ByKey} on an array held
 * as {@code Object}. Generated from conformance/src/main/codegen/templates/Calls.java.
 */
public final class Calls {
  private Calls() {}

  /** {@code prims.reduce(array, op)} for the array's type. */
  public static Scalar reduce(Prims prims, Object array, ReduceOp op) {
<@byType; T>prims.reduce(a, op)</@byType>
  }

  /** {@code prims.scan(array, op, kind)} for the array's type. */
  public static ScanResult<?> scan(Prims prims, Object array, ReduceOp op, ScanKind kind) {
<@byType; T>prims.scan(a, op, kind)</@byType>
  }

  /** {@code prims.dot(a, b)} for the arrays' type. */
  public static Scalar dot(Prims prims, Object a, Object b) {
<@byType arg="a" var="x"; T>prims.dot(x, (${T}[]) b)</@byType>
  }

  /** The histogram of integer keys ({@code spec} must be a keys spec) or floating values. */
  public static HistogramResult histogram(Prims prims, Object array, HistogramSpec spec) {
<@byType; T, floating>prims.histogram(a, ${floating?then("spec", "spec.bins()")})</@byType>
  }

  /** {@code prims.scan(input, output, op, kind)} for the arrays' type. */
  public static Provenance scan(
      Prims prims, Object input, Object output, ReduceOp op, ScanKind kind) {
<@byType arg="input" var="in"; T>prims.scan(in, (${T}[]) output, op, kind)</@byType>
  }

  /** {@code prims.scan(input, inputOffset, output, outputOffset, length, op, kind)} by type. */
  public static Provenance scan(
      Prims prims,
      Object input,
      int inputOffset,
      Object output,
      int outputOffset,
      int length,
      ReduceOp op,
      ScanKind kind) {
<@byType arg="input" var="in"; T>prims.scan(in, inputOffset, (${T}[]) output, outputOffset, length, op, kind)</@byType>
  }

  /** {@link #histogram(Prims, Object, HistogramSpec)} into the caller's {@code counts}. */
  public static HistogramResult histogram(
      Prims prims, Object array, HistogramSpec spec, long[] counts) {
<@byType; T, floating>prims.histogram(a, ${floating?then("spec", "spec.bins()")}, counts)</@byType>
  }

  /** {@code prims.argReduce(array, op)} for the array's type. */
  public static ArgResult argReduce(Prims prims, Object array, ReduceOp op) {
<@byType; T>prims.argReduce(a, op)</@byType>
  }

  /** {@code prims.moments(array)} for the array's type. */
  public static Moments moments(Prims prims, Object array) {
<@byType; T>prims.moments(a)</@byType>
  }

  /** {@code prims.sort(array, order)} for the array's type. */
  public static SortResult<?> sort(Prims prims, Object array, SortOrder order) {
<@byType; T>prims.sort(a, order)</@byType>
  }

  /** {@code prims.sort(keys)} (ascending) for the keys' type. */
  public static SortResult<?> sort(Prims prims, Object keys) {
<@byType arg="keys"; T>prims.sort(a)</@byType>
  }

  /** {@code prims.sort(keys, output, order)} for the arrays' type. */
  public static Provenance sort(Prims prims, Object keys, Object output, SortOrder order) {
<@byType arg="keys"; T>prims.sort(a, (${T}[]) output, order)</@byType>
  }

  /** {@code prims.sortInPlace(keys, order)} for the keys' type. */
  public static Provenance sortInPlace(Prims prims, Object keys, SortOrder order) {
<@byType arg="keys"; T>prims.sortInPlace(a, order)</@byType>
  }

  /** {@code prims.sortPairs(keys, values, order)}: keys of any type, int or long values. */
  public static Provenance sortPairs(Prims prims, Object keys, Object values, SortOrder order) {
    if (values instanceof int[] v) {
<@byType arg="keys" indent="  "; T>prims.sortPairs(a, v, order)</@byType>
    }
    long[] v = (long[]) values;
<@byType arg="keys"; T>prims.sortPairs(a, v, order)</@byType>
  }

  /** {@code prims.topK(array, k, order)} for the array's type. */
  public static TopKResult<?> topK(Prims prims, Object array, int k, TopKOrder order) {
<@byType; T>prims.topK(a, k, order)</@byType>
  }

  /**
   * {@code prims.select(array, predicate)}, or {@code prims.partition(array, predicate)} where
   * {@code partition}, for the array's type.
   */
  public static SelectResult<?> select(
      Prims prims, Object array, Predicate predicate, boolean partition) {
<@byType; T>partition ? prims.partition(a, predicate) : prims.select(a, predicate)</@byType>
  }

  /** {@link #select(Prims, Object, Predicate, boolean)} by {@code flags[i] != 0}. */
  public static SelectResult<?> select(Prims prims, Object array, int[] flags, boolean partition) {
<@byType; T>partition ? prims.partition(a, flags) : prims.select(a, flags)</@byType>
  }

  /** {@code segments.reduce(array, op)} for the array's type. */
  public static SegmentResult<?> reduce(Segments segments, Object array, ReduceOp op) {
<@byType; T>segments.reduce(a, op)</@byType>
  }

  /** {@code segments.scan(array, op, kind)} for the array's type. */
  public static ScanResult<?> scan(Segments segments, Object array, ReduceOp op, ScanKind kind) {
<@byType; T>segments.scan(a, op, kind)</@byType>
  }

  /** {@code segments.argReduce(array, op)} for the array's type. */
  public static SegmentArgResult<?> argReduce(Segments segments, Object array, ReduceOp op) {
<@byType; T>segments.argReduce(a, op)</@byType>
  }

  /** {@code byKey.reduce(array, op)} for the array's type. */
  public static <K> ByKeyResult<K, ?> reduce(ByKey<K> byKey, Object array, ReduceOp op) {
<@byType; T>byKey.reduce(a, op)</@byType>
  }

  /** {@code byKey.scan(array, op, kind)} for the array's type. */
  public static ScanResult<?> scan(ByKey<?> byKey, Object array, ReduceOp op, ScanKind kind) {
<@byType; T>byKey.scan(a, op, kind)</@byType>
  }
}
