<#-- CpuDot: the fused dot product, one array path and one staged path per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="CpuDot" />

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.DotProduct;

/**
 * Fused dot product: chunks of {@link CpuPolicy#REDUCE_CHUNK} pairs multiplied and summed in
 * parallel by {@link DotLoops}, chunk sums combined pairwise (off-heap buffers: the same on windows
 * copied into per-thread arrays). Generated from backend-cpu/src/main/codegen/templates/CpuDot.java.
 */
record CpuDot(CpuParallel parallel) implements DotProduct {
  static final String FUSED = "fused";

  @Override
  public Number dot(DeviceBuffer a, DeviceBuffer b, CallContext call) {
    boolean onHeap = CpuBuffer.allOnHeap(a, b);
    if (a.type() != b.type() || a.length() != b.length()) {
      throw new IllegalArgumentException(
          "dot needs inputs of one type and equal length, got "
              + a.type().id()
              + "["
              + a.length()
              + "] and "
              + b.type().id()
              + "["
              + b.length()
              + "]");
    }
    call.usedVariant(FUSED);
    if (!onHeap) {
      CpuBuffer x = CpuBuffer.of(a);
      CpuBuffer y = CpuBuffer.of(b);
<@l.returnByType on="a.type()" result="dotStaged@C(x, y)" indent="      " />
    }
    Object x = CpuBuffer.arrayOf(a);
    Object y = CpuBuffer.arrayOf(b);
    int n = (int) a.length();
<@l.returnByType on="a.type()" result="dot((@T[]) x, (@T[]) y, n)" indent="    " />
  }
<#list types as type>
<#assign T = type.java>

  private ${T} dot(${T}[] x, ${T}[] y, int n) {
<@l.chunkPairwise T=T n="n" size="CpuPolicy.REDUCE_CHUNK" part="DotLoops.dot(x, y, from, to)" op="ReduceOp.SUM" />
  }

  /** The array path's chunks and loops on windows copied from (off-heap) buffers: same bits. */
  private ${T} dotStaged${T?cap_first}(CpuBuffer a, CpuBuffer b) {
<@l.stagedPairwise T=T a="a" b="b" part="DotLoops.dot((${T}[]) x, (${T}[]) y, 0, len)" op="ReduceOp.SUM" />
  }
</#list>
}
