#!/usr/bin/env bash
# The shared real-Slurm harness (../shared/oracle/slurm), unchanged, plus measured wall-clock times on its lines:
# when each sbatch started and returned, when the harness read the job's state, and, from slurmctld's own
# scheduler log (SlurmSchedLogFile, a log setting only), when every scheduling pass began and which jobs it started.
# Stored outputs have no times, so whether slurmctld's pass ran between a submission and the harness's look is
# otherwise unknown (the "look" lines of known-mismatch.txt).
#
#   [SLURM_ROOT=/var/tmp/trixie-root] run-timed.sh CASE_DIR --out OUT.jsonl [run.sh options...]
#
# Run it like the harness, under the lock: flock /tmp/oracle.lock .ci/oracle-timed/run-timed.sh CASE --out X.
# As .ci/oracle-yaml/run-yaml.sh: a copy of the harness's run.sh and oracle_timed.py (as oracle.py) go into a
# temporary folder; oracle_timed.py loads the shared oracle.py as a module and wraps it (see its docstring for the
# fields). A case with a topology.yaml: ORACLE_TIMED_YAML=1 also applies .ci/oracle-yaml's copy of that file.
# Opt-ins (log settings only, see oracle_timed.py's docstring): ORACLE_TIMED_LOOKS, _BUILDS, _EPILOG, and
# ORACLE_TIMED_SELECT=1 (DebugFlags=SelectType at verbose level or above; add --keep, which run.sh passes on, and
# read the kept work dir's log/slurmctld.log, path printed as "work dir kept: ...").
# Env: ORACLE_SHARED (default: the harness beside the checkout, ../shared/oracle/slurm, else the current folder
# when it holds run.sh and oracle.py; .ci/oracle-common/harness.sh finds it, as for run-yaml.sh).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../oracle-common/harness.sh
source "$HERE/../oracle-common/harness.sh"
SHARED=$(oracle_harness run-timed.sh)
TMP=$(oracle_stage oracle-timed "$SHARED" "$HERE/oracle_timed.py")
trap 'rm -rf "$TMP"' EXIT
if [[ -n ${ORACLE_TIMED_YAML:-} ]]; then
  # the timed wrapper loads the yaml wrapper, which loads the shared harness
  cp "$HERE/../oracle-yaml/oracle_yaml.py" "$TMP/oracle_yaml.py"
  export ORACLE_TIMED_BASE=$TMP/oracle_yaml.py
fi
ORACLE_SHARED=$SHARED bash "$TMP/run.sh" "$@"
