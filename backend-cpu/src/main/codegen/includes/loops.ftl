<#--
  Pieces of loop code that several templates share, written once: the operators of
  data/types.tdd as Java expressions, and the eight-accumulator loop.
-->
<#-- Writes this template's one output, dev/prims/cpu/${name}.java, from its package line on. -->
<#macro javaFile name>
<@pp.dropOutputFile />
<@pp.changeOutputFile name="/dev/prims/cpu/${name}.java" />
package dev.prims.cpu;
</#macro>
<#-- The operators a type has: all for integers, the non-bitwise ones for floating types. -->
<#function opsOf type>
  <#return ops?filter(o -> !(type.floating && o.integerOnly))>
</#function>
<#-- The operator named ${name}. -->
<#function op name>
  <#return ops?filter(o -> o.name == name)?first>
</#function>
<#-- ${x} op ${y} as a Java expression: infix (x + y) or a call (Math.min(x, y)). -->
<#function combine op x y>
  <#if op.call??>
    <#return "${op.call}(${x}, ${y})">
  </#if>
  <#return "${x} ${op.symbol} ${y}">
</#function>
<#-- combine, parenthesised where infix, to nest in a larger expression. -->
<#function group op x y>
  <#if op.call??>
    <#return combine(op, x, y)>
  </#if>
  <#return "(" + combine(op, x, y) + ")">
</#function>
<#-- The statement that folds ${x} into the accumulator ${s}. -->
<#function update op s x>
  <#if op.call??>
    <#return "${s} = ${combine(op, s, x)};">
  </#if>
  <#return "${s} ${op.symbol}= ${x};">
</#function>
<#-- The identity of op for type: the value that leaves every other unchanged. -->
<#function identity op type>
  <#switch op.name>
    <#case "SUM">
      <#return type.zero>
    <#case "PROD">
      <#return "1">
    <#case "MIN">
      <#return type.highest>
    <#case "MAX">
      <#return type.lowest>
    <#case "AND">
      <#return "-1">
    <#default>
      <#return "0">
  </#switch>
</#function>
<#--
  A method body folding ${element} (a Java expression of the index @i, such as a[@i]) over
  [from, to) with op, in eight independent accumulators s0..s7 so that several operations are in
  flight; the tail goes to s0 and the accumulators are combined as a balanced tree. The order is
  fixed, so floating sums have the same bits on every run.
-->
<#macro lanes type op element>
<#list 0..7 as j>
    ${type.java} s${j} = ${identity(op, type)};
</#list>
    int i = from;
    for (; i <= to - 8; i += 8) {
<#list 0..7 as j>
      ${update(op, "s${j}", element?replace("@i", (j == 0)?then("i", "i + ${j}")))}
</#list>
    }
    for (; i < to; i++) {
      ${update(op, "s0", element?replace("@i", "i"))}
    }
    return ${combine(op, group(op, group(op, "s0", "s1"), group(op, "s2", "s3")), group(op, group(op, "s4", "s5"), group(op, "s6", "s7")))};
</#macro>
<#--
  A method body of CpuReducer or CpuDot: one ${T} per chunk of ${size} elements of [0, ${n}),
  ${part} of the chunk [from, to), computed in parallel and combined pairwise with ${op}.
-->
<#macro chunkPairwise T n size part op>
    ${T}[] p = new ${T}[Math.max(CpuPolicy.chunks(${n}, ${size}), 1)];
    parallel.forEachSlice(${n}, ${size}, (c, from, to) -> p[c] = ${part});
    return ReduceLoops.pairwise(p, 0, p.length, ${op});
</#macro>
<#--
  chunkPairwise of the chunks of CpuPolicy.REDUCE_CHUNK elements of the buffers ${a} and ${b} (or
  null), each first copied into this thread's windows x and y (see CpuChunkWalk.staged): ${part}
  of the windows' first len elements; the same chunks as the array path, so the same bits.
-->
<#macro stagedPairwise T a b part op>
    ${T}[] p = new ${T}[Math.max(CpuPolicy.chunks(${a}.length(), CpuPolicy.REDUCE_CHUNK), 1)];
    CpuChunkWalk.staged(parallel, ${a}, ${b}, (c, x, y, len) -> p[c] = ${part});
    return ReduceLoops.pairwise(p, 0, p.length, ${op});
</#macro>
<#-- The switch label of a type: its DType constant, or default for the last type. -->
<#macro case type last><#if last>default<#else>case ${type.dtype}</#if></#macro>
<#--
  A switch on the DType ${on} that returns ${result} for each type, with @T standing for the type's
  Java name and @C for it capitalised; ${indent} is the switch's indentation.
-->
<#macro returnByType on result indent>
${indent}switch (${on}) {
<#list types as type>
${indent}  <@case type=type last=type?is_last />:
${indent}    return ${result?replace("@T", type.java)?replace("@C", type.java?cap_first)};
</#list>
${indent}}
</#macro>
<#--
  One branch of an if-chain on the array type of ${on}, in which ${name} is ${on} as a ${java}[]:
  the first branch opens the chain, the last is its else (a cast); "    }" closes the chain.
-->
<#macro arrayBranch on java name first last>
<#if first>
    if (${on} instanceof ${java}[] ${name}) {
<#elseif last>
    } else {
      ${java}[] ${name} = (${java}[]) ${on};
<#else>
    } else if (${on} instanceof ${java}[] ${name}) {
</#if>
</#macro>
