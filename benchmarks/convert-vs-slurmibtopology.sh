#!/usr/bin/env bash
# `topoplanner convert --to slurm-topology` against slurmibtopology.sh (Ole Holm Nielsen's
# Slurm_tools), both turning a saved InfiniBand discovery of the same fabric into topology.conf.
# Timed with hyperfine from launch to exit (our figure includes the JVM start), in one run so
# both see the same machine load; then both outputs are compared host by host.
#
# usage: benchmarks/convert-vs-slurmibtopology.sh --slurmibtopology PATH [--ports-dir DIR]
#            [--runs N] [--warmup N] [FABRIC...]            (default: ft2-2048 ft3-4096 ft3-16384)
#
# PATH is your copy of slurmibtopology.sh (it is not part of this repository; see BENCHMARKS.md
# for where to get it). The script runs `ibnetdiscover -S -p` itself, so it is run here on a
# copy whose command paths point at stand-ins: `ibnetdiscover` prints the saved ports report
# (FABRIC.ibnetdiscover-p, what `ibnetdiscover -p` prints; -S changes nothing once -p is given),
# `ibstat -l` prints one HCA, `gawk` is gawk, and `scontrol` is the real one with a minimal
# slurm.conf (the script calls `scontrol show hostlistsorted` once per switch). Our side reads
# FABRIC.ibnetdiscover, the plain dump of the same discovery.
# Ports reports are looked up beside the dumps, then in --ports-dir (make one for ft3-16384 with
# benchmarks/make-ports-report.sh ft3-16384 DIR).
# needs: java, hyperfine, gawk, python3; optional: scontrol (slurm-client).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

script= ports_dir= runs=10 warmup=2 fabrics=()
while [ $# -gt 0 ]; do
	case $1 in
	--slurmibtopology) script=$2; shift 2 ;;
	--ports-dir) ports_dir=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--warmup) warmup=$2; shift 2 ;;
	-h|--help) sed -n '2,20p' "$0"; exit 0 ;;
	*) fabrics+=("$1"); shift ;;
	esac
