#!/usr/bin/env bash
# Packs Spark's runtime for a GPU host with no network, small enough for the device tool's carry:
# the jars SparkBench loads (found by running it once here with -verbose:class on the cpu and
# opencl backends), Hadoop's two client jars cut to the packages it touched (and their subpackages),
# all unpacked into one xz tarball, plus the bench's classes, JVM options and a run script.
#   tools/spark-device-pack.sh   -> .device-spark/ (about 55 MB). With the repository's tree the
#   carry limit may be passed: then move raw.txz into pieces (`split -b 40000000 raw.txz
#   raw.txz.part-`) in .device-spark-a/, .device-spark-b/ ... carried by successive calls on one
#   warm machine; run.sh joins them.
# On the GPU host, after tools/gpu-pack.sh's runtime is set up (on-device.sh):
#   bash .device-final/on-device.sh bash .device-spark/run.sh $PWD/.device-final/lib/prims.jar \
#     100000000 8 3 'local[16]' cuda
set -euo pipefail
root=$(git rev-parse --show-toplevel)
cd "$root"
out="$root/.device-spark"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mvn -B -q -Dstyle.color=never -pl spark -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath -DskipTests > /dev/null
options=""
for property in spark.java.options spark.java.options.before24; do
  options="$options $(mvn -B -q -Dstyle.color=never -pl spark help:evaluate \
    -Dexpression=$property -DforceStdout | sed 's/\x1b\[[0-9;]*m//g')"
done
cp="spark/target/classes:spark/target/test-classes:$(cat spark/target/bench.classpath)"
for backend in cpu opencl; do
  # shellcheck disable=SC2086 # one option per word
  java -Xmx2g $options -verbose:class -cp "$cp" dev.prims.spark.SparkBench 2000000 8 2 'local[2]' \
    "$backend" > "$work/trace-$backend.txt" 2>&1
done
# "class source" pairs of every class loaded from a jar, and the jars (prims' own excluded: the
# shaded prims.jar brings them)
cat "$work"/trace-*.txt | grep '^\[' | grep 'source: file:' | awk '{print $2, $NF}' \
  | sed 's# file:# #' | sort -u > "$work/loaded.txt"
awk '{print $2}' "$work/loaded.txt" | grep '\.jar$' \
  | grep -v '/dev/prims\|jcuda\|jocl\|aparapi\|guice\|picocli' | sort -u > "$work/jars.txt"
mkdir -p "$work/raw"
while read -r jar; do
  name=$(basename "$jar" .jar)
  mkdir -p "$work/raw/$name"
  (cd "$work/raw/$name" && unzip -q -o "$jar" 2>/dev/null || true)
  case "$name" in
    hadoop-client-api-*|hadoop-client-runtime-*)
      # keep the classes of the packages used (with their subpackages), drop the rest
      grep " $jar$" "$work/loaded.txt" | awk '{print $1}' \
        | awk -F. 'NF>4{OFS="/"; NF=NF-1; print $0"/"}' | sort -u > "$work/prefixes.txt"
      grep " $jar$" "$work/loaded.txt" | awk '{print $1}' \
        | awk -F. '{OFS="/"; NF=NF-1; print $0}' | sort -u > "$work/packages.txt"
      (cd "$work/raw/$name" && find . -name '*.class' | sed 's#^\./##' > "$work/classes.txt")
      { grep -F -f "$work/prefixes.txt" "$work/classes.txt" || true
        awk 'NR==FNR{p[$0]=1; next}{d=$0; sub(/\/[^\/]*$/,"",d); if (d in p) print}' \
          "$work/packages.txt" "$work/classes.txt"; } | sort -u > "$work/keep.txt"
      (cd "$work/raw/$name" && grep -v -x -F -f "$work/keep.txt" "$work/classes.txt" | xargs -r rm)
      ;;
  esac
done < "$work/jars.txt"
rm -rf "$out" && mkdir -p "$out"
tar -C "$work/raw" -cf - . | xz -6 -T0 > "$out/raw.txz"
ls "$work/raw" > "$out/order.txt"
echo "$options" > "$out/options.txt"
jar cf "$out/prims-spark.jar" -C spark/target/classes . -C spark/target/test-classes .
cat > "$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs dev.prims.spark.SparkBench from the packed Spark class path: bash run.sh PRIMS_JAR args...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=$1; shift
if [ ! -f "$here/raw.txz" ]; then
  cat "$here"/../.device-spark*/raw.txz.part-* > /tmp/spark-raw.txz
  ln -sf /tmp/spark-raw.txz "$here/raw.txz"
fi
[ -d /tmp/sparkcp ] || { mkdir -p /tmp/sparkcp && tar -C /tmp/sparkcp -xJf "$here/raw.txz"; }
cp="$here/prims-spark.jar"
while read -r d; do cp="$cp:/tmp/sparkcp/$d"; done < "$here/order.txt"
# shellcheck disable=SC2046 # one option per word
exec java -Xmx"${BENCH_HEAP:-16g}" $(cat "$here/options.txt") -cp "$cp:$jar" dev.prims.spark.SparkBench "$@"
RUN
du -sh "$out"
