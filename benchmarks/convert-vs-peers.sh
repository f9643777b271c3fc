#!/usr/bin/env bash
# `topoplanner convert --to slurm-topology` against ibtopotool (Janne Blomqvist's Python + networkx
# converter, https://github.com/jabl/ibtopotool), both reading the same plain `ibnetdiscover` dump
# and writing a Slurm topology.conf, timed from launch to exit in runs interleaved round by round
# (ours, ibtopotool, ours, ibtopotool, ...) so that every tool sees the same machine load. Both
# outputs are then compared host by host (compare-topology.py).
#
# usage: benchmarks/convert-vs-peers.sh --ibtopotool PATH [--python PY] [--rounds N] [--warmup N]
#            [FABRIC...]                                   (default: ft3-4096 ft3-16384)
# FABRIC is a name in the shared ibsim folder or the path of any .ibnetdiscover dump.
#
# PATH is ibtopotool.py from your copy of ibtopotool (not part of this repository), run unmodified as
# its README says for a Slurm file: `ibtopotool.py --slurm -t ROOTS DUMP`. ROOTS is the admin's list of
# root (core) switches by GUID; here it is the "S-<guid>" of every switch whose description (or the
# system name in a Mellanox "MF0;NAME:MODEL/U1" one) begins with "core" or ends a prefix with it
# ("ibcore1"), as the ibsim fabrics name their top tier, or "spine" on a 2-level fabric.
# PY must import networkx and ClusterShell (Debian: apt-get install python3-networkx
# python3-clustershell; default /usr/bin/python3).
# Ours runs three ways: app/target/topoplanner (the launcher script `mvn package` writes, which maps
# the class-data sharing archive built with the jar), plain `java -jar` (no archive), and the
# installed app when one is found (/opt/topoplanner/bin/topoplanner, or INSTALLED=PATH). BEFORE=PATH
# adds another build's launcher (a copy of an older app/target with its own archive) as a column, so that
# a change is timed against what it replaced in the same interleaved run.
# needs: java, hyperfine, python3; prints Markdown; says "skipped: <why>" when something is missing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

ibtopotool= python=/usr/bin/python3 rounds=10 warmup=2 fabrics=()
while [ $# -gt 0 ]; do
	case $1 in
	--ibtopotool) ibtopotool=$2; shift 2 ;;
	--python) python=$2; shift 2 ;;
	--rounds) rounds=$2; shift 2 ;;
	--warmup) warmup=$2; shift 2 ;;
	-h|--help) sed -n '2,24p' "$0"; exit 0 ;;
	*) fabrics+=("$1"); shift ;;
	esac
