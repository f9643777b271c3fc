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

Opt-in, ORACLE_TIMED_EPILOG=1 (off by default, so a default run's lines and slurm.conf stay exactly as before):
  cancel                   t_epilog {node: t}      when slurmctld took each node's epilog-complete message of the
                                                  cancelled jobs, keys in the order slurmctld handled them (for a
                                                  node that several of them shared, its last)
                           t_epilog_calls [t]     every job_epilog_complete (job_mgr.c) of the cancelled jobs, one
                                                  per node leaving COMPLETING: those of t_epilog's nodes, and one
                                                  for each node that sent no epilog message: a node without a
                                                  running step and without an Epilog answers the kill with
                                                  ESLURMD_KILL_JOB_ALREADY_COMPLETE (slurmd req.c
                                                  _rpc_terminate_job) and agent.c _thread_per_group_rpc calls
                                                  job_epilog_complete for it, unnamed in the log
  sched_log                epilogs {job id: {node: t}}, epilog_calls {job id: [t]}: the same for every job (also
                                                  reset steps and the final scancel's, as far as the log holds them)
  For it the wrapper appends DebugFlags=Route,TraceJobs (added to a case's own DebugFlags) and
  SlurmctldDebug=verbose (unless the harness runs it at debug): proc_req.c _slurm_rpc_epilog_complete writes
  log_flag(ROUTE, "%s: node_name = %s, JobId=%u") (22.05.8, 24.11.5; 26.05 prints the id with %pI) inside the job
  write lock, just before its job_epilog_complete, which begins with log_flag(TRACE_JOBS, "%s: enter %pJ") (all
  three); log_flag writes at LOG_LEVEL_VERBOSE (common/log.h). Log settings only; what slurmctld schedules is
  unchanged, but the main log grows, so batch runs leave it off.

Opt-in, ORACLE_TIMED_LOOKS=1 (off by default, like ORACLE_TIMED_EPILOG; both may be on):
  job lines (every when)   t_look_rpc             when slurmctld received the look's RPC: the first "slurmctld_req:
                                                  received opcode REQUEST_JOB_INFO_SINGLE" line (proc_req.c
                                                  slurmctld_req, under DebugFlags=Protocol, at info level, all three
                                                  releases) whose time lies inside t_look (absent when none does).
                                                  It is written just before the handler _slurm_rpc_dump_job_single
                                                  asks for the job read lock, so a pass whose "Running job scheduler"
                                                  line (written after _schedule took the job write lock) is earlier
                                                  holds the lock the answer waits for; without enable_rpc_queue
                                                  (SlurmctldParameters, unset here) the RPC is not queued
  sched_log                looks [t]              every such REQUEST_JOB_INFO_SINGLE time
  For it the wrapper appends DebugFlags=Protocol (merged with the case's own and the epilog opt-in's flags). The
  harness's SlurmctldDebug=info already writes info() lines. Log settings only.

Opt-in, ORACLE_TIMED_BUILDS=1 (off by default; f23m): when job_limits_check turned a job away from a partition
  sched_log                limit_checks [{"t", "job", "part"}]  every job_limits_check (job_mgr.c, all three
                                                  releases) that failed: its debug2("%pJ can't run in partition %s:
                                                  %s") line. It runs at submission (job_allocate), in each pass's
                                                  build_job_queue and in sched/builtin's (builtin.c
                                                  _compute_start_times, every interval=2 s, unlogged otherwise), so
                                                  such lines away from an RPC and a logged pass time the builtin
                                                  agent's queue builds
  For it the wrapper appends SlurmctldDebug=debug2. Log settings only, but the main log grows a lot: probes only.

Opt-in, ORACLE_TIMED_SELECT=1 (off by default; u28d, for a probe read by its log, not by its lines): the wrapper
  appends DebugFlags=SelectType (merged with the case's own and the other opt-ins' flags) and, unless
  ORACLE_TIMED_BUILDS=1 or the harness's --debug already raise it, SlurmctldDebug=verbose: cons_tres and
  topology/common (eval_nodes.c, gres_filter.c _foreach_gres_filter_sock_core: "estimating req_cores", "Job
  cannot run on node") write log_flag(SELECT_TYPE, ...) at LOG_LEVEL_VERBOSE (common/log.h). Nothing is added to
  the lines: run with --keep (passed on to the harness) and read the kept work dir's log/slurmctld.log. Log
  settings only.

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
EPILOG = re.compile(r"_slurm_rpc_epilog_complete: node_name = (\S+), (?:JobId|StepId)=(\d+)")
EPILOG_CALL = re.compile(r"job_epilog_complete: enter JobId=(\d+)")
EPILOG_OPT_IN = os.environ.get("ORACLE_TIMED_EPILOG") == "1"
LOOKS_OPT_IN = os.environ.get("ORACLE_TIMED_LOOKS") == "1"
LOOK_RPC = re.compile(r"slurmctld_req: .*received opcode REQUEST_JOB_INFO_SINGLE\b")
BUILDS_OPT_IN = os.environ.get("ORACLE_TIMED_BUILDS") == "1"
SELECT_OPT_IN = os.environ.get("ORACLE_TIMED_SELECT") == "1"
LIMIT_CHECK = re.compile(r"JobId=(\d+) can't run in partition (\S+): ")


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
        self.epilogs = {}     # job id -> {node: t}, in log order (ORACLE_TIMED_EPILOG only)
        self.epilog_calls = {}  # job id -> [t] of each job_epilog_complete (ORACLE_TIMED_EPILOG only)
        self.looks = []       # t of each REQUEST_JOB_INFO_SINGLE slurmctld received (ORACLE_TIMED_LOOKS only)
        self.limit_checks = []  # {"t", "job", "part"} of each failed job_limits_check (ORACLE_TIMED_BUILDS only)

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
            e = EPILOG.search(line)
            if e:
                self.epilogs.setdefault(int(e.group(2)), {})[e.group(1)] = t
            c = EPILOG_CALL.search(line)
            if c:
                self.epilog_calls.setdefault(int(c.group(1)), []).append(t)
            if LOOK_RPC.search(line):
                self.looks.append(t)
            lc = LIMIT_CHECK.search(line)
            if lc:
                self.limit_checks.append({"t": t, "job": int(lc.group(1)), "part": lc.group(2)})

    def look_rpc(self, look):
        """The first look RPC slurmctld received inside the harness's scontrol [start, end], or None."""
        return next((t for t in self.looks if look[0] <= t <= look[1]), None)


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
    if EPILOG_OPT_IN:
        log_epilogs(self)
    if LOOKS_OPT_IN:
        log_looks(self)
    if BUILDS_OPT_IN:
        with open(self.conf, "a") as f:
            f.write("SlurmctldDebug=debug2\n")
        self.notes.append("timed: SlurmctldDebug=debug2 added for job_limits_check times (ORACLE_TIMED_BUILDS=1)")
    if SELECT_OPT_IN:
        log_selection(self)


def _add_debug_flags(self, added):
    """Append DebugFlags= with the case's own flags (the last DebugFlags line so far) plus `added`; return them."""
    with open(self.conf) as f:
        lines = f.read().split("\n")
    flags = list(added)
    lower = [a.lower() for a in added]
    for line in lines:
        key, _, val = line.strip().partition("=")
        if key.strip().lower() == "debugflags" and val.strip():
            flags = [v for v in val.strip().split(",") if v.lower() not in lower] + list(added)
    # later duplicates override earlier ones for scalar keys in slurm.conf (as the harness's own comment says)
    with open(self.conf, "a") as f:
        f.write("DebugFlags=%s\n" % ",".join(flags))
    return flags


def log_epilogs(self):
    """ORACLE_TIMED_EPILOG=1: the keys that make slurmctld log each node's epilog-complete message (docstring)."""
    flags = _add_debug_flags(self, ["Route", "TraceJobs"])
    level = "" if getattr(self, "debug", False) else "SlurmctldDebug=verbose\n"
    with open(self.conf, "a") as f:
        f.write(level)
    self.notes.append("timed: DebugFlags=%s%s added for epilog times (ORACLE_TIMED_EPILOG=1)"
                      % (",".join(flags), " + SlurmctldDebug=verbose" if level else ""))


def log_looks(self):
    """ORACLE_TIMED_LOOKS=1: DebugFlags=Protocol, so slurmctld_req logs each RPC it received (docstring)."""
    flags = _add_debug_flags(self, ["Protocol"])
    self.notes.append("timed: DebugFlags=%s added for look RPC times (ORACLE_TIMED_LOOKS=1)" % ",".join(flags))


def log_selection(self):
    """ORACLE_TIMED_SELECT=1: DebugFlags=SelectType at verbose level or above, for the kept log (docstring)."""
    flags = _add_debug_flags(self, ["SelectType"])
    level = "" if BUILDS_OPT_IN or EPILOG_OPT_IN or getattr(self, "debug", False) else "SlurmctldDebug=verbose\n"
    with open(self.conf, "a") as f:
        f.write(level)
    self.notes.append("timed: DebugFlags=%s%s added for the selection log (ORACLE_TIMED_SELECT=1)"
                      % (",".join(flags), " + SlurmctldDebug=verbose" if level else ""))


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
                if LOOKS_OPT_IN:
                    t = self.clock.look_rpc(timed["look"])
                    if t is not None:
                        obj["t_look_rpc"] = t
        elif kind in ("cancel", "reset", "sleep") and "step" in timed:
            obj["t_step"] = [timed.pop("step"), now()]
            self.clock.read()
            kills = [self.clock.kills[i] for i in obj.get("job_ids", []) if i in self.clock.kills]
            if kills:
                obj["t_rpc"] = min(kills)
            if EPILOG_OPT_IN and kind == "cancel":
                ends = {}
                for i in obj.get("job_ids", []):
                    for node, t in self.clock.epilogs.get(i, {}).items():
                        ends[node] = max(t, ends.get(node, t))
                obj["t_epilog"] = dict(sorted(ends.items(), key=lambda kv: kv[1]))
                obj["t_epilog_calls"] = sorted(t for i in obj.get("job_ids", [])
                                               for t in self.clock.epilog_calls.get(i, []))
    return _emit(self, obj)


_final_snapshot = oracle.Harness.final_snapshot


def final_snapshot(self):
    _final_snapshot(self)
    self.clock.read()
    line = {"type": "sched_log", "passes": self.clock.passes,
            "submits": {str(k): v for k, v in sorted(self.clock.submits.items())},
            "allocs": {str(k): v for k, v in sorted(self.clock.allocs.items())},
            "kills": {str(k): v for k, v in sorted(self.clock.kills.items())}}
    if EPILOG_OPT_IN:
        line["epilogs"] = {str(k): v for k, v in sorted(self.clock.epilogs.items())}
        line["epilog_calls"] = {str(k): v for k, v in sorted(self.clock.epilog_calls.items())}
    if LOOKS_OPT_IN:
        line["looks"] = self.clock.looks
    if BUILDS_OPT_IN:
        line["limit_checks"] = self.clock.limit_checks
    self.emit(line)


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
