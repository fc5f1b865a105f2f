#!/usr/bin/env bash
# Builds the shaded jar and the CUDA test classes from this checkout and packs them, with a
# trimmed Java runtime (../shared/device/pack.sh), into .device-final/ for tools/gpu-verify.sh.
#   tools/gpu-pack.sh            then run on the GPU host: bash tools/gpu-verify.sh .device-final
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
mvn -B -q package -DskipTests
tmp=$(mktemp -d)
jar cf "$tmp/prims-cuda-tests.jar" -C backend-cuda/target/test-classes . -C test-support/target/classes .
mvn -B -q dependency:copy \
  -Dartifact=org.junit.platform:junit-platform-console-standalone:1.13.4 -DoutputDirectory="$tmp"
tools/device-pack.sh final app/target/prims.jar
mkdir -p .device-final/extra
cp "$tmp"/*.jar .device-final/extra/
rm -rf "$tmp"
du -sh .device-final
