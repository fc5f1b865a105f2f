<#--
  typed: the nested overload once per element type of the family ${of} (config.fmpp), in order,
  separated by a blank line; the nested content gets the type's Java name (int, long, ...). The
  Javadoc written before the call documents the first overload; with ${link}, each further one gets
  "{@link #${link}} of longs." (and so on, with ${tail} before the period), else the nested content
  carries its own Javadoc.
-->
<#macro typed of="all" link="" tail="">
<#list families[of] as type>
<#if link != "" && !type?is_first>
  /** {@link #${link}} of ${type}s${tail}. */
</#if>
<#nested type>
<#if !type?is_last>

</#if>
</#list>
</#macro>

<#-- The host-array scans of a class with a scanArray(values, op, kind) that does the work. -->
<#macro scans>
<@typed; T>
  public ScanResult<${T}[]> scan(${T}[] values, ReduceOp op, ScanKind kind) {
    return scanArray(values, op, kind);
  }
</@typed>
</#macro>

<#--
  The host-array scans of Segments and ByKey: the typed overloads, and a scanArray that checks the
  values against the class's offsets or keys (checkHostValues) and the kind, then runs the nested
  statement, which returns the scan.
-->
<#macro segmentedScans>
<@scans />

  private <A> ScanResult<A> scanArray(A values, ReduceOp op, ScanKind kind) {
    checkHostValues(values, op);
    notNull(kind, "scan kind");
<#nested>
  }
</#macro>
