<#-- Transfers: a kernel's explicit array transfers, a branch per element type. -->
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/aparapi/Transfers.java" />
package dev.prims.aparapi;

import com.aparapi.Kernel;

/**
 * Explicit transfers of a kernel's array arguments, dispatched on the array's type. Generated from
 * backend-aparapi/src/main/codegen/templates/Transfers.java.
 */
final class Transfers {
  private Transfers() {}
<#list ["put", "get"] as verb>

<#if verb == "put">
  /** Copies {@code array} to the kernel's device copy before its next run. */
<#else>
  /** Copies the kernel's device copy of {@code array} back into it. */
</#if>
  static void ${verb}(Kernel kernel, Object array) {
<#list types as type>
<#if type?is_first>
    if (array instanceof ${type.java}[]) {
<#elseif type?is_last>
    } else {
<#else>
    } else if (array instanceof ${type.java}[]) {
</#if>
      kernel.${verb}((${type.java}[]) array);
</#list>
    }
  }
</#list>
}
