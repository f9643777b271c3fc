#!/usr/bin/env bash
# Start-up figures of the jar: time from launch to the main window being shown (under Xvfb when
# there is no display), and hyperfine wall times of `--version` and `inspect --example`.
#
# usage: benchmarks/startup.sh [--runs N] [--warmup N] [--launcher PATH]
#   --launcher PATH: time this program instead of `java -jar JAR`, e.g. app/target/topoplanner (the
#   script that maps the class-data sharing archive) or an installed or built jpackage launcher
#   (/opt/topoplanner/bin/topoplanner, installers/target/jpackage/image/topoplanner/bin/topoplanner).
# needs: java, hyperfine, xdotool; for the window: xvfb-run (xvfb xauth) when DISPLAY is unset,
#        and the GTK libraries JavaFX loads (libgtk-3-0 libxtst6 libxxf86vm1 libgl1).
#
# Window: the jar is launched with no arguments (the desktop opens on the example cluster) and
# `xdotool search --onlyvisible --name '^TopoPlanner'` is polled every 50 ms, so a figure can be
# up to ~50 ms (plus one xdotool call) late. "Shown" is the moment the X server reports the
# window mapped; the first frame is painted right after. The CPU time the JVM used until then
# (user+sys from /proc, all threads) is given too: it moves much less than wall time when other
# jobs share the cores.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

runs=10 warmup=2 launcher=
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--warmup) warmup=$2; shift 2 ;;
	--inside-xvfb) inside=1; shift ;;
	--launcher) launcher=$2; shift 2 ;;
	-h|--help) sed -n '2,15p' "$0"; exit 0 ;;
	*) echo "unknown argument $1" >&2; exit 2 ;;
	esac
done

need_jar
need_tool java "a JDK 17"

window_runs() {
	local tick ms cpu i t0 t1 pid found
	tick=$(getconf CLK_TCK)
	: > "$1"
	for i in $(seq 1 $((warmup + runs))); do
		t0=$(date +%s%N)
		"${launch[@]}" > "$1.log" 2>&1 &
		pid=$!
		found=
		for _ in $(seq 1 1200); do   # 60 s at most
			if xdotool search --onlyvisible --name '^TopoPlanner' >/dev/null 2>&1; then
				t1=$(date +%s%N)
				found=1
				break
			fi
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.05
		done
		cpu=$(awk -v t="$tick" '{printf "%d", ($14 + $15) * 1000 / t}' "/proc/$pid/stat" 2>/dev/null || echo 0)
		kill "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		if [ -z "$found" ]; then
			echo "window never appeared; the application said:" >&2
			head -20 "$1.log" >&2
			return 1
		fi
		ms=$(( (t1 - t0) / 1000000 ))
		[ "$i" -gt "$warmup" ] && echo "$ms $cpu" >> "$1"
		sleep 0.5   # let the X server forget the window
	done
}

# Everything below the window part needs no display; the window part re-runs this script under
# xvfb-run when there is no display.
if [ -z "${inside:-}" ] && [ -z "${DISPLAY:-}" ]; then
	if command -v xvfb-run >/dev/null && command -v xdotool >/dev/null; then
		xvfb-run -a -s "-screen 0 1600x1000x24" "$0" --inside-xvfb --runs "$runs" --warmup "$warmup" ${launcher:+--launcher "$launcher"}
		exit $?
	fi
	window_skip="skipped: no DISPLAY and no xvfb-run/xdotool (apt-get install xvfb xauth xdotool)"
fi

echo "## Start-up"
echo
machine_note
echo
work=$(mktemp -d /tmp/bench-startup.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$jar" "$work/topoplanner.jar"   # a build during the run must not rewrite the jar being timed
jar=$work/topoplanner.jar
launch=(java -jar "$jar")
if [ -n "$launcher" ]; then
	[ -x "$launcher" ] || skip "$launcher is not an executable"
	launch=("$launcher")
	echo "launched as: $launcher"
	echo
fi
echo "| what | runs | median ms | min-max ms | CPU user+sys ms | load avg before -> after |"
echo "|---|---|---|---|---|---|"
if [ -n "${window_skip:-}" ]; then
	echo "| launch to main window shown | $window_skip | | | | |"
elif ! command -v xdotool >/dev/null; then
	echo "| launch to main window shown | skipped: xdotool is missing (apt-get install xdotool) | | | | |"
else
	before=$(loadavg)
	if window_runs "$work/window"; then
		python3 - "$work/window" "$before" "$(loadavg)" <<'PY'
import statistics, sys
rows = [tuple(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
wall = [w for w, _ in rows]
cpu = [c for _, c in rows]
print(f"| launch to main window shown (Xvfb, 50 ms polling) | {len(wall)} | {statistics.median(wall):.0f} | {min(wall)}-{max(wall)} | {statistics.median(cpu):.0f} | {sys.argv[2]} -> {sys.argv[3]} |")
PY
	else
		echo "| launch to main window shown | failed (see the application's output above) | | | | |"
	fi
fi
if command -v hyperfine >/dev/null; then
	before=$(loadavg)
	if ! hyperfine -N --style none --warmup "$warmup" --runs "$runs" --export-json "$work/cli.json" \
		-n "topoplanner --version" "${launch[*]} --version" \
		-n "topoplanner inspect --example" "${launch[*]} inspect --example" > "$work/cli.out" 2>&1; then
		echo "| --version, inspect --example | hyperfine failed: $(tail -1 "$work/cli.out") | | | | |"
		exit 1
	fi
	after=$(loadavg)
	python3 - "$work/cli.json" "$before" "$after" <<'PY'
import json, statistics, sys
for r in json.load(open(sys.argv[1]))["results"]:
    t = [x * 1000 for x in r["times"]]
    cpu = (r["user"] + r["system"]) * 1000  # hyperfine keeps only the mean of these
    print(f"| `{r['command']}` (hyperfine) | {len(t)} | {statistics.median(t):.0f} | {min(t):.0f}-{max(t):.0f} | {cpu:.0f} (mean) | {sys.argv[2]} -> {sys.argv[3]} |")
PY
else
	echo "| --version, inspect --example | skipped: hyperfine is missing (apt-get install hyperfine) | | | | |"
fi
