#!/usr/bin/env bash
# Start-up figures of the jar: time from launch to the main window being shown (under Xvfb when
# there is no display), and hyperfine wall times of `--version` and `inspect --example`.
#
# usage: benchmarks/startup.sh [--runs N] [--warmup N] [--launcher PATH] [--poll]
#   --launcher PATH: time this program instead of `java -jar JAR`, e.g. app/target/topoplanner (the
#   script that maps the class-data sharing archive) or an installed or built jpackage launcher
#   (/opt/topoplanner/bin/topoplanner, installers/target/jpackage/image/topoplanner/bin/topoplanner).
# needs: java, hyperfine, cc and libx11-dev (the window stamp below is a small C program built on
#        the fly), xdotool only for --poll; for the window: xvfb-run (xvfb xauth) when DISPLAY is
#        unset, and the GTK libraries JavaFX loads (libgtk-3-0 libxtst6 libxxf86vm1 libgl1).
#
# Window: the jar is launched with no arguments (the desktop opens on the example cluster) by
# window-mapped.c, which selects the root window's SubstructureNotify events before the launch and
# stamps the MapNotify of the window titled TopoPlanner... as the X server reports it, then stops
# the process (SIGSTOP) so that its CPU time (user+sys from /proc, all threads, and split by thread:
# the JavaFX thread, C1 and C2 compilers, GC, renderer, the rest) is read as it was at that moment.
# Until 2026-12-05 the script polled `xdotool search --onlyvisible --name '^TopoPlanner'` every
# 50 ms instead: a figure was 0-50 ms late plus one xdotool run, its CPU was read after that delay,
# and the polls (a process each) took CPU from the program on a 2-core machine. `--poll` keeps that
# measurement, to compare with old figures. The first frame is painted right after the map.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

runs=10 warmup=2 launcher= poll=
while [ $# -gt 0 ]; do
	case $1 in
	--runs) runs=$2; shift 2 ;;
	--warmup) warmup=$2; shift 2 ;;
	--inside-xvfb) inside=1; shift ;;
	--launcher) launcher=$2; shift 2 ;;
	--poll) poll=1; shift ;;
	-h|--help) sed -n '2,27p' "$0"; exit 0 ;;
	*) echo "unknown argument $1" >&2; exit 2 ;;
	esac
done

need_jar
need_tool java "a JDK 17"

# cpu_by_thread PID: "all fx c2 c1 gc render other", CPU user+sys ms of a (stopped) process.
cpu_by_thread() {
	local tick
	tick=$(getconf CLK_TCK)
	{
		awk '{print "all", $14 + $15}' "/proc/$1/stat"
		# thread names are "(name)", cut at 15 characters, and may hold spaces: the fields
		# after the last ')' are read
		for f in /proc/"$1"/task/*/stat; do
			sed -E 's/^[0-9]+ \((.*)\) [A-Z] (.*)$/\1|\2/' "$f" 2>/dev/null
		done | awk -F'|' '{split($2, a, " "); print $1 "|" a[11] + a[12]}'
	} | awk -F'|' -v t="$tick" '
		NR == 1 {split($0, f, " "); all = f[2]; next}
		{n = $1; v = $2
		 if (n ~ /^JavaFX Applicat/) k = "fx"; else if (n ~ /^C2 /) k = "c2"; else if (n ~ /^C1 /) k = "c1"
		 else if (n ~ /^(GC |G1 )/) k = "gc"; else if (n ~ /^QuantumRenderer/) k = "render"; else k = "other"
		 c[k] += v}
		END {printf "%d %d %d %d %d %d %d\n", all * 1000 / t, c["fx"] * 1000 / t, c["c2"] * 1000 / t,
		     c["c1"] * 1000 / t, c["gc"] * 1000 / t, c["render"] * 1000 / t, c["other"] * 1000 / t}'
}

# window_runs OUT: one line per run, "wall_ms all fx c2 c1 gc render other" (CPU ms at the map).
window_runs() {
	local i res what ns pid
	: > "$1"
	for i in $(seq 1 $((warmup + runs))); do
		if [ -n "$poll" ]; then
			poll_once "$1.log" || return 1
		else
			res=$("$stamp" TopoPlanner 60 "$1.log" "${launch[@]}") || true
			read -r what ns pid <<< "$res"
			if [ "$what" != mapped ]; then
				[ -n "${pid:-}" ] && kill -KILL "$pid" 2>/dev/null
				echo "window never appeared ($res); the application said:" >&2
				head -20 "$1.log" >&2
				return 1
			fi
			line="$((ns / 1000000)) $(cpu_by_thread "$pid")"
			kill -KILL "$pid" 2>/dev/null || true
		fi
		[ "$i" -gt "$warmup" ] && echo "$line" >> "$1"
		sleep 0.5   # let the X server forget the window
	done
}

# The measurement before 2026-12-05 (--poll): xdotool every 50 ms; sets line.
poll_once() {
	local t0 t1 pid found
	t0=$(date +%s%N)
	"${launch[@]}" > "$1" 2>&1 &
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
	kill -STOP "$pid" 2>/dev/null || true
	line="$(( (t1 - t0) / 1000000 )) $(cpu_by_thread "$pid" 2>/dev/null || echo 0 0 0 0 0 0 0)"
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	if [ -z "$found" ]; then
		echo "window never appeared; the application said:" >&2
		head -20 "$1" >&2
		return 1
	fi
}

# Everything below the window part needs no display; the window part re-runs this script under
# xvfb-run when there is no display.
if [ -z "${inside:-}" ] && [ -z "${DISPLAY:-}" ]; then
	if command -v xvfb-run >/dev/null; then
		xvfb-run -a -s "-screen 0 1600x1000x24" "$0" --inside-xvfb --runs "$runs" --warmup "$warmup" ${launcher:+--launcher "$launcher"} ${poll:+--poll}
		exit $?
	fi
	window_skip="skipped: no DISPLAY and no xvfb-run (apt-get install xvfb xauth)"
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
stamp=$work/window-mapped
if [ -z "${window_skip:-}" ] && [ -n "$poll" ] && ! command -v xdotool >/dev/null; then
	window_skip="skipped: --poll needs xdotool (apt-get install xdotool)"
elif [ -z "${window_skip:-}" ] && [ -z "$poll" ] \
	&& ! cc -O2 -o "$stamp" "$bench_dir/window-mapped.c" -lX11 2> "$work/cc.log"; then
	window_skip="skipped: window-mapped.c does not build (apt-get install gcc libx11-dev): $(head -1 "$work/cc.log")"
fi
if [ -n "${window_skip:-}" ]; then
	echo "| launch to main window shown | $window_skip | | | | |"
else
	before=$(loadavg)
	if window_runs "$work/window"; then
		python3 - "$work/window" "$before" "$(loadavg)" "$poll" <<'PY'
import statistics, sys
rows = [list(map(int, l.split())) for l in open(sys.argv[1]) if l.strip()]
how = "xdotool polled every 50 ms" if sys.argv[4] else "MapNotify stamp"
med = lambda i: statistics.median(r[i] for r in rows)
wall = [r[0] for r in rows]
cpu = [r[1] for r in rows]
split = " / ".join(f"{med(i):.0f}" for i in range(2, 8))
print(f"| launch to main window shown (Xvfb, {how}) | {len(wall)} | {statistics.median(wall):.0f} | {min(wall)}-{max(wall)} | {statistics.median(cpu):.0f} ({min(cpu)}-{max(cpu)}); by thread, FX / C2 / C1 / GC / renderer / rest: {split} | {sys.argv[2]} -> {sys.argv[3]} |")
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
