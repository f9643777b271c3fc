#!/bin/bash
# Issue 15: fabrics of shapes the shared ibsim set lacks (BENCHMARKS.md, "Fabrics not in the
# repository"), made exactly as the shared make-fabrics.sh makes those: ibsim, one OpenSM sweep, then
# the real infiniband-diags under libumad2sim.so. Its run_fabric is copied here with GEN pointed at
# gen_shaped_net.py, and the fabric list is this script's own. The outputs are large; keep them out
# of the repository.
# usage: benchmarks/make-new-fabrics.sh [OUTDIR] [fabric ...]
#   OUTDIR   default /var/tmp/fabrics-new/fabrics/ibsim
#   fabrics  default: rail-1024x8 ft2-8192-2to1 ft3-uneven ft3-mlnx-4096x2 (~4 min of ibsim/OpenSM/diags
#            at load 15); director-8x2 (the tests' small copy) only when named
# needs: apt-get install ibsim-utils libumad2sim0 infiniband-diags opensm bc (INSTALL=1 does it)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=${1:-/var/tmp/fabrics-new/fabrics/ibsim}
shift || true
. "$HERE/lib.sh"
SHARED=$(shared_root)                 # the shared gen_ibsim_net.py and verify_ibnetdiscover.py
export SHARED
TOOLS=$SHARED/fabrics/ibsim/tools
GEN="python3 $HERE/gen_shaped_net.py"
SO=/usr/lib/x86_64-linux-gnu/umad2sim/libumad2sim.so
WORK=$(mktemp -d /tmp/ibsim-fabrics.XXXXXX)
SIMPID=

if [ "${INSTALL:-0}" = 1 ]; then
	apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		ibsim-utils libumad2sim0 infiniband-diags opensm bc
fi
for t in ibsim opensm ibnetdiscover iblinkinfo ibswitches ibhosts bc; do
	command -v $t >/dev/null || { echo "missing $t (run with INSTALL=1)" >&2; exit 1; }
done
[ -f $SO ] || { echo "missing $SO (libumad2sim0)" >&2; exit 1; }

cleanup() {
	if [ -n "$SIMPID" ] && kill -0 "$SIMPID" 2>/dev/null; then
		kill "$SIMPID"; wait "$SIMPID" 2>/dev/null
	fi
	rm -rf "$WORK"
}
trap cleanup EXIT

