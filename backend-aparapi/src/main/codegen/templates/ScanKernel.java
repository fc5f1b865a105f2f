<#-- Scan kernels, one per element type: IntScanKernel ... DoubleScanKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="ScanKernel"; type, T, name>

/**
 * Scan of ${T} values by reduce-then-scan, in one run of {@link ScanKernel#PASSES} passes so that
 * no data goes through the host. Each group owns one contiguous chunk of the input, a whole number
 * of tiles of {@link AparapiScanPolicy#TILE} elements. Pass {@link ScanKernel#PASS_REDUCE} writes
 * each chunk's total to {@code partials}; in pass {@link ScanKernel#PASS_SCAN} each group first
 * combines the totals of the chunks before its own into its offset (a few thousand values at most,
 * read by every group, which saves a pass that would scan them), then scans its chunk tile by tile
 * from that offset: a tile is loaded coalesced into local memory, each work-item scans its
 * {@link AparapiScanPolicy#ITEMS_PER_THREAD} consecutive elements, the work-items' totals are
 * scanned in local memory (Hillis-Steele), and the tile is written back coalesced.
<@k.arithmetic type=type />
 * Generated from backend-aparapi/src/main/codegen/templates/ScanKernel.java.
 */
final class ${name} extends Kernel implements ScanKernel {
  ${T}[] input = new ${T}[1];
  ${T}[] output = new ${T}[1];
  ${T}[] partials = new ${T}[1];
  int n;
  int op;
  ${T} identity;
  int exclusive;
  int chunk;
  int groups;
  @Local ${T}[] scratch = new ${T}[AparapiScanPolicy.BLOCK_SIZE];
  @Local ${T}[] tile = new ${T}[AparapiScanPolicy.PADDED_TILE];

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
    this.groups = groups;
    if (partials.length < groups) {
      partials = new ${T}[groups];
    }
  }

  @Override
  public void run() {
    int lid = getLocalId();
    int group = getGroupId();
    int start = chunkStart(group);
    int len = chunkLength(start);
    int pass = getPassId();
    if (pass == ScanKernel.PASS_REDUCE) {
      reduceChunk(lid, group, start, len);
    } else {
      scanChunk(lid, group, start, len);
    }
  }

<@k.chunkBounds />

  private void reduceChunk(int lid, int group, int start, int len) {
    ${T} acc = identity;
    int base = 0;
    for (; base + AparapiScanPolicy.TILE <= len; base = base + AparapiScanPolicy.TILE) {
      for (int j = 0; j < AparapiScanPolicy.ITEMS_PER_THREAD; j++) {
        acc = combine(acc, input[start + base + j * AparapiScanPolicy.BLOCK_SIZE + lid]);
      }
    }
    for (int k = base + lid; k < len; k = k + AparapiScanPolicy.BLOCK_SIZE) {
      acc = combine(acc, input[start + k]);
    }
    scratch[lid] = acc;
<@k.tree i="    " policy="AparapiScanPolicy" target="partials[group]" useCombine=true />
  }

  /** The totals of the chunks before {@code group} combined (identity for group 0). */
  private ${T} offsetOf(int lid, int group) {
    ${T} acc = identity;
    for (int g = lid; g < group; g = g + AparapiScanPolicy.BLOCK_SIZE) {
      acc = combine(acc, partials[g]);
    }
    scanThreadTotals(lid, acc);
    ${T} offset = scratch[AparapiScanPolicy.BLOCK_SIZE - 1];
    localBarrier();
    return offset;
  }

  private void scanChunk(int lid, int group, int start, int len) {
    ${T} carry = offsetOf(lid, group);
    int own = lid * AparapiScanPolicy.ITEMS_PER_THREAD;
    for (int base = 0; base < len; base = base + AparapiScanPolicy.TILE) {
      for (int j = 0; j < AparapiScanPolicy.ITEMS_PER_THREAD; j++) {
        int t = j * AparapiScanPolicy.BLOCK_SIZE + lid;
        ${T} x = identity;
        if (base + t < len) {
          x = input[start + base + t];
        }
        tile[t + (t >> AparapiScanPolicy.LOG_BANKS)] = x;
      }
      localBarrier();
      ${T} acc = identity;
      for (int j = 0; j < AparapiScanPolicy.ITEMS_PER_THREAD; j++) {
        int t = own + j;
        acc = combine(acc, tile[t + (t >> AparapiScanPolicy.LOG_BANKS)]);
      }
      scanThreadTotals(lid, acc);
      ${T} run = carry;
      if (lid > 0) {
        run = combine(carry, scratch[lid - 1]);
      }
      for (int j = 0; j < AparapiScanPolicy.ITEMS_PER_THREAD; j++) {
        int t = own + j;
        int p = t + (t >> AparapiScanPolicy.LOG_BANKS);
        ${T} next = combine(run, tile[p]);
        if (exclusive == 0) {
          tile[p] = next;
        } else {
          tile[p] = run;
        }
        run = next;
      }
      localBarrier();
      for (int j = 0; j < AparapiScanPolicy.ITEMS_PER_THREAD; j++) {
        int t = j * AparapiScanPolicy.BLOCK_SIZE + lid;
        if (base + t < len) {
          output[start + base + t] = tile[t + (t >> AparapiScanPolicy.LOG_BANKS)];
        }
      }
      carry = combine(carry, scratch[AparapiScanPolicy.BLOCK_SIZE - 1]);
      localBarrier();
    }
  }

  /**
   * Inclusive scan (Hillis-Steele) of the work-items' values in scratch; on return scratch[i] holds
   * the values of work-items 0..i combined. Ends with a barrier.
   */
  private void scanThreadTotals(int lid, ${T} value) {
    scratch[lid] = value;
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
  }

<@k.combine type=type />
}
</@k.perType>
