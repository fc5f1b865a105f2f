<#--
  KernelSet: one accessor per kernel family, each choosing the generated kernel class of the
  element type (the fold family has floating types only).
-->
<#import "/@includes/kernel.ftl" as k>
<#assign families = [
  {"method": "reduce", "kernel": "Reduce", "doc": "The reduce kernel for {@code type}."},
  {"method": "scan", "kernel": "Scan", "doc": "The scan kernel for {@code type}."},
  {"method": "histogram", "kernel": "HistogramKernel", "doc": "The histogram kernel for values of {@code type}."},
  {"method": "dot", "kernel": "Dot", "doc": "The dot kernel for {@code type}."},
  {"method": "segment", "kernel": "Segment", "doc": "The segmented reduce and scan kernel for {@code type}."},
  {"method": "fold", "kernel": "Fold", "doc": "The reproducible-mode fold kernel for {@code type} (float or double)."},
  {"method": "arg", "kernel": "Arg", "doc": "The arg-min/arg-max kernel for {@code type}."},
  {"method": "segmentArg", "kernel": "SegmentArg", "doc": "The segmented arg-min/arg-max kernel for {@code type}."},
  {"method": "moments", "kernel": "Moments", "doc": "The moments kernel for {@code type}."},
  {"method": "select", "kernel": "Select", "doc": "The select and top-k kernel for {@code type}."}
]>
<#-- The generated kernel class of ${family} for ${type}. -->
<#function kernelClass family type>
  <#if family.method == "histogram">
    <#return k.cap(type) + type.floating?then("Bin", "Key") + "HistogramKernel">
  </#if>
  <#return k.cap(type) + family.kernel + "Kernel">
</#function>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/aparapi/KernelSet.java" />
package dev.prims.aparapi;

import com.aparapi.Kernel;
import dev.prims.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The kernels of one backend, created on first use and reused (Aparapi translates and builds each
 * once per instance), one per primitive and element type. Generated from
 * backend-aparapi/src/main/codegen/templates/KernelSet.java.
 */
final class KernelSet implements AutoCloseable {
  private final Map<String, KernelHandle<?>> handles = new ConcurrentHashMap<>();
  private volatile boolean closed;

  @SuppressWarnings("unchecked")
  private <K extends Kernel> KernelHandle<K> handle(String key, Supplier<K> factory) {
    if (closed) {
      throw new IllegalStateException("aparapi backend is closed");
    }
    return (KernelHandle<K>) handles.computeIfAbsent(key, k -> new KernelHandle<>(factory.get()));
  }
<#list families as family>
<#assign familyTypes = (family.method == "fold")?then(types?filter(t -> t.floating), types)>

  /** ${family.doc} */
  KernelHandle<? extends Kernel> ${family.method}(DType type) {
    switch (type) {
<#list familyTypes as type>
<#if type?has_next>
      case ${type.java?upper_case}:
<#else>
      default:
</#if>
        return handle("${family.method}-${type.java}", ${kernelClass(family, type)}::new);
</#list>
    }
  }
</#list>

  /** Disposes every kernel. */
  @Override
  public void close() {
    closed = true;
    List<KernelHandle<?>> all = new ArrayList<>(handles.values());
    handles.clear();
    for (KernelHandle<?> h : all) {
      h.close();
    }
  }
}
