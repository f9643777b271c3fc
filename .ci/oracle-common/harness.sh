# shellcheck shell=bash
# Sourced by the wrappers around the shared real-Slurm harness (.ci/oracle-timed/run-timed.sh,
# .ci/oracle-yaml/run-yaml.sh): where that harness is, and the temporary folder each wrapper runs a copy of the
# harness's run.sh from (run.sh starts "$HERE/oracle.py", so a wrapper puts its own oracle.py beside the copy).
# One place for both, so that they find the harness the same way.
#
# The harness is, in this order: $ORACLE_SHARED when set and not empty; ../shared/oracle/slurm beside the
# checkout (the CI machine's layout); the current folder when it holds run.sh and oracle.py (run from the
# harness's folder, as its README says). Without any of them the wrappers stop and say so: they are CI-only
# checks, and a checkout without ../shared has nothing to run them on.

# The checkout's root (this file is .ci/oracle-common/harness.sh).
ORACLE_CHECKOUT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# oracle_harness NAME: prints the harness folder (absolute), or says why there is none (as NAME) and returns 1.
oracle_harness() {
  local name=$1 shared beside=$ORACLE_CHECKOUT/../shared/oracle/slurm
  if [[ -n ${ORACLE_SHARED:-} ]]; then
    shared=$ORACLE_SHARED
    [[ -d $shared ]] || { echo "$name: ORACLE_SHARED=$shared is not a folder" >&2; return 1; }
  elif [[ -d $beside ]]; then
    shared=$beside
  elif [[ -f ./run.sh && -f ./oracle.py ]]; then
    shared=$PWD
  else
    echo "$name: no real-Slurm harness: $(cd "$ORACLE_CHECKOUT/.." && pwd)/shared/oracle/slurm is missing" \
      "(../shared beside the checkout, present on the CI machine only: this is a CI-only check)." \
      "Set ORACLE_SHARED=DIR or run from the harness's folder." >&2
    return 1
  fi
  shared=$(cd "$shared" && pwd)
  [[ -f $shared/run.sh && -f $shared/oracle.py ]] || { echo "$name: no harness at $shared (no run.sh and oracle.py)" >&2; return 1; }
  if [[ -n ${SLURM_ROOT:-} && ! -d $SLURM_ROOT ]]; then
    echo "$name: SLURM_ROOT=$SLURM_ROOT is not a folder (the harness's setup-new.sh builds it)" >&2
    return 1
  fi
  printf '%s\n' "$shared"
}

# oracle_stage NAME SHARED WRAPPER_PY: a temporary folder (removed when the calling script exits) holding the
# harness's run.sh and WRAPPER_PY as oracle.py; prints its path.
oracle_stage() {
  local name=$1 shared=$2 wrapper=$3 tmp
  tmp=$(mktemp -d "/tmp/$name.XXXXXX")
  cp "$shared/run.sh" "$tmp/run.sh"
  cp "$wrapper" "$tmp/oracle.py"
  printf '%s\n' "$tmp"
}
