# Sourced by the benchmark scripts: where things are, and the notes every table carries.
# shellcheck shell=bash

bench_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(dirname "$bench_dir")
jar=${TOPOPLANNER_JAR:-$repo_root/app/target/topoplanner.jar}

# The shared inputs sit in ../shared next to the repository; a git worktree under /work/wt/NAME
# has its ../shared elsewhere, so fall back to /work/shared. SHARED=... overrides both.
shared_root() {
	if [ -n "${SHARED:-}" ]; then echo "$SHARED"
	elif [ -d "$repo_root/../shared/fabrics" ]; then (cd "$repo_root/../shared" && pwd)
	elif [ -d /work/shared/fabrics ]; then echo /work/shared
	else echo "$repo_root/../shared"
	fi
}

# skip MESSAGE: say why a benchmark does not run and leave with success, so a CI job goes on.
skip() {
	echo "skipped: $*"
	exit 0
}

need_tool() {
	command -v "$1" >/dev/null 2>&1 || skip "$1 is missing (${2:-apt-get install $1})"
}

need_jar() {
	[ -r "$jar" ] || skip "$jar is missing (build it: mvn -B -q -o -DskipTests package)"
}

loadavg() {
	cut -d' ' -f1-3 /proc/loadavg
}

machine_note() {
	local cpu mem
	cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
	mem=$(awk '/^MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)
	echo "machine: $(nproc) cores, $cpu, $mem, $(java -version 2>&1 | head -1), $(. /etc/os-release && echo "$PRETTY_NAME")"
}

# stats_from_hyperfine JSON: one line per command: name|median|min|max|stddev|runs|cpu, in ms;
# cpu is the mean user+sys time (hyperfine keeps no per-run CPU times).
stats_from_hyperfine() {
	python3 - "$1" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    ms = lambda s: f"{s * 1000:.0f}"
    print("|".join([r["command"], ms(r["median"]), ms(r["min"]), ms(r["max"]), ms(r["stddev"]), str(len(r["times"])), ms(r["user"] + r["system"])]))
PY
}
