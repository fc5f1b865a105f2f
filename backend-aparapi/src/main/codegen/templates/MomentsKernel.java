<#-- One-pass moments kernels, one per element type: IntMomentsKernel ... DoubleMomentsKernel. -->
<#import "/@includes/kernel.ftl" as k>
<@k.perType suffix="MomentsKernel"; type, T, name>

/**
<#if type.floating>
 * Moments of ${T}s: each work-item sums {@code x - K} and {@code (x - K)^2} in double over its
 * slice, {@code K} its first element, and writes its count, {@code K} and both sums to {@code
 * counts}, {@code sums[4 * id + 0..2]}; the host turns them into dev.prims.spi.MomentsState and
 * merges those with Chan's formula.
<#else>
 * Moments of ${T}s: each work-item adds its slice into the eight exact words of
 * dev.prims.spi.MomentsState (signed shifts and masks only) at {@code words[8 * id + 0..7]}, and its
 * count to {@code counts[id]}; the host adds the words up.
</#if>
 * Generated from backend-aparapi/src/main/codegen/templates/MomentsKernel.java.
 */
final class ${name} extends Kernel implements MomentsKernel {
  ${T}[] a = new ${T}[1];
  int[] counts = new int[1];
<#if type.floating>
  double[] sums = new double[4];
<#else>
  long[] words = new long[8];
</#if>
  int n;
  int span;

  @Override
  public void bind(Object a, int n) {
    this.a = (${T}[]) a;
    this.n = n;
  }

<@k.span />

  @Override
  public Object sums(int items) {
    if (counts.length < items) {
      counts = new int[items];
<#if type.floating>
      sums = new double[4 * items];
<#else>
      words = new long[8 * items];
</#if>
    }
<#if type.floating>
    return sums;
<#else>
    return words;
</#if>
  }

  @Override
  public int[] counts() {
    return counts;
  }

  @Override
  public void run() {
<@k.slice i="    " step="getGlobalSize()" />
<#if type.floating>
    double shift = 0.0;
    if (count > 0) {
      shift = a[start];
    }
    double s1 = 0.0;
    double s2 = 0.0;
    for (int r = 0; r < count; r++) {
      double d = a[start + r * step] - shift;
      s1 = s1 + d;
      s2 = s2 + d * d;
    }
    sums[4 * first] = shift;
    sums[4 * first + 1] = s1;
    sums[4 * first + 2] = s2;
<#else>
    long w0 = 0L;
    long w1 = 0L;
    long w2 = 0L;
    long w3 = 0L;
    long w4 = 0L;
    long w5 = 0L;
    long w6 = 0L;
    long w7 = 0L;
    long low = 4294967295L;
    for (int r = 0; r < count; r++) {
      long x = a[start + r * step];
      long xh = x >> 32;
      long xl = x & low;
      long p = xh * xh;
      long q = xh * xl;
      long c = xl * xl;
      w0 = w0 + xh;
      w1 = w1 + xl;
      w2 = w2 + ((p >> 32) & low);
      w3 = w3 + (p & low);
      w4 = w4 + (q >> 32);
      w5 = w5 + (q & low);
      w6 = w6 + ((c >> 32) & low);
      w7 = w7 + (c & low);
    }
    int at = 8 * first;
    words[at] = w0;
    words[at + 1] = w1;
    words[at + 2] = w2;
    words[at + 3] = w3;
    words[at + 4] = w4;
    words[at + 5] = w5;
    words[at + 6] = w6;
    words[at + 7] = w7;
</#if>
    counts[first] = count;
  }
}
</@k.perType>
