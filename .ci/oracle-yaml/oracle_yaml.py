#!/usr/bin/env python3
"""The shared harness's oracle.py, plus topology.yaml: loaded from ORACLE_SHARED as a module;
Harness.write_config is wrapped to copy CASE_DIR/topology.yaml into the generated etc/ (next to
slurm.conf, where Slurm 25.05+ reads it and then ignores topology.conf). Nothing else changes.
The harness's "leaves" field comes from topology.conf only, so with topology.yaml it stays empty
(a node's leaf depends on the partition's topology)."""
import importlib.util
import os
import shutil
import sys

SHARED = os.environ["ORACLE_SHARED"]
spec = importlib.util.spec_from_file_location("oracle", os.path.join(SHARED, "oracle.py"))
oracle = importlib.util.module_from_spec(spec)
sys.modules["oracle"] = oracle
spec.loader.exec_module(oracle)

_write_config = oracle.Harness.write_config


def write_config(self):
    _write_config(self)
    src = os.path.join(self.case_dir, "topology.yaml")
    if os.path.exists(src):
        shutil.copy(src, os.path.join(self.etc, "topology.yaml"))
        self.notes.append("topology.yaml copied beside slurm.conf (.ci/oracle-yaml/oracle_yaml.py)")


oracle.Harness.write_config = write_config

if __name__ == "__main__":
    sys.exit(oracle.main())
