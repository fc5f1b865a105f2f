<#-- TestData: the suite's seeded inputs, one generator per element type. -->
<#import "/@includes/switch.ftl" as s>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/conformance/TestData.java" />
<#-- The cast that narrows a double to the type: "(float) " for float, nothing for double. -->
<#function narrow type><#return (type.java == "float")?then("(float) ", "")></#function>
package dev.prims.conformance;

import dev.prims.DType;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded input arrays of every {@link DataKind} and {@link DType}. Generated from
 * conformance/src/main/codegen/templates/TestData.java.
 */
public final class TestData {
<#list types as type>
<#assign B = type.boxed>
  private static final ${type.java}[] ${type.java?upper_case}_EXTREMES = {
<#if type.floating>
<#assign f = (type.java == "float")?then("f", "")>
    ${B}.MAX_VALUE,
    -${B}.MAX_VALUE,
    ${B}.MAX_VALUE / 3,
    -${B}.MAX_VALUE / 5,
    ${B}.MIN_VALUE,
    -${B}.MIN_VALUE,
    ${B}.MIN_NORMAL,
    -${B}.MIN_NORMAL,
    ${B}.MIN_NORMAL / 3,
    -${B}.MIN_VALUE * 77,
    0.0${f},
    -0.0${f},
    1.0${f},
    -1.0${f}
<#else>
    ${B}.MIN_VALUE, ${B}.MAX_VALUE, ${B}.MIN_VALUE + 1, ${B}.MAX_VALUE - 1, 0, 1, -1
</#if>
  };
</#list>

  private TestData() {}

  /** A seed mixing the test coordinates, so every case gets its own reproducible data. */
  public static long seed(Object... parts) {
    long h = 0x9E3779B97F4A7C15L;
    for (Object p : parts) {
      h = (h ^ String.valueOf(p).hashCode()) * 0xBF58476D1CE4E5B9L;
      h ^= h >>> 31;
    }
    return h;
  }

  /**
   * An array of {@code n} values of {@code type} shaped like {@code kind}: a new array every call.
   * Arrays of {@link #CACHED_FROM} elements or more are generated once and copied while they stay
   * among the most recently used (the checks of several operators or calls share their data).
   */
  public static Object array(DType type, DataKind kind, int n, long seed) {
    if (n < CACHED_FROM) {
      return generate(type, kind, n, seed);
    }
    String key = type + " " + kind + " " + n + " " + seed;
    synchronized (CACHE) {
      Object hit = CACHE.get(key);
      if (hit != null) {
        return HostArrays.copy(hit);
      }
    }
    Object fresh = generate(type, kind, n, seed);
    synchronized (CACHE) {
      if (CACHE.put(key, fresh) == null) {
        cachedBytes += (long) n * type.bytes();
      }
      Iterator<Object> eldest = CACHE.values().iterator();
      while (cachedBytes > CACHE_BYTES && eldest.hasNext()) {
        Object evicted = eldest.next();
        if (evicted != fresh) {
          cachedBytes -= (long) java.lang.reflect.Array.getLength(evicted) * DType.ofArray(evicted).bytes();
          eldest.remove();
        }
      }
    }
    return HostArrays.copy(fresh);
  }

  /** Arrays this long or longer are kept for reuse by {@link #array}. */
  private static final int CACHED_FROM = 1024;

  /** The most bytes of arrays {@link #array} keeps. */
  private static final long CACHE_BYTES = 128L << 20;

  /** Kept arrays by type, kind, length and seed, least recently used first. */
  private static final Map<String, Object> CACHE = new LinkedHashMap<>(64, 0.75f, true);

  private static long cachedBytes;

  private static Object generate(DType type, DataKind kind, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    switch (type) {
<#list types as type>
      <@s.case type type?is_last/>:
        return ${type.java}s(kind, n, r);
</#list>
    }
  }

