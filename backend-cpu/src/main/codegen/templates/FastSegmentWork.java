<#-- FastSegmentWork: fast-mode segmented work, one switch branch per element type. -->
<#import "/@includes/loops.ftl" as l>
<#function boxed type>
  <#return {"int": "Integer", "long": "Long", "float": "Float", "double": "Double"}[type.java]>
</#function>
<@l.javaFile name="FastSegmentWork" />

import dev.prims.DType;
import dev.prims.ReduceOp;
import java.lang.reflect.Array;
import java.util.function.IntToLongFunction;

/**
 * {@link SegmentWork} of fast mode on one type: ranges reduced by {@link ReduceLoops} and scanned
 * by {@link ScanLoops}; partials and carries kept in arrays of the type, combined in chunk order.
 * Generated from backend-cpu/src/main/codegen/templates/FastSegmentWork.java.
 */
final class FastSegmentWork implements SegmentWork {
  private final DType type;
  private final Object in;
  private final Object out;
  private final ReduceOp op;
  private final boolean inclusive;
  private final Object heads;
  private final Object tails;
  private final Object carries;
  private final Number identity;

  /** Work reading {@code in} and writing {@code out} (per segment or per element) over chunks. */
  FastSegmentWork(DType type, Object in, Object out, ReduceOp op, boolean inclusive, int chunks) {
    this.type = type;
    this.in = in;
    this.out = out;
    this.op = op;
    this.inclusive = inclusive;
    Class<?> component = in.getClass().getComponentType();
    this.heads = Array.newInstance(component, chunks);
    this.tails = Array.newInstance(component, chunks);
    this.carries = Array.newInstance(component, chunks);
    this.identity = op.identity(type);
  }

  @Override
  public void whole(int seg, int from, int to) {
    reduceInto(out, seg, from, to);
  }

  @Override
  public void wholes(int first, int end, IntToLongFunction offsets) {
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@l.case type=type last=type?is_last /> ->
          ReduceLoops.reduceSegments((${T}[]) in, offsets, first, end, (${T}[]) out, op);
</#list>
    }
  }

  @Override
  public void head(int chunk, int from, int to) {
    reduceInto(heads, chunk, from, to);
  }

  @Override
  public void tail(int chunk, int from, int to) {
    reduceInto(tails, chunk, from, to);
  }

  private void reduceInto(Object target, int at, int from, int to) {
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@l.case type=type last=type?is_last /> -> ((${T}[]) target)[at] = ReduceLoops.reduce((${T}[]) in, from, to, op);
</#list>
    }
  }

  @Override
  public void span(int seg, int tailChunk, int lastChunk) {
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@l.case type=type last=type?is_last /> -> {
        ${T}[] h = (${T}[]) heads;
        ${T} acc = ((${T}[]) tails)[tailChunk];
        for (int c = tailChunk + 1; c <= lastChunk; c++) {
          acc = ReduceLoops.apply(op, acc, h[c]);
        }
        ((${T}[]) out)[seg] = acc;
      }
</#list>
    }
  }

  @Override
  public void empty(int seg) {
    Array.set(out, seg, identity);
  }

  @Override
  public void carry(int chunk, boolean fromTail) {
    int p = chunk - 1;
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@l.case type=type last=type?is_last /> -> {
        ${T}[] c = (${T}[]) carries;
        c[chunk] = fromTail ? ((${T}[]) tails)[p] : ReduceLoops.apply(op, c[p], ((${T}[]) heads)[p]);
      }
</#list>
    }
  }

  @Override
  public void scanHead(int chunk, int from, int to) {
    scan(from, to, Array.get(carries, chunk));
  }

  @Override
  public void scanFresh(int from, int to) {
    scan(from, to, identity);
  }

  private void scan(int from, int to, Object carry) {
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@l.case type=type last=type?is_last /> ->
          ScanLoops.scan((${T}[]) in, from, to, (${T}[]) out, from, (${boxed(type)}) carry, op, inclusive);
</#list>
    }
  }
}
