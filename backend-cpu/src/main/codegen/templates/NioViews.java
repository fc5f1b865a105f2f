<#-- NioViews: typed views of byte buffers and bulk copies with Java arrays, a branch per element type. -->
<#import "/@includes/loops.ftl" as l>
<@l.javaFile name="NioViews" />

import dev.prims.DType;
import java.nio.Buffer;
import java.nio.ByteBuffer;
<#list types as type>
import java.nio.${type.java?cap_first}Buffer;
</#list>

/**
 * Typed views of byte buffers, and bulk copies between such a view and a Java array of its type at
 * absolute indices (no position moves). Generated from
 * backend-cpu/src/main/codegen/templates/NioViews.java.
 */
final class NioViews {
  private NioViews() {}

  /** {@code bytes} (in its own byte order) as a buffer of {@code type}'s elements. */
  static Buffer of(DType type, ByteBuffer bytes) {
<@l.returnByType on="type" result="bytes.as@CBuffer()" indent="    " />
  }
<#list ["get", "put"] as verb>

<#if verb == "get">
  /** {@code view[at, at + k)} into {@code array[offset, offset + k)}; both of {@code type}. */
<#else>
  /** {@code array[offset, offset + k)} into {@code view[at, at + k)}; both of {@code type}. */
</#if>
  static void ${verb}(DType type, Buffer view, int at, Object array, int offset, int k) {
    switch (type) {
<#list types as type>
      <@l.case type=type last=type?is_last />:
        ((${type.java?cap_first}Buffer) view).${verb}(at, (${type.java}[]) array, offset, k);
        break;
</#list>
    }
  }
</#list>
}
