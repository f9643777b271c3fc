#!/usr/bin/env bash
# Regenerates window-classes.lst: the classes the JVM loads from launch until the main window shows,
# listed by a real window under Xvfb. `mvn package` adds them to the class-data sharing archive
# (topoplanner.jsa) next to what it learns from running commands, which need no display. Rerun this
# after large changes to the window; a class that no longer exists is skipped when the archive is made.
# usage: app/src/main/cds/make-window-classes.sh [JAR]   (default: app/target/topoplanner.jar)
# needs: java, xvfb-run, xdotool (apt-get install xvfb xauth xdotool libgtk-3-0 libxtst6 libxxf86vm1 libgl1)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../../../target/topoplanner.jar}
out=$here/window-classes.lst
tmp=$(mktemp /tmp/window-classes.XXXXXX)
trap 'rm -f "$tmp"' EXIT
# The window is given 3 s after it appears, so that the first layout and paint have loaded their classes.
xvfb-run -a -s "-screen 0 1600x1000x24" sh -c '
	java -XX:DumpLoadedClassList="$1" -jar "$2" & pid=$!
	for i in $(seq 1 600); do
		xdotool search --onlyvisible --name "^TopoPlanner" >/dev/null 2>&1 && break
		sleep 0.1
	done
	sleep 3
	kill $pid; wait $pid || true' sh "$tmp" "$jar"
grep -q 'org/topoplanner/app/desktop' "$tmp" || { echo "the window did not open; $out left as it was" >&2; exit 1; }
mv "$tmp" "$out"
trap - EXIT
echo "$(grep -vc '^#' "$out") classes in $out"
