#!/usr/bin/env bash
# Packs jars for the GPU machine into .device-NAME/ (git-ignored) so that several people can
# prepare device runs at once without overwriting each other's .device/.
#   tools/device-pack.sh NAME app/target/prims.jar [more.jar ...]
# then run there with carry [".device-NAME"]:
#   bash .device-NAME/on-device.sh java -cp '.device-NAME/lib/*' ...
set -euo pipefail
name=$1; shift
root=$(git rev-parse --show-toplevel)
pack=${PACK_SH:-$root/../shared/device/pack.sh}
abs=(); for j in "$@"; do abs+=("$(cd "$(dirname "$j")" && pwd)/$(basename "$j")"); done
exec 9>/tmp/prims-device-pack.lock
flock 9
(cd "$root" && "$pack" "${abs[@]}")
rm -rf "$root/.device-$name"
cp -r "$root/.device" "$root/.device-$name"
du -sh "$root/.device-$name"
