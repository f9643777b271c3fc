#!/usr/bin/env bash
# The shared real-Slurm harness (../shared/oracle/slurm) copies topology.conf but not topology.yaml
# (Slurm 25.05+). This runs that harness unchanged, except that after it writes its configuration
# the case's topology.yaml is copied beside slurm.conf, where slurmctld looks for it first.
#
#   SLURM_ROOT=/var/tmp/sid-root run-yaml.sh [--check] CASE_DIR [run.sh options...]
#
# The harness's run.sh starts "$HERE/oracle.py"; this script puts a copy of run.sh and
# oracle_yaml.py (as oracle.py) into a temporary folder, and oracle_yaml.py loads the shared
# oracle.py as a module and wraps Harness.write_config. Env: ORACLE_SHARED (default: the
# harness beside the checkout, ../shared/oracle/slurm). Used for the oracle case yamlparts
# (allocator/src/test/resources/oracle/PROVENANCE.md) and by SlurmExportAcceptanceTest for
# exports that hold a topology.yaml. The wrapper stays until the shared harness copies the file.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SHARED=${ORACLE_SHARED:-$(cd "$HERE/../.." && pwd)/../shared/oracle/slurm}
SHARED=$(cd "$SHARED" && pwd)
[[ -f $SHARED/run.sh && -f $SHARED/oracle.py ]] || { echo "run-yaml.sh: no harness at $SHARED" >&2; exit 1; }
TMP=$(mktemp -d /tmp/oracle-yaml.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
cp "$SHARED/run.sh" "$TMP/run.sh"
cp "$HERE/oracle_yaml.py" "$TMP/oracle.py"
ORACLE_SHARED=$SHARED bash "$TMP/run.sh" "$@"
