#!/usr/bin/env python3
"""Random Kueue TAS cases for the oracle harness (topoplanner_oracle_test.go).

Each case is a labelled cluster (1 to 3 topology levels above the nodes, with or without the
kubernetes.io/hostname level), free capacities left by running non-TAS pods, and one PodSet:
required / preferred / unconstrained / no annotation (implied), optionally with a slice layer or
two (multi-layer). A few cases are deliberately invalid (slice level above the PodSet's level,
sizes that do not divide) so that Kueue's own error messages are recorded too.

    python3 gen_kueue_cases.py --seed 12 --count 1500 > cases.json

With --modelled the clusters stay within what TopoPlanner's cluster model states (every node has
the kubelet's 110 pod slots and a kubernetes.io/hostname level; running pods hold CPUs and GPUs,
not memory), so that the same cases can be replayed through the kueue-tas policy and the planner.
"""
import argparse
import json
import random

HOSTNAME = "kubernetes.io/hostname"
LABELS = ["example.com/zone", "example.com/block", "example.com/rack"]
GIB = 1024


def cluster(rng, modelled, whole_nodes=False):
    depth = rng.randint(1, 3)
    levels = LABELS[3 - depth:]
    with_host = modelled or rng.random() < 0.8
    fanout = [rng.randint(1, 3) for _ in range(depth)]
    nodes = []
    prefixes = {"example.com/zone": "z", "example.com/block": "b", "example.com/rack": "r"}

    def walk(level, values):
        if level == depth:
            for _ in range(rng.randint(1, 3 if with_host else 4)):
                nodes.append(node(rng, len(nodes) + 1, dict(zip(levels, values)), modelled, whole_nodes))
            return
        for i in range(rng.randint(1, fanout[level] + 1)):
            walk(level + 1, values + [prefixes[levels[level]] + str(i + 1)])

    walk(0, [])
    rng.shuffle(nodes)
    if with_host:
        levels = levels + [HOSTNAME]
        for n in nodes:
            n["labels"][HOSTNAME] = n["name"]
    return levels, nodes


def node(rng, i, labels, modelled, whole_nodes):
    cpus = rng.choice([2, 4, 8, 16, 32])
    gpus = 8 if whole_nodes else rng.choice([0, 4, 8, 8])
    mem = rng.choice([8, 16, 64, 256]) * GIB
    pods = 110 if modelled else rng.choice([110, 110, 110, 4, 8])
    running = []
    free_cpu, free_mem, free_gpu = cpus * 1000, mem, gpus
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        u = {"cpuMilli": rng.randint(0, free_cpu // 2000) * 1000,
             "memoryMiB": 0 if modelled else rng.randint(0, free_mem // (2 * GIB)) * GIB,
             "gpus": rng.randint(0, free_gpu // 2)}
        free_cpu -= u["cpuMilli"]
        free_mem -= u["memoryMiB"]
        free_gpu -= u["gpus"]
        running.append(u)
    return {"name": "n%02d" % i, "labels": labels, "cpuMilli": cpus * 1000, "memoryMiB": mem,
            "gpus": gpus, "pods": pods, "running": running}


def podset(rng, levels, whole_nodes=False):
    mode = rng.choice(["required", "required", "preferred", "preferred", "unconstrained", "none"])
    ps = {"mode": mode,
          "cpuMilli": rng.choice([0, 1, 1, 2, 2, 4]) * 1000,
          "memoryMiB": rng.choice([0, 0, 1, 2, 4]) * GIB,
          "gpus": rng.choice([5, 6, 8, 8]) if whole_nodes else rng.choice([0, 0, 0, 1, 1, 2, 4])}
    level_idx = rng.randrange(len(levels))
    if mode in ("required", "preferred"):
        ps["level"] = levels[level_idx]
    else:
        level_idx = 0 if mode == "unconstrained" and rng.random() < 0.5 else level_idx
    count = rng.choice([1, 2, 3, 4, 4, 5, 6, 8, 8, 10, 12, 16, 24])
    roll = rng.random()
    if whole_nodes:
        ps["count"] = rng.choice([1, 2, 2, 3, 4, 5, 6])  # no slices: the planner plans none
        return ps
    if roll < 0.25 and mode != "none":
        lo = level_idx if rng.random() < 0.9 else 0
        size = rng.choice([1, 2, 3, 4])
        ps["slices"] = [{"topology": levels[rng.randrange(lo, len(levels))], "size": size}]
        count = size * rng.randint(1, 4)
    elif roll < 0.35 and mode != "none" and len(levels) - level_idx >= 2:
        outer = rng.randrange(level_idx, len(levels) - 1)
        inner = rng.randrange(outer + 1, len(levels))
        inner_size = rng.choice([1, 2, 3])
        outer_size = inner_size * rng.choice([1, 2, 3])
        if rng.random() < 0.05:
            outer_size += 1  # not divisible: Kueue's message
        ps["slices"] = [{"topology": levels[outer], "size": outer_size},
                        {"topology": levels[inner], "size": inner_size}]
        count = outer_size * rng.randint(1, 3)
    ps["count"] = count
    return ps


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--count", type=int, default=1500)
    ap.add_argument("--modelled", action="store_true", help="only what the planner's cluster model states")
    ap.add_argument("--whole-nodes", action="store_true",
                    help="with --modelled: 8-GPU nodes and pods of 5 to 8 GPUs, one pod per node as the planner plans")
    ap.add_argument("--prefix", default="k")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    cases = []
    for i in range(args.count):
        levels, nodes = cluster(rng, args.modelled, args.whole_nodes)
        cases.append({"id": "%s%04d" % (args.prefix, i + 1), "topology": "default", "levels": levels, "nodes": nodes,
                      "podSet": podset(rng, levels, args.whole_nodes)})
    print(json.dumps(cases, indent=None, separators=(",", ":")))


if __name__ == "__main__":
    main()
