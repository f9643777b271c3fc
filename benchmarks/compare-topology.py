#!/usr/bin/env python3
"""Compares two Slurm topology.conf files written for the same fabric by different tools.

Switch names differ between tools (TopoPlanner keeps the switch's NodeDescription; slurmibtopology
numbers switches ibsw1, ibsw2, ... and writes the description in a comment above each line), so
switches are matched by description where a file gives one, and leaves are also matched by the
set of hosts they carry. Prints Markdown: one line per finding, then a verdict line
"hosts-agree: yes|no". Usage: compare-topology.py OURS THEIRS
"""
import re
import sys


def expand(hostlist):
    """Slurm hostlist expression -> list of names (prefix[1-3,07]suffix, comma separated)."""
    names, depth, start = [], 0, 0
    for i, c in enumerate(hostlist + ","):
        if c == "[":
            depth += 1
        elif c == "]":
            depth -= 1
        elif c == "," and depth == 0:
            part = hostlist[start:i]
            start = i + 1
            if part:
                names.extend(expand_one(part))
    return names


def expand_one(name):
    m = re.match(r"^([^\[]*)\[([^\]]*)\](.*)$", name)
    if not m:
        return [name]
    prefix, ranges, rest = m.groups()
    out = []
    for r in ranges.split(","):
        lo, _, hi = r.partition("-")
        hi = hi or lo
        width = len(lo)
        for n in range(int(lo), int(hi) + 1):
            for tail in expand_one(rest) if "[" in rest else [rest]:
                out.append(f"{prefix}{n:0{width}d}{tail}")
    return out


def read(path):
    """-> {name: ("Nodes"|"Switches", set)}, {name: description}."""
    lines, descriptions, pending = {}, {}, None
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"^# IB switch no\. \d+: (\S+) GUID: \S+ Description: (.*)$", line.rstrip("\n"))
        if m:
            pending = m.group(2).strip()
            descriptions[m.group(1)] = pending
            continue
        if not line.startswith("SwitchName="):
            continue
        fields = dict(f.split("=", 1) for f in line.split() if "=" in f)
        name = fields["SwitchName"]
        for key in ("Nodes", "Switches"):
            if key in fields:
                lines[name] = (key, frozenset(expand(fields[key])))
    return lines, descriptions


def main(ours_path, theirs_path):
    ours, _ = read(ours_path)
    theirs, desc = read(theirs_path)
    by_desc = lambda name: desc.get(name, name)
    our_leaves = {n: s for n, (k, s) in ours.items() if k == "Nodes"}
    their_leaves = {by_desc(n): s for n, (k, s) in theirs.items() if k == "Nodes"}
    our_hosts = set().union(*our_leaves.values()) if our_leaves else set()
    their_hosts = set().union(*their_leaves.values()) if their_leaves else set()
    print(f"- switch lines: ours {len(ours)}, theirs {len(theirs)}; leaf lines: ours {len(our_leaves)}, theirs {len(their_leaves)}")
    print(f"- hosts: ours {len(our_hosts)}, theirs {len(their_hosts)}, in both {len(our_hosts & their_hosts)}")
    # Leaves are compared by the host sets they carry, so naming does not matter.
    our_sets, their_sets = set(our_leaves.values()), set(their_leaves.values())
    print(f"- distinct leaf host sets: ours {len(our_sets)}, theirs {len(their_sets)}, only in one file {len(our_sets ^ their_sets)}")
    shared = len(their_leaves) - len(their_sets)
    if shared:
        print(f"- theirs repeats the same host set on {shared} more leaf lines (a host on several leaves: rail fabric)")
    named = sum(1 for n in our_leaves if n in their_leaves)
    print(f"- leaf names: {named} of ours equal a switch description in theirs")
    # Upper levels: ours lists each switch's children; slurmibtopology lists every switch neighbour
    # (children and parents alike) of a switch without hosts, and nothing for a leaf's uplinks.
    our_upper = {n: s for n, (k, s) in ours.items() if k == "Switches"}
    their_upper = {by_desc(n): frozenset(by_desc(x) for x in s) for n, (k, s) in theirs.items() if k == "Switches"}
    same_upper = sum(1 for n, s in our_upper.items() if their_upper.get(n) == s)
    wider = sum(1 for n, s in our_upper.items() if n in their_upper and their_upper[n] > s)
    print(f"- upper switch lines: ours {len(our_upper)}, theirs {len(their_upper)}; identical {same_upper}, "
          f"theirs lists extra neighbours (its parents too) {wider}")
    roots_ours = set(our_upper) - set().union(*our_upper.values()) if our_upper else set()
    print(f"- top-level switches (on no Switches= line): ours {len(roots_ours)}")
    agree = our_hosts == their_hosts and our_sets == their_sets
    print(f"hosts-agree: {'yes' if agree else 'no'}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
