#!/usr/bin/env python3
"""One line per submission of a timed output (run-timed.sh): when its RPC reached slurmctld (the fraction of the
second), the first scheduling pass after it, when the harness looked, and which came first. Summary counts at the end.

  looks.py OUT.jsonl

Columns: seq name state(reason) | rpc = the submission RPC's second fraction | pass = first pass after the RPC, in s
after it (* = it started this job) | look = the look's scontrol start and end after the RPC | order: "pass<look" when
the pass began before the look's scontrol started, "look<pass" when after it ended, "overlap" otherwise. For 24.11 and
up also "rule" = the next whole second after the RPC (_slurmctld_background's timed wait), in s after the RPC. With
t_look_rpc (ORACLE_TIMED_LOOKS=1) also "ans" = when slurmctld received the look's RPC, in s after the RPC, and the
order "pass<ans" or "ans<pass" for an overlapping pass.
"""
import json
import math
import sys


def main():
    path = sys.argv[1]
    lines = [json.loads(l) for l in open(path) if l.strip()]
    meta = next(l for l in lines if l.get("type") == "meta")
    newer = "22.05" not in meta.get("slurm", "")
    log = next((l for l in lines if l.get("type") == "sched_log"), None)
    if log is None:
        sys.exit("no sched_log line: not a timed output")
    passes = sorted(log["passes"], key=lambda p: p["t"])
    counts = {}
    for j in lines:
        if j.get("type") != "job" or j.get("when") != "submit" or j.get("state") == "REJECTED":
            continue
        rpc = j.get("t_rpc") or j["t_sbatch"][1]
        look0, look1 = j["t_look"]
        nxt = next((p for p in passes if p["t"] >= rpc), None)
        state = j["state"] + ("(%s)" % j["reason"] if j.get("reason") else "")
        if nxt is None:
            order = "no pass"
        elif nxt["t"] < look0:
            order = "pass<look"
        elif nxt["t"] > look1:
            order = "look<pass"
        elif "t_look_rpc" in j:
            order = "pass<ans" if nxt["t"] < j["t_look_rpc"] else "ans<pass" if nxt["t"] > j["t_look_rpc"] else "overlap"
        else:
            order = "overlap"
        key = (order, j["state"] if j["state"] != "PENDING" else j.get("reason", "").split(",")[0])
        counts[key] = counts.get(key, 0) + 1
        rule = ""
        if newer:
            rule = " rule=%.3f" % (math.floor(rpc) + 1 - rpc)
        if "t_look_rpc" in j:
            rule += " ans=%.3f" % (j["t_look_rpc"] - rpc)
        started = nxt is not None and j.get("job_id") in nxt["started"]
        print("%3s %-5s %-28s rpc=.%03d pass=%s%s look=%.3f-%.3f %-9s%s" % (
            j.get("seq"), j["name"], state[:28], round((rpc % 1) * 1000) % 1000,
            "%.3f" % (nxt["t"] - rpc) if nxt else "-", "*" if started else " ",
            look0 - rpc, look1 - rpc, order, rule))
    print("counts (order, state or reason):")
    for k in sorted(counts):
        print("  %-10s %-20s %d" % (k[0], k[1], counts[k]))


if __name__ == "__main__":
    main()
