"""Random planner probes on partly busy nodes (planner6; called as: python3 pl6gen.py SEED DIR).

The planner5 style (plseed27624): a small tree of nine nodes in three leaves, each case one node type (or two),
the state laid with one-CPU fillers (-w NODE -n1 -c1, each takes the lowest free core) and one-GPU fillers, some
cancelled again so free cores lie in holes on both sockets; then probes, each cancelled right after its submit
line, so every probe sees the same state with an empty queue. Probes: -w one node and multi-node, enforce-binding,
--cpus-per-gpu, -n/-c with --gpus-per-task, --gpus=N, threads (--threads-per-core=1, --hint=nomultithread on
two-thread nodes). Only random.Random(seed) decides; no apostrophes in notes (the harness reads them with shlex).
"""
import os
import random
import sys

# (sockets, cores per socket, threads, GPUs, the socket of each GPU)
TYPES = {
    'quad': (2, 8, 1, 4, [0, 0, 1, 1]),
    'onesock': (2, 8, 1, 2, [1, 1]),
    'smt': (2, 6, 2, 4, [0, 0, 1, 1]),
    'smt1': (2, 8, 2, 2, [1, 1]),
    'split': (2, 6, 1, 2, [0, 1]),
}


def cores_of(t, sock):
    s, c, _, _, _ = TYPES[t]
    return f"{sock * c}-{sock * c + c - 1}"


def main(seed, out):
    r = random.Random(seed)
    kinds = r.sample(sorted(TYPES), 2)
    names = [f"n{i:02d}" for i in range(1, 10)]
    typ = {n: kinds[0] if i < 5 or r.random() < 0.3 else kinds[1] for i, n in enumerate(names)}
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'nodes.conf'), 'w') as f:
        f.write(f"# planner6: pl6gen.py seed {seed}: node types {kinds[0]}, {kinds[1]} (sockets, cores, threads, GPUs)\n")
        for n in names:
            s, c, th, g, _ = TYPES[typ[n]]
            f.write(f"NodeName={n} Sockets={s} CoresPerSocket={c} ThreadsPerCore={th} RealMemory=64000"
                    f" Gres=gpu:{g} State=UNKNOWN\n")
    with open(os.path.join(out, 'gres.conf'), 'w') as f:
        for n in names:
            for i, sock in enumerate(TYPES[typ[n]][4]):
                f.write(f"NodeName={n} Name=gpu File=/dev/nvidia{i} Cores={cores_of(typ[n], sock)}\n")
    with open(os.path.join(out, 'topology.conf'), 'w') as f:
        f.write("SwitchName=leaf0 Nodes=n[01-03]\nSwitchName=leaf1 Nodes=n[04-06]\n"
                "SwitchName=leaf2 Nodes=n[07-09]\nSwitchName=top Switches=leaf[0-2]\n")
    lines = [f"note planner6 pl6gen.py seed {seed}: fillers lay a partly busy state, every probe cancelled"]
    k = 0
    for n in names:
        s, c, th, g, socks = TYPES[typ[n]]
        if r.random() < 0.25:
            continue
        fill = []
        for _ in range(r.choice([0, 0, 1, 1, 2])):
            fill.append(f"b{k}")
            lines.append(f"job b{k} -w {n} -n1 -c1 --gpus=1")
            k += 1
        cores = s * c
        for _ in range(r.randint(cores // 3, cores)):
            fill.append(f"b{k}")
            lines.append(f"job b{k} -w {n} -n1 -c1")
            k += 1
        gone = [b for b in fill if r.random() < 0.35]
        if gone:
            lines.append("cancel " + " ".join(gone))
    for p in range(26):
        lines.append(f"job p{p} " + probe(r, names, typ))
        lines.append(f"cancel p{p}")
    with open(os.path.join(out, 'jobs.txt'), 'w') as f:
        f.write("\n".join(lines) + "\n")


def probe(r, names, typ):
    bind = " --gres-flags=enforce-binding" if r.random() < 0.6 else ""
    node = r.choice(names)
    pair = ",".join(sorted(r.sample(names, 2)))
    g = r.choice([1, 1, 2, 2, 3])
    shape = r.choice(['wcpg', 'wtask', 'wgpus', 'ncpg', 'ntask', 'gpusn', 'wpair', 'cpu', 'thread'])
    if shape == 'wcpg':
        return f"-w {node} --gpus-per-node={g} --cpus-per-gpu={r.choice([2, 3, 4, 6, 8])}{bind}"
    if shape == 'wtask':
        return f"-w {node} -n{r.choice([1, 2, 3, 4])} -c{r.choice([1, 2, 3, 4])} --gpus-per-task=1{bind}"
    if shape == 'wgpus':
        return f"-w {node} --gpus={g} --cpus-per-gpu={r.choice([1, 2, 4, 5])}{bind}"
    if shape == 'ncpg':
        nn = r.choice([1, 2, 2, 3])
        return f"-N{nn} --gpus-per-node={g} --cpus-per-gpu={r.choice([2, 4, 6, 8])}{bind}"
    if shape == 'ntask':
        nn = r.choice([1, 2, 3])
        return f"-N{nn} -n{nn * r.choice([1, 2])} -c{r.choice([2, 3, 4, 6])} --gpus-per-node={r.choice([1, 2])}{bind}"
    if shape == 'gpusn':
        nn = r.choice([1, 2, 3])
        return f"-N{nn} --gpus={nn * r.choice([1, 2, 3])} --cpus-per-gpu={r.choice([1, 2, 4])}{bind}"
    if shape == 'wpair':
        return f"-w {pair} -N2 --gpus-per-node={g} --cpus-per-gpu={r.choice([2, 4])}{bind}"
    if shape == 'cpu':
        return f"-N{r.choice([1, 2])} -n{r.choice([2, 4, 6])} -c{r.choice([2, 3, 4])}"
    hint = r.choice(["--threads-per-core=1", "--hint=nomultithread"])
    return f"-w {node} -n{r.choice([1, 2, 3])} -c{r.choice([2, 3, 4])} {hint} --gpus-per-task=1{bind}"


if __name__ == '__main__':
    main(int(sys.argv[1]), sys.argv[2])
