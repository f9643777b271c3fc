#!/usr/bin/env python3
"""The shared harness's oracle.py, plus measured wall-clock times: loaded from ORACLE_SHARED as a module (or, with
ORACLE_TIMED_BASE, through another wrapper such as .ci/oracle-yaml/oracle_yaml.py) and wrapped; what it does with
Slurm is unchanged. Every time is epoch seconds (UTC) with milliseconds.

Added to the lines (fields the project's readers ignore; the job lines keep every field the harness writes):
  job lines, when=submit   t_sbatch [start, end]  sbatch started and returned (REJECTED lines: only this)
                           t_rpc                  slurmctld's log line of the submission RPC
                                                  (_slurm_rpc_submit_batch_job, written after job_allocate)
  job lines (every when)   t_look [start, end]    the `scontrol show job` whose answer the line prints
                           t_alloc                slurmctld's "sched: Allocate" line of the job, when the job had
                                                  started by the end of t_look (absent otherwise)
  cancel, reset, sleep     t_step [start, end]    the step, from the harness's call to its printed line
  cancel                   t_rpc                  slurmctld's first log line of the scancel RPC of those jobs
                                                  (_slurm_rpc_kill_job: REQUEST_KILL_JOB)
  sched_log (one line, after the final snapshots): every scheduling pass slurmctld ran, from its scheduler log:
      passes [{"t": start, "kind": "default depth" | "full queue", "started": [job ids]}], and
      submits {job id: t_rpc}, allocs {job id: t}, kills {job id: t} (all of them, also those after a line was
      printed).

The scheduler log is slurm.conf's SlurmSchedLogFile with SlurmSchedLogLevel=1 (keys the harness owns and leaves
unset; appended by this wrapper): log.c's sched_log_var writes every sched_info/sched_debug* message there with its
time (LogTimeFormat's default iso8601_ms, all three releases). It changes what is logged, not how slurmctld
schedules; the main log stays at the harness's level. Each pass begins with job_scheduler.c _schedule's
sched_debug("Running job scheduler %s.") and each job it starts logs sched_info("Allocate ...").
"""
import calendar
import importlib.util
import os
import re
import sys
import time

SHARED = os.environ["ORACLE_SHARED"]
BASE = os.environ.get("ORACLE_TIMED_BASE") or os.path.join(SHARED, "oracle.py")
spec = importlib.util.spec_from_file_location("oracle_base", BASE)
base = importlib.util.module_from_spec(spec)
spec.loader.exec_module(base)
oracle = sys.modules.get("oracle", base)   # the yaml wrapper registers the shared module as "oracle"
if not hasattr(oracle, "Harness"):
    oracle = base

STAMP = re.compile(r"\[(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?\]")
PASS = re.compile(r"Running job scheduler (for full queue|for default depth)")
ALLOC = re.compile(r"\bAllocate JobId=(\d+)")
SUBMIT = re.compile(r"_slurm_rpc_submit_batch_job: \D*(\d+)")   # 26.05 prints it with %pI
KILL = re.compile(r"_slurm_rpc_kill_job: REQUEST_KILL_JOB JobId=(\d+)")


def epoch(stamp, frac):
    """An iso8601(_ms) log time (slurmctld writes local time; the harness's roots and host are UTC) in seconds."""
    t = calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%S"))
    return round(t + (float(frac) if frac else 0.0), 3)


class SlurmctldClock:
    """What slurmctld's logs say so far: read on, from where the last read stopped."""

    def __init__(self, sched_log, main_log):
        self.files = {"sched": sched_log, "main": main_log}
        self.offsets = {"sched": 0, "main": 0}
        self.partial = {"sched": "", "main": ""}
        self.passes = []      # {"t", "kind", "started"}
        self.submits = {}     # job id -> t
        self.allocs = {}      # job id -> t
        self.kills = {}       # job id -> t of the first scancel RPC

    def read(self):
        for which, path in self.files.items():
            if not os.path.exists(path):
                continue
            with open(path, errors="replace") as f:
                f.seek(self.offsets[which])
                text = self.partial[which] + f.read()
                self.offsets[which] = f.tell()
            lines = text.split("\n")
            self.partial[which] = lines.pop()     # an unfinished last line waits for the next read
            for line in lines:
                self._line(which, line)

    def _line(self, which, line):
        m = STAMP.search(line)
        if not m:
            return
        t = epoch(m.group(1), m.group(2))
        if which == "sched":
            p = PASS.search(line)
            if p:
                self.passes.append({"t": t, "kind": p.group(1)[4:], "started": []})
                return
            a = ALLOC.search(line)
            if a:
                jid = int(a.group(1))
                self.allocs.setdefault(jid, t)
                if self.passes:
                    self.passes[-1]["started"].append(jid)
        else:
            s = SUBMIT.search(line)
            if s:
                self.submits.setdefault(int(s.group(1)), t)
            k = KILL.search(line)
            if k:
                self.kills.setdefault(int(k.group(1)), t)


