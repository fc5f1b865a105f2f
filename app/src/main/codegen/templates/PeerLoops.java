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
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      return a.clone();
</#list>
    }
  }

  static double serialSum(Object values) {
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      ${type.java} s = 0;
      for (${type.java} v : a) {
        s += v;
      }
      return s;
</#list>
    }
  }

  /**
   * {@link Arrays#parallelPrefix} in place of an int, long or double array (on a scratch copy the
   * values grow run after run, which costs nothing extra); float arrays come widened to doubles.
   */
  static double parallelPrefix(Object values) {
<#assign prefixed = types?filter(t -> t.java != "float")>
<#list prefixed as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      Arrays.parallelPrefix(a, ${boxed[type.java]}::sum);
      return a[a.length - 1];
</#list>
    }
  }

  /** The inclusive prefix sums of {@code values} into {@code output}, serially. */
  static double serialPrefix(Object values, Object output) {
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      ${type.java}[] out = (${type.java}[]) output;
      ${type.java} s = 0;
      for (int i = 0; i < a.length; i++) {
        s += a[i];
        out[i] = s;
      }
      return s;
</#list>
    }
  }

  /**
   * Integer keys in bin k when {@code 0 <= k < counts.length}, floating values in even bins over
   * [0, 1).
   */
  static double serialHistogram(Object values, long[] counts) {
    Arrays.fill(counts, 0);
    int bins = counts.length;
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
<#if floating[type.java]>
      EvenBins even = EvenBins.of(HistogramSpec.even(bins, 0, 1), DType.${type.java?upper_case});
      for (${type.java} v : a) {
        int bin = even.binOf(v);
        if (bin >= 0) {
          counts[bin]++;
        }
      }
<#else>
      for (${type.java} k : a) {
        if (k >= 0 && k < bins) {
          counts[<#if type.java == "long">(int) </#if>k]++;
        }
      }
</#if>
</#list>
    }
    return counts[0];
  }

  /** The dot product of {@code values} and {@code other} by a parallel {@link IntStream}. */
  static double parallelDot(Object values, Object other) {
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      ${type.java}[] y = (${type.java}[]) other;
      return IntStream.range(0, a.length).parallel().${streamMap[type.java]}(i -> a[i] * y[i]).sum();
</#list>
    }
  }

  static double serialDot(Object values, Object other) {
<#list types as type>
<@b.branch type=type first=type?is_first last=!type?has_next />
      ${type.java}[] y = (${type.java}[]) other;
      ${type.java} s = 0;
      for (int i = 0; i < a.length; i++) {
        s += a[i] * y[i];
      }
      return s;
</#list>
    }
  }
}