SEL=("$@")
mkdir -p "$OUT"
TIMINGS=$OUT/timings.tsv
[ ${#SEL[@]} -eq 0 ] && rm -f "$TIMINGS"   # full run: fresh timings table
[ -f "$TIMINGS" ] || printf 'fabric\thosts\thcas\tswitches\tlinks\tibsim_ready_s\topensm_s\tibnetdiscover_s\tibnetdiscover_p_s\tiblinkinfo_s\tibnetdiscover_bytes\tkept\tverified\n' > "$TIMINGS"

now() { date +%s.%N; }
dt() { printf '%.2f' "$(echo "$2 - $1" | bc)"; }

# run_fabric NAME KEEP(1|0) TIMEOUT_S -- generator args...
run_fabric() {
	local name=$1 keep=$2 tmo=$3; shift 4
	local d=$WORK/$name net=$WORK/$name/$name.net
	mkdir -p "$d/osm"
	echo "=== $name: gen_ibsim_net.py $*"
	$GEN "$@" -o "$net" || return 1
	local lim counts
	lim=$(sed -n 's/^# ibsim-limits: //p' "$net")
	counts=$(sed -n 's/^# hosts: \([0-9]*\) hcas: \([0-9]*\) switches: \([0-9]*\) links: \([0-9]*\)$/\1 \2 \3 \4/p' "$net")
	local first_hca
	first_hca=$(awk '/^Hca/ {gsub(/"/, "", $3); print $3; exit}' "$net")

	local t0 t1 t2 t3 t4 t5
	t0=$(now)
	# shellcheck disable=SC2086
	timeout $((tmo * 4)) ibsim -s -n $lim "$net" > "$d/ibsim.log" 2>&1 &
	SIMPID=$!
	local i
	for i in $(seq 1 $((tmo * 5))); do
		grep -q 'Network simulator ready' "$d/ibsim.log" && break
		kill -0 $SIMPID 2>/dev/null || break
		sleep 0.2
	done
	grep -q 'Network simulator ready' "$d/ibsim.log" || { echo "ibsim failed:"; tail "$d/ibsim.log"; return 1; }
	t1=$(now)

	export SIM_HOST=$first_hca   # attach SM and diags to node001's first HCA
	OSM_TMP_DIR=$d/osm OSM_CACHE_DIR=$d/osm LD_PRELOAD=$SO \
		timeout "$tmo" opensm -o -f "$d/osm/osm.log" > "$d/osm/stdout" 2>&1 \
		|| { echo "opensm failed rc=$?"; tail "$d/osm/stdout"; return 1; }
	t2=$(now)
	LD_PRELOAD=$SO timeout "$tmo" ibnetdiscover > "$d/$name.ibnetdiscover" 2> "$d/ibnetdiscover.err" \
		|| { echo "ibnetdiscover failed"; cat "$d/ibnetdiscover.err"; return 1; }
	t3=$(now)
	LD_PRELOAD=$SO timeout "$tmo" ibnetdiscover -p > "$d/$name.ibnetdiscover-p" 2>> "$d/ibnetdiscover.err" \
		|| { echo "ibnetdiscover -p failed"; return 1; }
	t4=$(now)
	LD_PRELOAD=$SO timeout "$tmo" iblinkinfo > "$d/$name.iblinkinfo" 2>> "$d/ibnetdiscover.err" \
		|| { echo "iblinkinfo failed"; return 1; }
	t5=$(now)
	LD_PRELOAD=$SO timeout "$tmo" ibswitches > "$d/$name.ibswitches" 2>> "$d/ibnetdiscover.err" \
		|| { echo "ibswitches failed"; return 1; }
	LD_PRELOAD=$SO timeout "$tmo" ibhosts > "$d/$name.ibhosts" 2>> "$d/ibnetdiscover.err" \
		|| { echo "ibhosts failed"; return 1; }
	unset SIM_HOST
	kill $SIMPID; wait $SIMPID 2>/dev/null; SIMPID=

	local bytes verified=ok
	bytes=$(stat -c %s "$d/$name.ibnetdiscover")
	python3 "$TOOLS/verify_ibnetdiscover.py" "$net" "$d/$name.ibnetdiscover" || verified=MISMATCH
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" $counts \
		"$(dt $t0 $t1)" "$(dt $t1 $t2)" "$(dt $t2 $t3)" "$(dt $t3 $t4)" "$(dt $t4 $t5)" \
		"$bytes" "$keep" "$verified" >> "$TIMINGS"
	echo "$name: hosts/hcas/switches/links=$counts ibsim=$(dt $t0 $t1)s opensm=$(dt $t1 $t2)s" \
		"ibnetdiscover=$(dt $t2 $t3)s -p=$(dt $t3 $t4)s iblinkinfo=$(dt $t4 $t5)s size=$bytes"
	case $keep in
	1)   cp "$d/$name".{net,ibnetdiscover,ibnetdiscover-p,iblinkinfo,ibswitches,ibhosts} "$OUT/" ;;
	min) cp "$d/$name".{net,ibnetdiscover} "$OUT/" ;;
	esac
	ls -l "$d/$name".* | awk '{print "   ", $5, $NF}' | sed "s#$d/##"
}

