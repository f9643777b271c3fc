#!/usr/bin/env bash
# The shared real-Slurm harness (../shared/oracle/slurm) copies topology.conf but not topology.yaml
# (Slurm 25.05+). This runs that harness unchanged, except that after it writes its configuration
# the case's topology.yaml is copied beside slurm.conf, where slurmctld looks for it first.
#
#   SLURM_ROOT=/var/tmp/sid-root run-yaml.sh [--check] CASE_DIR [run.sh options...]
#
# The harness's run.sh starts "$HERE/oracle.py"; this script puts a copy of run.sh and
# oracle_yaml.py (as oracle.py) into a temporary folder, and oracle_yaml.py loads the shared
# oracle.py as a module and wraps Harness.write_config. Env: ORACLE_SHARED (default: the harness beside the
# checkout, ../shared/oracle/slurm, else the current folder when it holds run.sh and oracle.py; found by
# .ci/oracle-common/harness.sh, as for run-timed.sh). Used for the oracle case yamlparts
# (allocator/src/test/resources/oracle/PROVENANCE.md) and by SlurmExportAcceptanceTest for
# exports that hold a topology.yaml. The wrapper stays until the shared harness copies the file.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../oracle-common/harness.sh
source "$HERE/../oracle-common/harness.sh"
SHARED=$(oracle_harness run-yaml.sh)
TMP=$(oracle_stage oracle-yaml "$SHARED" "$HERE/oracle_yaml.py")
trap 'rm -rf "$TMP"' EXIT
ORACLE_SHARED=$SHARED bash "$TMP/run.sh" "$@"
