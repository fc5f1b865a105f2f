#!/usr/bin/env bash
# Fuzzes one Jazzer @FuzzTest target for a given time, e.g.
#   tools/fuzz.sh NpyFuzzTest#anyBytesParseOrAreAFormatError 10m
#   tools/fuzz.sh all 10m          # every target in turn, 10 minutes each
# Without JAZZER_FUZZ, `mvn -B verify` runs each target's committed inputs
# (src/test/resources/<package>/<Class>Inputs/<method>/) as ordinary tests.
# A finding is written into that Inputs directory (commit it with the fix); the inputs that
# grew coverage go to <module>/.cifuzz-corpus/ (not committed).
set -euo pipefail
cd "$(dirname "$0")/.."

TARGETS=(
  core:ConfigFuzzTest#propertiesFilesParseOrNameTheLine
  core:ConfigFuzzTest#valueParsersAcceptOrNameTheValue
  core:ConfigFuzzTest#keysAreKnownOrNamedWithTheNearest
  core:ConfigFuzzTest#resolvedValuesAreTrimmedAndParseOrFailClearly
  core:CostModelCacheFuzzTest#anyBytesLoadAsPhysicalEntriesOrNone
  core:CostModelCacheFuzzTest#savedEntriesLoadBackUnchanged
  app:NpyFuzzTest#anyBytesParseOrAreAFormatError
  app:NpyFuzzTest#writtenArraysReadBackBitForBit
  app:SizeListFuzzTest#sizesParseAscendingAndPositiveOrFailClearly
  app:CliFuzzTest#runEndsInAnswerOrOneLineOfBadInput
  app:DifferentialFuzzTest#everyBackendAgreesWithCpu
)

usage() {
  echo "usage: tools/fuzz.sh TARGET|all [DURATION, default 10m]; targets:" >&2
  printf '  %s\n' "${TARGETS[@]#*:}" >&2
  exit 2
}

[[ $# -ge 1 ]] || usage
want=$1
duration=${2:-10m}
found=0
for entry in "${TARGETS[@]}"; do
  module=${entry%%:*}
  target=${entry#*:}
  if [[ $want == all || $want == "$target" ]]; then
    found=1
    modules=core
    [[ $module == app ]] && modules=core,backend-cpu,backend-opencl,backend-cuda,backend-aparapi,conformance,app
    echo "== fuzzing $target for $duration"
    JAZZER_FUZZ=1 mvn -B -o verify -pl "$modules" -DskipITs \
      -Dtest="$target" -Dsurefire.failIfNoSpecifiedTests=false \
      -Djazzer.max_duration="$duration" \
      -Djazzer.instrumentation_includes="dev.prims.**:com.fasterxml.jackson.core.**:picocli.**"
  fi
done
[[ $found == 1 ]] || usage
