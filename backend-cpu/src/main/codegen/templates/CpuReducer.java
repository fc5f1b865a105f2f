<#-- CpuReducer: the blocked reduce, one array path and one staged path per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="CpuReducer" />

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import dev.prims.spi.Reducer;

/**
 * Blocked reduce: chunks of {@link CpuPolicy#REDUCE_CHUNK} elements reduced in parallel by {@link
 * ReduceLoops}, their results combined pairwise (integer inputs too small to give every thread a
 * chunk are split into one share per thread: their answers do not depend on the split). Off-heap buffers take the same steps on chunks
 * copied into per-thread windows, with the same bits. Generated from
 * backend-cpu/src/main/codegen/templates/CpuReducer.java.
 */
record CpuReducer(CpuParallel parallel) implements Reducer {
  static final String BLOCKED = "blocked";

  @Override
  public Number reduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    call.usedVariant(BLOCKED);
    if (!CpuBuffer.allOnHeap(input)) {
      CpuBuffer in = CpuBuffer.of(input);
<@l.returnByType on="in.type()" result="reduceStaged@C(in, op)" indent="      " />
    }
    Object array = CpuBuffer.arrayOf(input);
    int n = (int) input.length();
<@l.returnByType on="input.type()" result="reduce((@T[]) array, n, op)" indent="    " />
  }
<#list types as type>
<#assign T = type.java>

  private ${T} reduce(${T}[] a, int n, ReduceOp op) {
<#if type.floating>
    // fixed chunks: they fix the order of the floating operations, whatever the thread count
    int size = CpuPolicy.REDUCE_CHUNK;
<#else>
    // integer answers do not depend on the split: small inputs still reach every worker
    int size = CpuPolicy.integerReduceChunk(n, parallel.threads());
</#if>
    if (CpuPolicy.chunks(n, size) <= 1) {
      return ReduceLoops.reduce(a, 0, n, op);
    }
<@l.chunkPairwise T=T n="n" size="size" part="ReduceLoops.reduce(a, from, to, op)" op="op" />
  }

  /**
   * The same chunks, loops and pairwise combination as the array path, each chunk first copied into
   * this thread's window, so the result has the same bits.
   */
  private ${T} reduceStaged${T?cap_first}(CpuBuffer in, ReduceOp op) {
<@l.stagedPairwise T=T a="in" b="null" part="ReduceLoops.reduce((${T}[]) x, 0, len, op)" op="op" />
  }
</#list>
}