  /**
   * Values whose products in any order neither overflow nor underflow: floating values near 1 (with
   * alternating signs or NaNs where the kind asks), odd integers (so products never become 0).
   * {@link DataKind#EXTREME} is not product-safe for floating types and is returned unchanged.
   */
  public static Object productSafe(DType type, DataKind kind, int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    switch (type) {
<#list types as type>
<#assign T = type.java>
      <@s.case type type?is_last/>:
        {
<#if type.floating>
          if (kind == DataKind.EXTREME) {
            return ${T}s(kind, n, r);
          }
          ${T}[] a = new ${T}[n];
          for (int i = 0; i < n; i++) {
            a[i] = ${narrow(type)}nearOne(kind, i, r);
          }
          if (kind == DataKind.NAN) {
            sprinkleNaN(a, r);
          }
          return a;
<#else>
          ${T}[] a = ${T}s(kind, n, r);
          for (int i = 0; i < n; i++) {
            a[i] |= 1;
          }
          return a;
</#if>
        }
</#list>
    }
  }

  private static double nearOne(DataKind kind, int i, SplittableRandom r) {
    switch (kind) {
      case CONSTANT:
        return 1.0 + 0x1p-21;
      case ALTERNATING:
        return (i % 2 == 0 ? 1 : -1) * (1.0 + (r.nextDouble() - 0.5) * 0x1p-7);
      default:
        return 1.0 + (r.nextDouble() - 0.5) * 0x1p-7;
    }
  }
<#list types as type>
<#assign T = type.java>
<#assign EXTREMES = T?upper_case + "_EXTREMES">

  private static ${T}[] ${T}s(DataKind kind, int n, SplittableRandom r) {
    ${T}[] a = new ${T}[n];
<#if type.floating>
    ${T} constant = ${narrow(type)}(0.1 + r.nextDouble());
<#else>
    ${T} constant = r.${type.random}();
</#if>
    for (int i = 0; i < n; i++) {
      switch (kind) {
        case CONSTANT:
          a[i] = constant;
          break;
        case ALTERNATING:
<#if type.floating>
          a[i] = (i % 2 == 0 ? 1 : -1) * ${narrow(type)}randomMagnitude(r);
<#else>
          a[i] = (i % 2 == 0 ? 1 : -1) * (r.${type.random}() & ${type.boxed}.MAX_VALUE);
</#if>
          break;
        case EXTREME:
<#if type.floating>
          a[i] =
              r.nextInt(4) == 0
                  ? ${narrow(type)}randomSigned(r)
                  : ${EXTREMES}[r.nextInt(${EXTREMES}.length)];
<#else>
          a[i] = ${EXTREMES}[r.nextInt(${EXTREMES}.length)];
</#if>
          break;
        default:
<#if type.floating>
          a[i] = ${narrow(type)}randomSigned(r);
<#else>
          a[i] = r.${type.random}();
</#if>
      }
    }
<#if type.floating>
    if (kind == DataKind.NAN) {
      sprinkleNaN(a, r);
    }
</#if>
    return a;
  }
</#list>

  /** A positive value with a random exponent in [2^-6, 2^7). */
  private static double randomMagnitude(SplittableRandom r) {
    return (0.5 + r.nextDouble() / 2) * Math.scalb(1.0, r.nextInt(-5, 8));
  }

  private static double randomSigned(SplittableRandom r) {
    return r.nextBoolean() ? randomMagnitude(r) : -randomMagnitude(r);
  }
<#list types?filter(t -> t.floating) as type>
<#assign T = type.java>

<#if type?is_first>
  /** One NaN at a random place, about one more per 4096 elements, and one +Infinity. */
</#if>
  private static void sprinkleNaN(${T}[] a, SplittableRandom r) {
    int n = a.length;
    if (n == 0) {
      return;
    }
    if (n > 2) {
      a[r.nextInt(n)] = ${type.boxed}.POSITIVE_INFINITY;
    }
    a[r.nextInt(n)] = ${type.boxed}.NaN;
    for (int k = 0; k < n / 4096; k++) {
      a[r.nextInt(n)] = ${type.boxed}.NaN;
    }
  }
</#list>
}
