<#-- SelectLoops: the cpu select's typed loops, one branch per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="SelectLoops" />

import static dev.prims.spi.SelectProgram.EQ;
import static dev.prims.spi.SelectProgram.GE;
import static dev.prims.spi.SelectProgram.GT;
import static dev.prims.spi.SelectProgram.LE;
import static dev.prims.spi.SelectProgram.LT;

import dev.prims.cpu.CpuSelectProgram.IndexTest;
import java.util.function.IntToDoubleFunction;

/**
 * The typed loops of the cpu select: the comparisons of a {@link CpuSelectProgram}, read straight
 * from the typed array (the select's hot loop calls them), and the scatter of the kept values.
 * Generated from backend-cpu/src/main/codegen/templates/SelectLoops.java.
 */
final class SelectLoops {
  private SelectLoops() {}
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
  static IndexTest compareInteger(int op, long c, Object values) {
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
  static IndexTest compareFloating(int op, double c, Object values) {
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

  /**
   * Writes the values of {@code in[from..to)} that pass {@code test}, in order, to {@code out} from
   * {@code at}, and the others from {@code rest} where {@code rest >= 0} (a partition).
   */
  static void scatter(IndexTest test, Object in, Object out, int from, int to, int at, int rest) {
<#list types as type>
<#if type?is_first>
    if (in instanceof ${type.java}[] a) {
<#elseif type?has_next>
    } else if (in instanceof ${type.java}[] a) {
<#else>
    } else {
      ${type.java}[] a = (${type.java}[]) in;
</#if>
      ${type.java}[] o = (${type.java}[]) out;
      for (int i = from; i < to; i++) {
        if (test.test(i)) {
          o[at++] = a[i];
        } else if (rest >= 0) {
          o[rest++] = a[i];
        }
      }
</#list>
    }
  }
}
