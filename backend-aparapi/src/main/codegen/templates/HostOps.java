<#-- HostOps: the host's finishing of device work, with one overload per element type. -->
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/aparapi/HostOps.java" />
package dev.prims.aparapi;

/**
 * Host-side finishing of device work with Java semantics: folding the partials of reduce and dot
 * pairwise. Generated from
 * backend-aparapi/src/main/codegen/templates/HostOps.java.
 */
final class HostOps {
  private HostOps() {}

  /** ceil(log2(n)) for {@code n >= 1}, 0 for smaller. */
  static int ceilLog2(long n) {
    return n <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(n - 1);
  }

  /** Combines the first {@code count} (at least 1) values of a partials array pairwise. */
  static Number fold(Object partials, int op, int count) {
<#list types as type>
    if (partials instanceof ${type.java}[]) {
      return fold((${type.java}[]) partials, op, 0, count);
    }
</#list>
    throw new IllegalArgumentException("no partials of a primitive type: " + partials);
  }

  /** {@code target[t] = combine(op, target[t], source[s])}, both arrays of one element type. */
  static void combineInto(Object target, int t, Object source, int s, int op) {
<#list types as type>
<#if type?is_first>
    if (target instanceof ${type.java}[] a) {
<#elseif type?is_last>
    } else {
      ${type.java}[] a = (${type.java}[]) target;
<#else>
    } else if (target instanceof ${type.java}[] a) {
</#if>
      a[t] = combine(op, a[t], ((${type.java}[]) source)[s]);
</#list>
    }
  }
<#list types as type>
<#assign T = type.java>

  private static ${T} fold(${T}[] a, int op, int from, int to) {
    if (to - from == 1) {
      return a[from];
    }
    int mid = (from + to) >>> 1;
    return combine(op, fold(a, op, from, mid), fold(a, op, mid, to));
  }

  static ${T} combine(int op, ${T} a, ${T} b) {
    switch (op) {
      case OpCode.SUM:
        return a + b;
      case OpCode.PROD:
        return a * b;
      case OpCode.MIN:
        return Math.min(a, b);
<#if type.floating>
      default:
        return Math.max(a, b);
<#else>
      case OpCode.MAX:
        return Math.max(a, b);
      case OpCode.AND:
        return a & b;
      case OpCode.OR:
        return a | b;
      default:
        return a ^ b;
</#if>
    }
  }
</#list>
}