want() { [ ${#SEL[@]} -eq 0 ] && return 0; local f; for f in "${SEL[@]}"; do [ "$f" = "$1" ] && return 0; done; return 1; }

# (a) rail-optimised at scale: 16 units of 64 hosts x 8 HCAs (mlx5_0..7) = 1,024 hosts,
#     8,192 HCAs; HCA r of every host of unit u on leaf 8u+r+1 (128 rail leaves), 32 spines,
#     one link per leaf/spine pair (2:1 at the leaves); 128-port switches. (A 2,048 x 8 version
#     needs 255-port switches here, and its OpenSM sweep did not leave DISCOVERING in 11 min.)
want rail-1024x8 && run_fabric rail-1024x8 1 900 -- -- two-level --leaves 128 --rails 8 \
	--hosts-per-leaf 64 --spines 32 --links 1 --radix 128
# (a') the same at 2,048 hosts x 8 HCAs = 16,384 HCAs (only when named): 16 units of 128 hosts, 64 spines;
#      a leaf needs 192 ports, so 254-port switches (the most a switch may have; 255 left OpenSM in DISCOVERING)
[ ${#SEL[@]} -gt 0 ] && want rail-2048x8 && run_fabric rail-2048x8 1 240 -- -- two-level --leaves 128 --rails 8 \
	--hosts-per-leaf 128 --spines 64 --links 1 --radix 254
# (b) 2-level blocking: 128 leaves x 64 hosts = 8,192 hosts, 32 spines, one link per pair
#     (32 uplinks for 64 hosts: 2:1 oversubscribed), radix 128
want ft2-8192-2to1 && run_fabric ft2-8192-2to1 1 900 -- -- two-level --leaves 128 \
	--hosts-per-leaf 64 --spines 32 --links 1 --radix 128
# (c) uneven 3-level: 6 pods of 32 leaves x 32 hosts cut to 32/16/32/8/32/3 leaves; pod 3 has
#     every leaf half full, pod 5 leaves 9-24 half full, pod 6 only 4 of its 8 spines and its
#     third leaf one host; spine j of every pod to cores 2j-1,2j with 16 links each
want ft3-uneven && run_fabric ft3-uneven 1 900 -- --pod-leaves 2:16 --pod-leaves 4:8 \
	--pod-leaves 6:3 --pod-spines 6:4 --half-leaves 3:1-32 --half-leaves 5:9-24 --one-host 6:3 -- \
	three-level --pods 6 --leaves-per-pod 32 --spines-per-pod 8 --cores 16 --core-wiring striped \
	--core-links 16 --hosts-per-leaf 32 --links 2 --radix 128
# (d) Mellanox-style descriptions at scale: 8 pods x 32 leaves x 16 hosts x 2 HCAs (HCA-1, HCA-2,
#     both on the host's leaf) = 4,096 hosts, 8,192 HCAs; switches "MF0;leaf001:MQM8790/U1", the
#     32 cores are the spine ASICs of two CS7520 directors "MF0;ibcore1:CS7520/S01/U1" ...
want ft3-mlnx-4096x2 && run_fabric ft3-mlnx-4096x2 1 900 -- --director ibcore:16 -- three-level \
	--pods 8 --leaves-per-pod 32 --spines-per-pod 16 --cores 32 --core-wiring striped --core-links 8 \
	--hosts-per-leaf 16 --hcas-per-host 2 --hca-names HCA-1,HCA-2 --switch-desc mellanox \
	--switch-model MQM8790 --switch-pad 3 --radix 64
# small copy of (d)'s shape for the project's tests (only when named): 2 pods x 2 leaves x 2 hosts x 2 HCAs,
#     2 spines per pod, the 4 cores the spine ASICs of one CS7520 director "MF0;ibcore1:CS7520/S01/U1"
[ ${#SEL[@]} -gt 0 ] && want director-8x2 && run_fabric director-8x2 1 120 -- --director ibcore:4 -- three-level \
	--pods 2 --leaves-per-pod 2 --spines-per-pod 2 --cores 4 --core-wiring striped --hosts-per-leaf 2 \
	--hcas-per-host 2 --hca-names HCA-1,HCA-2 --switch-desc mellanox --switch-model MQM8790 --radix 36
exit 0
