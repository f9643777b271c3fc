#!/usr/bin/env bash
# Real-consumer check of the Slurm exports: installs the real-Slurm harness (22.05 from Debian 12,
# 24.11 in a Debian 13 chroot and 26.05 in a Debian unstable chroot), then runs SlurmExportAcceptanceTest,
# which feeds the export bundles of several clusters (fixtures and generated ones) to real
# slurmctld/slurmd of each version and replays the exported job scripts. A bundle with topology.yaml
# (Slurm 25.05+, case example-yaml on 26.05 only) goes through .ci/oracle-yaml/run-yaml.sh, which places
# the file beside slurm.conf (the shared harness copies topology.conf only).
#
#   .ci/slurm-acceptance.sh            # from anywhere; needs root (namespaces, slurmd as root)
#   SLURM_ORACLE=DIR .ci/slurm-acceptance.sh   # the harness elsewhere than ../shared/oracle/slurm
#   MVN_ARGS=-o .ci/slurm-acceptance.sh        # extra Maven arguments (offline here)
#   SID_ROOT=DIR .ci/slurm-acceptance.sh       # where to build the 26.05 root (default /var/tmp/sid-root)
#
# Skips (exit 0, with the reason) when the shared harness is not next to the project or when not root.
# Measured here (2 shared cores): setup.sh ~2 s and setup-new.sh ~2 s when already installed (8 s and
# 31 s fresh); SUITE=sid setup-new.sh ~2 s installed, ~110-300 s fresh; the test class runs 35 cases,
# each bundle written for the release it is fed to (--slurm-version); 3 of them feed a release what its
# export refuses, which it must refuse too (see the report line for its time).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ORACLE=${SLURM_ORACLE:-$ROOT/../shared/oracle/slurm}
if [[ ! -x $ORACLE/run.sh ]]; then
  echo "slurm-acceptance: SKIPPED: no real-Slurm harness at $ORACLE (../shared is missing); nothing was run."
  exit 0
fi
ORACLE=$(cd "$ORACLE" && pwd)
if [[ $(id -u) -ne 0 ]]; then
  echo "slurm-acceptance: SKIPPED: the harness needs root (network/PID namespaces, slurmd as root)."
  exit 0
fi
start=$SECONDS
t=$SECONDS; "$ORACLE/setup.sh" >/dev/null; echo "slurm-acceptance: setup.sh (Slurm 22.05) $((SECONDS - t)) s"
t=$SECONDS; "$ORACLE/setup-new.sh" >/dev/null; echo "slurm-acceptance: setup-new.sh (Slurm 24.11) $((SECONDS - t)) s"
SID_ROOT=${SID_ROOT:-/var/tmp/sid-root}
t=$SECONDS; SUITE=sid "$ORACLE/setup-new.sh" "$SID_ROOT" >/dev/null
echo "slurm-acceptance: SUITE=sid setup-new.sh (Slurm 26.05) $((SECONDS - t)) s"
t=$SECONDS
cd "$ROOT"
# shellcheck disable=SC2086
mvn -B -q ${MVN_ARGS:-} -pl graph-model,src-resources,importers -am verify \
  -Dtest=SlurmExportAcceptanceTest -Dsurefire.failIfNoSpecifiedTests=false -DfailIfNoTests=false \
  -Dslurm.oracle="$ORACLE" -Dslurm.root.26.05="$SID_ROOT"
report=$(ls importers/target/surefire-reports/*SlurmExportAcceptanceTest.txt)
grep -h "Tests run" "$report"
if grep -q "Skipped: [1-9]" "$report"; then
  echo "slurm-acceptance: some cases were skipped (see $report)" >&2
  exit 1
fi
echo "slurm-acceptance: OK; tests $((SECONDS - t)) s, $((SECONDS - start)) s in all"
