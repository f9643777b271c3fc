#!/usr/bin/env bash
# Warm in-JVM figures (JMH) and the retained heap of imported fabrics, as Markdown:
#  1. importers' IbnetdiscoverImportBenchmark (import + tier inference of ft3-16384) and
#     FabricFootprint (heap an imported fabric keeps alive, per host), via importers' -Pjmh profile;
#  2. benchmarks' ConvertSlurmTopologyBenchmark: the whole `convert --to slurm-topology` command
#     in a warm JVM on ft2-2048, ft3-4096 and ft3-16384 (the warm counterpart of
#     convert-vs-slurmibtopology.sh).
# Both read ../shared/fabrics/ibsim (or /work/shared) and print "skipped:" lines when it is missing.
#
# usage: benchmarks/jmh.sh [import|convert]...      (default: both)
# needs: Maven with the project's dependencies in ~/.m2 (runs offline, -o), python3.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
need_tool mvn "apt-get install maven"
need_tool python3

parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(import convert)
work=$(mktemp -d /tmp/bench-jmh.XXXXXX)
trap 'rm -rf "$work"' EXIT
shared=$(shared_root)
[ -d "$shared/fabrics/ibsim" ] || echo "note: $shared/fabrics/ibsim is missing; the benchmarks will report skipped"

# iteration_table FILE: JMH text output -> one row per benchmark and parameter: median, min-max
# of the measured iterations (warm-up iterations excluded).
iteration_table() {
	python3 - "$1" <<'PY'
import re, statistics, sys
bench = param = None
rows, current, unit = [], [], ""
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"# Benchmark: (\S+)", line)
    if m:
        bench = m.group(1).rsplit(".", 2)[-2] + "." + m.group(1).rsplit(".", 1)[-1]
    m = re.match(r"# Parameters: \((.*)\)", line)
    if m:
        param = m.group(1)
    m = re.match(r"Iteration\s+\d+:\s+([\d.,]+)\s+(\S+)", line)
    if m:
        current.append(float(m.group(1).replace(",", "")))
        unit = m.group(2)
    if line.startswith("Result \"") and current:
        rows.append((bench, param, current, unit))
        current = []
    if line.startswith("# Skipped") or line.startswith("skipped:"):
        print(f"| {line.strip()} | | | | |")
for bench, param, xs, unit in rows:
    print(f"| {bench} | {param} | {len(xs)} | {statistics.median(xs):.1f} | {min(xs):.1f}-{max(xs):.1f} | {unit} |")
PY
}

# JMH refuses to start while another JMH run on the machine holds /tmp/jmh.lock (it would skew both);
# wait for it, up to JMH_LOCK_WAIT seconds (default 1800), instead of failing.
wait_for_jmh_lock() {
	python3 - "${JMH_LOCK_WAIT:-1800}" <<'PY'
import fcntl, os, sys, time
deadline = time.time() + float(sys.argv[1])
said = False
while True:
    try:
        with open("/tmp/jmh.lock", "a") as f:
            fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.lockf(f, fcntl.LOCK_UN)
        break
    except OSError:
        if time.time() > deadline:
            sys.exit("another JMH run still holds /tmp/jmh.lock; giving up")
        if not said:
            print("waiting: another JMH run on this machine holds /tmp/jmh.lock", file=sys.stderr)
            said = True
        time.sleep(5)
PY
}

echo "## Warm in-JVM figures (JMH 1.37)"
echo
machine_note
echo
for part in "${parts[@]}"; do
	wait_for_jmh_lock || continue
	before=$(loadavg)
	case $part in
	import)
		(cd "$repo_root" && mvn -B -o -pl graph-model,importers -am -Pjmh -DskipTests verify) > "$work/import.log" 2>&1 \
			|| { echo "importers -Pjmh failed:"; tail -20 "$work/import.log"; continue; }
		echo "### Import (importers -Pjmh), load avg $before -> $(loadavg)"
		echo
		echo '```'
		grep -E '^(ft|skipped|\(empty\))' "$work/import.log" || true
		echo '```'
		echo
		;;
	convert)
		(cd "$repo_root" && mvn -B -o -pl benchmarks -am -Pjmh-convert -DskipTests verify) \
			> "$work/convert.log" 2>&1 || { echo "benchmarks -Pjmh-convert failed:"; tail -20 "$work/convert.log"; continue; }
		echo "### convert --to slurm-topology, warm (benchmarks -Pjmh-convert), load avg $before -> $(loadavg)"
		echo
		grep -h '^skipped:' "$work/convert.log" | sort -u || true
		;;
	*) echo "unknown part $part (import|convert)" >&2; exit 2 ;;
	esac
	echo "| benchmark | parameters | iterations | median | min-max | unit |"
	echo "|---|---|---|---|---|---|"
	iteration_table "$work/$part.log"
	echo
done
