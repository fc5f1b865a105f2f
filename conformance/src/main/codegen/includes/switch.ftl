<#-- The switch label of a type: its DType constant, or default for the last type. -->
<#macro case type last><#if last>default<#else>case ${type.java?upper_case}</#if></#macro>