done
[ ${#fabrics[@]} -gt 0 ] || fabrics=(ft2-2048 ft3-4096 ft3-16384)

need_jar
need_tool java "a JDK 17"
need_tool hyperfine
need_tool gawk
need_tool python3
[ -n "$script" ] || skip "no --slurmibtopology PATH given (see BENCHMARKS.md for where to get slurmibtopology.sh)"
[ -r "$script" ] || skip "$script is not readable"
ibsim=$(shared_root)/fabrics/ibsim
[ -d "$ibsim" ] || skip "$ibsim is missing (the shared fabrics are not on this machine; set SHARED=...)"

work=$(mktemp -d /tmp/bench-convert.XXXXXX)
trap 'rm -rf "$work"' EXIT
# Time a copy, so that a build during the run (it rewrites app/target/topoplanner.jar) cannot
# pull the jar from under a running JVM.
cp "$jar" "$work/topoplanner.jar"
jar=$work/topoplanner.jar
shim=$work/bin
mkdir -p "$shim"
printf '#!/bin/sh\nexec cat "$BENCH_PORTS_FILE"\n' > "$shim/ibnetdiscover"
printf '#!/bin/sh\necho mlx5_0\n' > "$shim/ibstat"
ln -s "$(command -v gawk)" "$shim/gawk"
collapse="hostlists sorted by scontrol"
if command -v scontrol >/dev/null; then
	# scontrol reads slurm.conf even for hostlist arithmetic; give it one that names no real host.
	printf 'ClusterName=bench\nSlurmctldHost=localhost\nNodeName=dummy CPUs=1\nPartitionName=p Nodes=dummy\n' > "$work/slurm.conf"
	printf '#!/bin/sh\nSLURM_CONF=%s exec %s "$@"\n' "$work/slurm.conf" "$(command -v scontrol)" > "$shim/scontrol"
else
	collapse="no scontrol: the script lists every host (apt-get install slurm-client to compare like with like)"
fi
chmod +x "$shim"/*
theirs=$work/slurmibtopology.sh
sed -e "s|^sprefix=.*|sprefix=$shim|" -e "s|^prefix=.*|prefix=$shim|" "$script" > "$theirs"
chmod +x "$theirs"
[ "$(grep -c "^s\{0,1\}prefix=$shim\$" "$theirs")" = 2 ] \
	|| skip "$script has no sprefix=/prefix= lines to point at the stand-ins (not version 0.22?)"

echo "## topoplanner convert --to slurm-topology vs slurmibtopology.sh"
echo
machine_note
echo "slurmibtopology: $(grep -m1 '^VERSION=' "$script" | cut -d'"' -f2), sha256 $(sha256sum "$script" | cut -c1-16)...; $collapse"
echo "hyperfine $(hyperfine --version | cut -d' ' -f2): --warmup $warmup --runs $runs; wall times in ms: median (min-max, standard deviation, runs; CPU = mean user+sys of all processes)"
echo
echo "| fabric | hosts | input (ours / theirs) | TopoPlanner | slurmibtopology.sh | ratio (their median / ours) | load avg before -> after | hosts agree |"
echo "|---|---|---|---|---|---|---|---|"
notes=()
for f in "${fabrics[@]}"; do
	dump=$ibsim/$f.ibnetdiscover
	ports=$ibsim/$f.ibnetdiscover-p
	[ -r "$ports" ] || ports=${ports_dir:+$ports_dir/$f.ibnetdiscover-p}
	if [ ! -r "$dump" ]; then echo "| $f | | skipped: $dump is missing | | | | | |"; continue; fi
	if [ -z "$ports" ] || [ ! -r "$ports" ]; then
		echo "| $f | | skipped: no $f.ibnetdiscover-p (make one with benchmarks/make-ports-report.sh $f DIR, pass --ports-dir DIR) | | | | | |"
		continue
	fi
	ours_cmd="java -jar $jar convert --to slurm-topology $dump"
	theirs_cmd="env BENCH_PORTS_FILE=$ports $theirs"
	# Outputs once, for the comparison (and so that a failing tool is seen before it is timed).
	$ours_cmd > "$work/$f.ours" 2> "$work/$f.ours.err" || { echo "| $f | | TopoPlanner failed: $(head -1 "$work/$f.ours.err") | | | | | |"; continue; }
	BENCH_PORTS_FILE=$ports "$theirs" > "$work/$f.theirs" 2> "$work/$f.theirs.err" || true
	load_before=$(loadavg)
	hyperfine -N --style none --warmup "$warmup" --runs "$runs" --export-json "$work/$f.json" \
		-n topoplanner "$ours_cmd" -n slurmibtopology "$theirs_cmd" > "$work/$f.hyperfine" 2>&1 \
		|| { echo "| $f | | hyperfine failed: $(tail -1 "$work/$f.hyperfine") | | | | | |"; continue; }
	load_after=$(loadavg)
	declare -A row=()
	while IFS='|' read -r name median min max sd n cpu; do
		row[$name]="$median ($min-$max, sd $sd, n=$n; CPU $cpu)"
		row[$name.median]=$median
	done < <(stats_from_hyperfine "$work/$f.json")
	ratio=$(python3 -c "print(f'{${row[slurmibtopology.median]} / ${row[topoplanner.median]}:.2f}')")
	hosts=$(grep -o 'hosts: ours [0-9]*' <(python3 "$bench_dir/compare-topology.py" "$work/$f.ours" "$work/$f.theirs") | cut -d' ' -f3)
	python3 "$bench_dir/compare-topology.py" "$work/$f.ours" "$work/$f.theirs" > "$work/$f.compare"
	agree=$(sed -n 's/^hosts-agree: //p' "$work/$f.compare")
	size() { awk -v b="$(stat -c %s "$1")" 'BEGIN {printf "%.1f MB", b / 1e6}'; }
	echo "| $f | $hosts | $(size "$dump") / $(size "$ports") | ${row[topoplanner]} | ${row[slurmibtopology]} | ${ratio}x | $load_before -> $load_after | $agree |"
	notes+=("**$f**" "$(grep '^- ' "$work/$f.compare")")
	unset row
done
echo
echo "### What the two outputs say"
echo
printf '%s\n' "${notes[@]}"
if [ -n "${KEEP_OUTPUTS:-}" ]; then mkdir -p "$KEEP_OUTPUTS" && cp "$work"/*.ours "$work"/*.theirs "$work"/*.json "$KEEP_OUTPUTS"/ 2>/dev/null; echo; echo "outputs kept in $KEEP_OUTPUTS"; fi
