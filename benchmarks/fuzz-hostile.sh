#!/usr/bin/env bash
# The long hostile-input fuzz run of issue 14, outside CI: the fixed hostile cases plus MUTANTS
# mutants (from SEED) of the app's sample copies, each through every subcommand in one JVM, with
# a bounded heap so that unbounded memory shows as a failure. Prints every run that answered badly
# (stack trace, internal error, exit code not 0/1/2, a diagnostic without file:line:column, raw
# control bytes) and a summary line; exits 1 when any run was bad.
#
# usage: benchmarks/fuzz-hostile.sh [SEED] [MUTANTS] [HEAP]     (defaults: 1 300 1g)
# needs: a built jar and test classes (mvn -o -q -DskipTests package, then
#        mvn -o -q -pl app test-compile); /usr/bin/time for the peak memory figure.
set -euo pipefail
cd "$(dirname "$0")/.."
seed=${1:-1} mutants=${2:-300} heap=${3:-1g}
jar=app/target/topoplanner.jar
classes=app/target/test-classes
[ -f "$jar" ] || { echo "no $jar: run mvn -o -q -DskipTests package" >&2; exit 2; }
[ -f "$classes/org/topoplanner/app/cli/hostile/HostileFuzz.class" ] || {
	echo "no test classes: run mvn -o -q -pl app test-compile" >&2; exit 2; }
exec /usr/bin/time -f "peak RSS %M KB, %e s wall" java -Xmx"$heap" -cp "$jar:$classes" \
	org.topoplanner.app.cli.hostile.HostileFuzz "$seed" "$mutants" app/src/test/resources/inputs
