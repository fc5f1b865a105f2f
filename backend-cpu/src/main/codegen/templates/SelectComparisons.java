<#-- SelectComparisons: the comparison leaves of a select program, one branch per element type. -->
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/cpu/SelectComparisons.java" />
package dev.prims.cpu;

import static dev.prims.spi.SelectProgram.EQ;
import static dev.prims.spi.SelectProgram.GE;
import static dev.prims.spi.SelectProgram.GT;
import static dev.prims.spi.SelectProgram.LE;
import static dev.prims.spi.SelectProgram.LT;

import dev.prims.cpu.CpuSelectProgram.IndexTest;
import java.util.function.IntToDoubleFunction;

/**
 * The comparisons of a {@link CpuSelectProgram}, read straight from the typed array (the select's
 * hot loop calls them). Generated from backend-cpu/src/main/codegen/templates/SelectComparisons.java.
 */
final class SelectComparisons {
  private SelectComparisons() {}
<#-- The comparison op of ${x} against the constant c as a switch expression of index tests. -->
<#macro compare x>
switch (op) {
      case LT -> i -> ${x} < c;
      case LE -> i -> ${x} <= c;
      case GT -> i -> ${x} > c;
      case GE -> i -> ${x} >= c;
      case EQ -> i -> ${x} == c;
      default -> i -> ${x} != c;
    }</#macro>
<#assign integers = types?filter(t -> !t.floating)>
<#assign floatings = types?filter(t -> t.floating)>

  /** Element {@code i} of an int or long array against the long constant {@code c}. */
  static IndexTest integer(int op, long c, Object values) {
<#list integers as type>
<#if type?is_last>
    ${type.java}[] a = (${type.java}[]) values;
    return <@compare x="a[i]" />;
<#else>
    if (values instanceof ${type.java}[] a) {
      return <@compare x="a[i]" />;
    }
</#if>
</#list>
  }

  /** Element {@code i} of any array, widened to double, against the double constant {@code c}. */
  static IndexTest floating(int op, double c, Object values) {
<#list floatings as type>
    if (values instanceof ${type.java}[] a) {
      return <@compare x="a[i]" />;
    }
</#list>
    IntToDoubleFunction x = asDouble(values);
    return <@compare x="x.applyAsDouble(i)" />;
  }

  private static IntToDoubleFunction asDouble(Object values) {
<#list types as type>
<#if type?is_last>
    ${type.java}[] a = (${type.java}[]) values;
    return i -> a[i];
<#else>
    if (values instanceof ${type.java}[] a) {
      return i -> a[i];
    }
</#if>
</#list>
  }
}
