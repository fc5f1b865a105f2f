#!/usr/bin/env bash
# Copies up to N inputs (default 100, smallest first) of the corpus a fuzzing run grew
# (<module>/.cifuzz-corpus/<package.Class>/<method>/) into the committed inputs that
# `mvn -B verify` runs (<module>/src/test/resources/<package>/<Class>Inputs/<method>/).
#   tools/fuzz-keep.sh NpyFuzzTest#anyBytesParseOrAreAFormatError [N]
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 1 ]] || { echo "usage: tools/fuzz-keep.sh CLASS#METHOD [N]" >&2; exit 2; }
class=${1%%#*}
method=${1#*#}
keep=${2:-100}
shopt -s nullglob
found=0
for corpus in */.cifuzz-corpus/*."$class"/"$method"; do
  found=1
  module=${corpus%%/*}
  qualified=$(basename "$(dirname "$corpus")")
  package=${qualified%.*}
  inputs="$module/src/test/resources/${package//.//}/${class}Inputs/$method"
  mkdir -p "$inputs"
  ls -S -r "$corpus" | head -n "$keep" | while read -r f; do cp "$corpus/$f" "$inputs/"; done
  echo "$inputs: $(ls "$inputs" | wc -l) inputs"
done
[[ $found == 1 ]] || { echo "no corpus for $1; run tools/fuzz.sh $1 first" >&2; exit 1; }
