#!/usr/bin/env bash
# Produces `ibnetdiscover -p` output (the ports report slurmibtopology.sh reads) for a fabric whose
# shared folder keeps only the .net and plain .ibnetdiscover files (ft3-16384). It runs the real
# ibsim + OpenSM + ibnetdiscover exactly as ../shared/fabrics/ibsim/tools/make-fabrics.sh does,
# on the shared .net file, so the result describes the same fabric (same GUIDs and descriptions;
# OpenSM may hand out other LIDs, which neither converter prints).
#
# usage: benchmarks/make-ports-report.sh NAME OUTDIR      e.g. ft3-16384 /tmp/bench-inputs
# needs: apt-get install ibsim-utils libumad2sim0 infiniband-diags opensm
# writes OUTDIR/NAME.ibnetdiscover-p and OUTDIR/NAME.ibnetdiscover (the latter to check that the
# simulated fabric matches the shared dump). Takes about 3-5 minutes for ft3-16384 on 2 cores.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
shared=$(shared_root)/fabrics/ibsim
name=${1:?usage: make-ports-report.sh NAME OUTDIR}
out=${2:?usage: make-ports-report.sh NAME OUTDIR}
net=$shared/$name.net
so=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so

[ -r "$net" ] || skip "$net is missing (the shared fabrics are not on this machine; set SHARED=...)"
need_tool ibsim "apt-get install ibsim-utils"
need_tool opensm "apt-get install opensm"
need_tool ibnetdiscover "apt-get install infiniband-diags"
[ -f $so ] || skip "$so is missing (apt-get install libumad2sim0)"

mkdir -p "$out"
work=$(mktemp -d /tmp/bench-ibsim.XXXXXX)
simpid=
cleanup() {
	if [ -n "$simpid" ] && kill -0 "$simpid" 2>/dev/null; then kill "$simpid"; wait "$simpid" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT

lim=$(sed -n 's/^# ibsim-limits: //p' "$net")
first_hca=$(awk '/^Hca/ {gsub(/"/, "", $3); print $3; exit}' "$net")
mkdir -p "$work/osm"
# shellcheck disable=SC2086
timeout 2400 ibsim -s -n $lim "$net" > "$work/ibsim.log" 2>&1 &
simpid=$!
for _ in $(seq 1 3000); do
	grep -q 'Network simulator ready' "$work/ibsim.log" && break
	kill -0 "$simpid" 2>/dev/null || break
	sleep 0.2
done
grep -q 'Network simulator ready' "$work/ibsim.log" || { echo "ibsim failed:"; tail "$work/ibsim.log"; exit 1; }
export SIM_HOST=$first_hca
OSM_TMP_DIR=$work/osm OSM_CACHE_DIR=$work/osm LD_PRELOAD=$so timeout 1200 opensm -o -f "$work/osm/osm.log" \
	> "$work/osm/stdout" 2>&1 || { echo "opensm failed"; tail "$work/osm/stdout"; exit 1; }
LD_PRELOAD=$so timeout 600 ibnetdiscover -p > "$out/$name.ibnetdiscover-p.tmp"
LD_PRELOAD=$so timeout 600 ibnetdiscover > "$out/$name.ibnetdiscover.tmp"
mv "$out/$name.ibnetdiscover-p.tmp" "$out/$name.ibnetdiscover-p"
mv "$out/$name.ibnetdiscover.tmp" "$out/$name.ibnetdiscover"
echo "wrote $out/$name.ibnetdiscover-p ($(stat -c %s "$out/$name.ibnetdiscover-p") bytes)"
