#!/usr/bin/env bash
# CI step: build the jpackage app-image (installers/README.md) and run its launcher.
#   - `--version` and `inspect --example` with no X display: the command line never needs one;
#   - with no arguments under Xvfb, when xvfb-run is there: the window must appear, which proves the
#     linked runtime holds every module and native library the desktop face needs.
# The .deb costs about a minute more CPU (xz compression of ~60 MB); INSTALLERS_DEB=1 builds it too.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "ci/installers: FAILED: $*" >&2; exit 1; }
started=$SECONDS

export DEBIAN_FRONTEND=noninteractive
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && ! command -v xvfb-run >/dev/null; then
  # What the window needs on a minimal Debian 12 (the .deb's Depends), plus an X server for the check.
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends xvfb xauth x11-utils libgtk-3-0 libxtst6 libgl1 libxxf86vm1 >/dev/null \
    || echo "ci/installers: could not install xvfb; the window check will be skipped"
fi
if [ "${INSTALLERS_DEB:-0}" = 1 ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null && ! command -v fakeroot >/dev/null; then
  apt-get install -y -qq --no-install-recommends fakeroot >/dev/null
fi

native_skip=true
[ "${INSTALLERS_DEB:-0}" = 1 ] && native_skip=false
mvn -B -ntp -DskipTests -Ppackage -Dinstaller.native.skip="$native_skip" package

image=installers/target/jpackage/image/topoplanner
launcher=$image/bin/topoplanner
[ -x "$launcher" ] || fail "no launcher at $launcher"
echo "ci/installers: app-image $(du -sh "$image" | cut -f1) at $image"

# The version the build stamped: the first <version> of the root pom is the project's.
expected=$(sed -n 's:.*<version>\([^<]*\)</version>.*:\1:p' pom.xml | head -1)
out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$launcher" --version) || fail "--version exited $?"
echo "$out"
grep -qx "TopoPlanner $expected" <<<"$out" || fail "--version printed no 'TopoPlanner $expected' line"

out=$(env -u DISPLAY -u WAYLAND_DISPLAY "$launcher" inspect --example) || fail "inspect --example exited $?"
echo "$out" | head -5
# The example cluster (README "The example cluster"): 7 switches, 32 hosts.
grep -q "7 switches, 32 hosts" <<<"$out" || fail "inspect --example did not describe the 32-host example cluster"

# Start-up (issue 15): on Linux the class-data sharing archive maps (-Xshare:on stops the JVM when it
# does not), and JavaFX's native libraries sit in the runtime's lib/ (checked in the window's log below).
if [ "$(uname -s)" = Linux ]; then
  _JAVA_OPTIONS=-Xshare:on env -u DISPLAY -u WAYLAND_DISPLAY "$launcher" --version >/dev/null 2>&1 \
    || fail "the launcher does not start with -Xshare:on: lib/app/topoplanner.jsa is missing or does not map"
  [ -f "$image/lib/runtime/lib/libglass.so" ] || fail "JavaFX's libglass.so is not in the runtime's lib/"
fi

if command -v xvfb-run >/dev/null && command -v xwininfo >/dev/null; then
  log=$(mktemp)
  # The window's title starts with "TopoPlanner"; wait up to 60 s for it, then stop the app.
  # javafx.verbose: where each native library was loaded from
  JAVA_TOOL_OPTIONS=-Djavafx.verbose=true xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
    "$1" >"$2" 2>&1 & app=$!
    for _ in $(seq 60); do
      if xwininfo -root -tree | grep -q "\"TopoPlanner"; then kill $app; wait $app 2>/dev/null; exit 0; fi
      kill -0 $app 2>/dev/null || { echo "the launcher exited before a window appeared"; exit 1; }
      sleep 1
    done
    kill $app; echo "no TopoPlanner window after 60 s"; exit 1' _ "$launcher" "$log" \
    || { cat "$log" >&2; fail "window check"; }
  echo "ci/installers: the window opened under Xvfb"
  if [ "$(uname -s)" = Linux ] && grep -q 'from resource' "$log"; then
    grep 'from resource' "$log" >&2
    fail "JavaFX extracted native libraries from its module instead of loading them from the runtime's lib/"
  fi
  rm -f "$log"
else
  echo "ci/installers: xvfb-run/xwininfo missing; window check skipped"
fi

if [ "$native_skip" = false ]; then
  ls -la installers/target/jpackage/installer
fi
echo "ci/installers: passed in $((SECONDS - started)) s"