done
[ ${#fabrics[@]} -gt 0 ] || fabrics=(ft3-4096 ft3-16384)

need_jar
need_tool java "a JDK 17"
need_tool hyperfine
need_tool python3
launcher=$repo_root/app/target/topoplanner
[ -x "$launcher" ] || skip "$launcher is missing (mvn -B -q -o -DskipTests package writes it next to the jar)"
[ -n "$ibtopotool" ] || skip "no --ibtopotool PATH given (git clone https://github.com/jabl/ibtopotool; PATH is its src/ibtopotool.py)"
[ -r "$ibtopotool" ] || skip "$ibtopotool is not readable"
"$python" -c 'import networkx, ClusterShell' 2>/dev/null \
	|| skip "$python cannot import networkx and ClusterShell (apt-get install python3-networkx python3-clustershell)"
ibsim=$(shared_root)/fabrics/ibsim
[ -d "$ibsim" ] || skip "$ibsim is missing (the shared fabrics are not on this machine; set SHARED=...)"
installed=${INSTALLED:-/opt/topoplanner/bin/topoplanner}
[ -x "$installed" ] || installed=
before=${BEFORE:-}
[ -z "$before" ] || [ -x "$before" ] || skip "BEFORE=$before is not an executable launcher"

work=$(mktemp -d /tmp/bench-peers.XXXXXX)
trap 'rm -rf "$work"' EXIT

echo "## topoplanner convert --to slurm-topology vs ibtopotool"
echo
machine_note
echo "ibtopotool: $(git -C "$(dirname "$ibtopotool")" log -1 --format='commit %h (%cs)' 2>/dev/null || echo "sha256 $(sha256sum "$ibtopotool" | cut -c1-16)..."), networkx $("$python" -c 'import networkx; print(networkx.__version__)'), $("$python" --version 2>&1)"
echo "hyperfine $(hyperfine --version | cut -d' ' -f2): $warmup warm-up round(s), then $rounds rounds, each one run of every command in turn; wall ms: median (min-max, standard deviation, runs; CPU = mean user+sys of all processes)"
echo

# stats NAME: median|min|max|sd|n|cpu over the rounds' JSON files of one command, in ms
stats() {
	python3 - "$1" "$work"/round-*.json <<'PY'
import json, statistics, sys
name, files = sys.argv[1], sys.argv[2:]
wall, cpu = [], []
for f in files:
    for r in json.load(open(f))["results"]:
        if r["command"] == name:
            wall += r["times"]
            cpu.append(r["user"] + r["system"])
ms = lambda s: f"{s * 1000:.0f}"
sd = statistics.stdev(wall) if len(wall) > 1 else 0
print("|".join([ms(statistics.median(wall)), ms(min(wall)), ms(max(wall)), ms(sd), str(len(wall)), ms(statistics.mean(cpu))]))
PY
}

notes=()
echo "| fabric | hosts | input | TopoPlanner (launcher, CDS) | ${before:+TopoPlanner (BEFORE) | }TopoPlanner (java -jar) | ${installed:+TopoPlanner (installed app) | }ibtopotool | ratio ibtopotool / launcher (medians) | load avg before -> after | hosts agree |"
echo "|---|---|---|---|${before:+---|}---|${installed:+---|}---|---|---|---|"
for f in "${fabrics[@]}"; do
	dump=$ibsim/$f.ibnetdiscover
	case $f in */*) dump=$f; f=$(basename "$f" .ibnetdiscover) ;; esac   # a dump given by path
	if [ ! -r "$dump" ]; then echo "| $f | skipped: $dump is missing |"; continue; fi
	roots=$work/$f.roots
	# the description's system name: "core01", or "ibcore1" in "MF0;ibcore1:CS7520/S01/U1"
	grep '^Switch' "$dump" | grep -E '# "([^";]*;)?[a-z]*core' | awk '{print $3}' | tr -d '"' > "$roots" || true
	[ -s "$roots" ] || grep '^Switch' "$dump" | grep -E '# "([^";]*;)?spine' | awk '{print $3}' | tr -d '"' > "$roots" || true
	if [ ! -s "$roots" ]; then echo "| $f | skipped: no switch described core* or spine* to give ibtopotool as roots |"; continue; fi
	cmds=(-n launcher "$launcher convert --to slurm-topology $dump"
		-n java-jar "java -jar $jar convert --to slurm-topology $dump")
	[ -z "$before" ] || cmds+=(-n before "$before convert --to slurm-topology $dump")
	[ -z "$installed" ] || cmds+=(-n installed "$installed convert --to slurm-topology $dump")
	cmds+=(-n ibtopotool "$python $ibtopotool --slurm -t $roots $dump")
	# Outputs once, for the comparison (and so that a failing tool is seen before it is timed).
	"$launcher" convert --to slurm-topology "$dump" > "$work/$f.ours" 2> "$work/$f.ours.err" \
		|| { echo "| $f | TopoPlanner failed: $(head -1 "$work/$f.ours.err") |"; continue; }
	"$python" "$ibtopotool" --slurm -t "$roots" "$dump" > "$work/$f.theirs" 2> "$work/$f.theirs.err" \
		|| { echo "| $f | ibtopotool failed: $(tail -1 "$work/$f.theirs.err") |"; continue; }
	rm -f "$work"/round-*.json
	load_before=$(loadavg)
	for ((r = 0; r < warmup + rounds; r++)); do
		out=$work/round-$r.json
		[ "$r" -ge "$warmup" ] || out=$work/warmup.json
		hyperfine -N --style none --runs 1 --export-json "$out" "${cmds[@]}" > "$work/$f.hyperfine" 2>&1 \
			|| { echo "| $f | hyperfine failed: $(tail -1 "$work/$f.hyperfine") |"; continue 2; }
	done
	load_after=$(loadavg)
	declare -A row=()
	for name in launcher before java-jar installed ibtopotool; do
		[ "$name" != installed ] || [ -n "$installed" ] || continue
		[ "$name" != before ] || [ -n "$before" ] || continue
		IFS='|' read -r median min max sd n cpu < <(stats "$name")
		row[$name]="$median ($min-$max, sd $sd, n=$n; CPU $cpu)"
		row[$name.median]=$median
	done
	ratio=$(python3 -c "print(f'{${row[ibtopotool.median]} / ${row[launcher.median]}:.1f}')")
	python3 "$bench_dir/compare-topology.py" "$work/$f.ours" "$work/$f.theirs" > "$work/$f.compare"
	hosts=$(grep -o 'hosts: ours [0-9]*' "$work/$f.compare" | cut -d' ' -f3)
	agree=$(sed -n 's/^hosts-agree: //p' "$work/$f.compare")
	size=$(awk -v b="$(stat -c %s "$dump")" 'BEGIN {printf "%.1f MB", b / 1e6}')
	echo "| $f | $hosts | $size | ${row[launcher]} | ${before:+${row[before]} | }${row[java-jar]} | ${installed:+${row[installed]} | }${row[ibtopotool]} | **${ratio}x** | $load_before -> $load_after | $agree |"
	notes+=("**$f** (roots given to ibtopotool: $(wc -l < "$roots") switches)" "$(grep '^- ' "$work/$f.compare")")
	unset row
done
echo
echo "### What the two outputs say"
echo
printf '%s\n' "${notes[@]}"
if [ -n "${KEEP_OUTPUTS:-}" ]; then mkdir -p "$KEEP_OUTPUTS" && cp "$work"/*.ours "$work"/*.theirs "$work"/round-*.json "$KEEP_OUTPUTS"/ 2>/dev/null; echo; echo "outputs kept in $KEEP_OUTPUTS"; fi
