<#-- Scan kernels, one per element type: IntScanKernel ... DoubleScanKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@pp.dropOutputFile />
<#list types as type>
<#assign T = type.java>
<#assign name = k.cap(type) + "ScanKernel">
<@pp.changeOutputFile name="/dev/prims/aparapi/${name}.java" />
package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Scan of ${T} values by reduce-then-scan. Each group owns one contiguous chunk of the input.
 * Phase {@link ScanKernel#PHASE_REDUCE} writes each chunk's total to {@code partials}; the host
 * scans those into {@code offsets}; phase {@link ScanKernel#PHASE_SCAN} scans each chunk tile by
 * tile (Hillis-Steele in local memory) starting from its offset.
<#if type.floating>
 * MIN/MAX follow {@link Math#min}/{@link Math#max} (NaN wins, -0.0 below 0.0); sums accumulate in
 * ${T}.
<#else>
 * Arithmetic wraps like Java's.
</#if>
 * Generated from backend-aparapi/src/main/codegen/templates/ScanKernel.java.
 */
final class ${name} extends Kernel implements ScanKernel {
  ${T}[] input = new ${T}[1];
  ${T}[] output = new ${T}[1];
  ${T}[] partials = new ${T}[1];
  ${T}[] offsets = new ${T}[1];
  int n;
  int op;
  ${T} identity;
  int exclusive;
  int chunk;
  int phase;
  @Local ${T}[] scratch = new ${T}[AparapiScanPolicy.BLOCK_SIZE];

  @Override
  public void bind(Object input, Object output, int n, int op, Number identity, boolean exclusive) {
    this.input = (${T}[]) input;
    this.output = (${T}[]) output;
    this.n = n;
    this.op = op;
    this.identity = identity.${T}Value();
    this.exclusive = exclusive ? 1 : 0;
  }

  @Override
  public void shape(int chunk, int groups) {
    this.chunk = chunk;
    if (partials.length < groups) {
      partials = new ${T}[groups];
      offsets = new ${T}[groups];
    }
  }

  @Override
  public void phase(int phase) {
    this.phase = phase;
  }

  @Override
  public Object partials() {
    return partials;
  }

  @Override
  public Object offsets() {
    return offsets;
  }

  @Override
  public void run() {
    int lid = getLocalId();
    int group = getGroupId();
    long from = (long) group * chunk;
    int start = n;
    if (from < n) {
      start = (int) from;
    }
    int len = n - start;
    if (len > chunk) {
      len = chunk;
    }
    if (phase == ScanKernel.PHASE_REDUCE) {
      reduceChunk(lid, group, start, len);
    } else {
      scanChunk(lid, group, start, len);
    }
  }

  private void reduceChunk(int lid, int group, int start, int len) {
    ${T} acc = identity;
    for (int k = lid; k < len; k = k + AparapiScanPolicy.BLOCK_SIZE) {
      acc = combine(acc, input[start + k]);
    }
    scratch[lid] = acc;
<@k.tree i="    " policy="AparapiScanPolicy" target="partials[group]" useCombine=true />
  }

  private void scanChunk(int lid, int group, int start, int len) {
    ${T} carry = offsets[group];
    for (int base = 0; base < len; base = base + AparapiScanPolicy.BLOCK_SIZE) {
      int k = base + lid;
      ${T} x = identity;
      if (k < len) {
        x = input[start + k];
      }
      scratch[lid] = x;
      localBarrier();
      for (int offset = 1; offset < AparapiScanPolicy.BLOCK_SIZE; offset = offset * 2) {
        ${T} v = scratch[lid];
        if (lid >= offset) {
          v = combine(scratch[lid - offset], v);
        }
        localBarrier();
        scratch[lid] = v;
        localBarrier();
      }
      if (k < len) {
        if (exclusive == 0) {
          output[start + k] = combine(carry, scratch[lid]);
        } else if (lid == 0) {
          output[start + k] = carry;
        } else {
          output[start + k] = combine(carry, scratch[lid - 1]);
        }
      }
      carry = combine(carry, scratch[AparapiScanPolicy.BLOCK_SIZE - 1]);
      localBarrier();
    }
  }

<@k.combine type=type />
}
</#list>
