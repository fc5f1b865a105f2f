<#-- Opens the branch of ${type}: "if (values instanceof T[] a) {", "} else if ..." or the last "} else {". -->
<#macro branch type first last>
<#if first>
    if (values instanceof ${type.java}[] a) {
<#elseif !last>
    } else if (values instanceof ${type.java}[] a) {
<#else>
    } else {
      ${type.java}[] a = (${type.java}[]) values;
</#if>
</#macro>
