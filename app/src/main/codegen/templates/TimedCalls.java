<#-- TimedCalls: the timed prims calls on Java arrays, one typed closure per element type. -->
<#import "/@includes/branch.ftl" as b>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/app/bench/TimedCalls.java" />
<#assign floating = {"float": true, "double": true, "int": false, "long": false}>
package dev.prims.app.bench;

import dev.prims.HistogramSpec;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;

/**
 * The calls {@code prims bench} times on Java arrays: each a closure over the typed overload, its
 * arrays cast (and made) before timing, so the timed call does no dispatch on the element type.
 * Generated from app/src/main/codegen/templates/TimedCalls.java.
 */
final class TimedCalls {
  private TimedCalls() {}

  /** {@code view.reduce(values, op)}. */
  static Runnable reduce(Prims view, Object values, ReduceOp op) {
<@b.perType of=types; T>
      return () -> view.reduce(a, op);
</@b.perType>
  }

  /** {@code view.scan(values, op, kind)}. */
  static Runnable scan(Prims view, Object values, ReduceOp op, ScanKind kind) {
<@b.perType of=types; T>
      return () -> view.scan(a, op, kind);
</@b.perType>
  }

  /**
   * A scan into an array made once, {@code length} long, or with {@code inPlace} a scan of a copy
   * of {@code values} over itself (each run scans the last one's answer).
   */
  static Runnable scanInto(
      Prims view, Object values, int length, ReduceOp op, ScanKind kind, boolean inPlace) {
<@b.perType of=types; T>
      ${T}[] in = inPlace ? a.clone() : a;
      ${T}[] out = inPlace ? in : new ${T}[length];
      return () -> view.scan(in, out, op, kind);
</@b.perType>
  }

  /** The histogram of integer keys into {@code spec.bins()} bins, or of floating values by spec. */
  static Runnable histogram(Prims view, Object values, HistogramSpec spec) {
<@b.perType of=types; T>
<#if floating[T]>
      return () -> view.histogram(a, spec);
<#else>
      int bins = spec.bins();
      return () -> view.histogram(a, bins);
</#if>
</@b.perType>
  }

  /** {@code view.dot(values, other)}. */
  static Runnable dot(Prims view, Object values, Object other) {
<@b.perType of=types; T>
      ${T}[] b = (${T}[]) other;
      return () -> view.dot(a, b);
</@b.perType>
  }
}