def now():
    return round(time.time(), 3)


_write_config = oracle.Harness.write_config


def write_config(self):
    _write_config(self)
    self.sched_log = os.path.join(self.w, "log", "sched.log")
    with open(self.conf, "a") as f:
        f.write("SlurmSchedLogFile=%s\nSlurmSchedLogLevel=1\n" % self.sched_log)
    self.clock = SlurmctldClock(self.sched_log, os.path.join(self.w, "log", "slurmctld.log"))
    self.timed = {}
    self.notes.append("timed: SlurmSchedLogFile + SlurmSchedLogLevel=1 added (.ci/oracle-timed/oracle_timed.py)")


_sh = oracle.Harness.sh


def sh(self, args, *a, **kw):
    t0 = now()
    r = _sh(self, args, *a, **kw)
    if args and args[0] in ("sbatch", "scancel"):
        self.timed[args[0]] = [t0, now()]
    return r


_job_info = oracle.Harness.job_info


def job_info(self, jobid):
    t0 = now()
    r = _job_info(self, jobid)
    self.timed["look"] = [t0, now()]
    return r


def _stepped(name):
    orig = getattr(oracle.Harness, name)

    def step(self, *a, **kw):
        self.timed["step"] = now()
        return orig(self, *a, **kw)
    return step


_emit = oracle.Harness.emit


def emit(self, obj):
    timed = getattr(self, "timed", None)
    if timed is not None:
        kind = obj.get("type")
        if kind == "job":
            if obj.get("when") == "submit":
                obj["t_sbatch"] = timed.get("sbatch")
            if obj.get("state") != "REJECTED" and "look" in timed:
                obj["t_look"] = timed["look"]
                self.clock.read()
                jid = obj.get("job_id")
                if obj.get("when") == "submit" and jid in self.clock.submits:
                    obj["t_rpc"] = self.clock.submits[jid]
                if jid in self.clock.allocs and self.clock.allocs[jid] <= timed["look"][1]:
                    obj["t_alloc"] = self.clock.allocs[jid]
        elif kind in ("cancel", "reset", "sleep") and "step" in timed:
            obj["t_step"] = [timed.pop("step"), now()]
            self.clock.read()
            kills = [self.clock.kills[i] for i in obj.get("job_ids", []) if i in self.clock.kills]
            if kills:
                obj["t_rpc"] = min(kills)
    return _emit(self, obj)


_final_snapshot = oracle.Harness.final_snapshot


def final_snapshot(self):
    _final_snapshot(self)
    self.clock.read()
    self.emit({"type": "sched_log", "passes": self.clock.passes,
               "submits": {str(k): v for k, v in sorted(self.clock.submits.items())},
               "allocs": {str(k): v for k, v in sorted(self.clock.allocs.items())},
               "kills": {str(k): v for k, v in sorted(self.clock.kills.items())}})


oracle.Harness.write_config = write_config
oracle.Harness.sh = sh
oracle.Harness.job_info = job_info
oracle.Harness.emit = emit
oracle.Harness.final_snapshot = final_snapshot
for _name in ("cancel", "reset"):
    setattr(oracle.Harness, _name, _stepped(_name))

_run_steps = oracle.Harness.run_steps


def run_steps(self, steps):
    # a sleep step has no method of its own: time it around the harness's own handling, one step at a time
    for st in steps:
        if st[0] == "sleep":
            self.timed["step"] = now()
        _run_steps(self, [st])


oracle.Harness.run_steps = run_steps

if __name__ == "__main__":
    sys.exit(oracle.main())
