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

<#-- The nested code once per type of ${of}, each in its branch, the branches closed after the last;
     the nested content gets the type's Java name. -->
<#macro perType of>
<#list of as type>
<@branch type=type first=type?is_first last=!type?has_next />
<#nested type.java>
</#list>
    }
</#macro>
