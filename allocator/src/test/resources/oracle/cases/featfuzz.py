"""gen.py feat SEED N DIR: a random queue on cmx8's cluster (three leaf types: 2-socket, 2-thread, 4-socket and
socket-less GPUs) with three overlapping partitions, mixing in the options emulated since lead s15 that no earlier
generator draws: -m/--distribution (block|cyclic:block|cyclic, plane=N on CPU-only jobs), --ntasks-per-gpu with and
without -c, --gpus-per-socket with --sockets-per-node, and -p a,b over partitions of different PriorityTier; plus
cmx's own GPU/CPU shapes, -w, --cpus-per-gpu, enforce-binding and cancels. A job the emulation refuses as
unmodelled still runs through Slurm: its line shows what the refusal costs.

gen.py feat2 SEED N DIR (limits=True, lead s20) draws the partitions' limits too, which no unfitted case carried
before: MaxCPUsPerNode on one or two partitions (so --exclusive jobs and CPU-heavy jobs meet it), MaxNodes,
MinNodes and a finite MaxTime, and mixes --exclusive and --time=N into the jobs.

gen.py feat4 SEED N DIR (spread=True, y28y s28) draws the node-choice options emulated since s28: --spread-job,
--contiguous and --use-min-nodes (the last with a -N min-max range), alone and together, on the same node types
with drawn node weights and leaves that interleave the node indexes (so a consecutive or index-order choice differs
from the tree's), plus a few jobs pinned with -w that leave holes for --contiguous to step over. --spread-job is
drawn only on jobs without a per-job GPU count (--gpus, --gpus-per-task, --ntasks-per-gpu): 24.11.5's
_eval_nodes_spread hands eval_nodes_gres a NULL max_tasks for them and slurmctld dies (own probe c28y1 s3), which
would cost the rest of the run."""
import os
import random

NODES = """# featfuzz (gen.py feat): cmx8's node types
NodeName=a[1-4] Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8 State=UNKNOWN
NodeName=b[1-2] Sockets=2 CoresPerSocket=8 ThreadsPerCore=2 RealMemory=256000 Gres=gpu:4 State=UNKNOWN
NodeName=b[3-4] Sockets=4 CoresPerSocket=8 ThreadsPerCore=1 RealMemory=256000 Gres=gpu:4 State=UNKNOWN
NodeName=c[1-2] Sockets=1 CoresPerSocket=32 ThreadsPerCore=1 RealMemory=256000 Gres=gpu:4 State=UNKNOWN
"""
PARTS = """PartitionName=all Nodes=a[1-4],b[1-4],c[1-2] Default=YES MaxTime=INFINITE State=UP
PartitionName=fat Nodes=a[1-4] PriorityTier=3 MaxTime=INFINITE State=UP
PartitionName=mix Nodes=b[1-4],c[1-2] PriorityTier=2 MaxTime=INFINITE State=UP
"""
NAMES = ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4', 'c1', 'c2']
DISTS = ['block:block', 'cyclic:block', 'block:cyclic', 'cyclic:cyclic', 'cyclic', 'block']


def limited_parts(r):
    """Four overlapping partitions whose limits are drawn; every job can still name the default one."""
    fat = [f"MaxNodes={r.choice([1, 2, 3])}"] if r.random() < 0.7 else []
    if r.random() < 0.6 or not fat:
        fat.append(f"MaxCPUsPerNode={r.choice([8, 12, 20, 24])}")
    mix = [f"MaxCPUsPerNode={r.choice([4, 6, 10, 16])}"]
    if r.random() < 0.4:
        mix.append(f"MinNodes={r.choice([1, 2])}")
    lines = [
        "PartitionName=all Nodes=a[1-4],b[1-4],c[1-2] Default=YES MaxTime=INFINITE State=UP",
        f"PartitionName=fat Nodes=a[1-4] PriorityTier=3 {' '.join(fat + [''])}MaxTime=INFINITE State=UP",
        f"PartitionName=mix Nodes=b[1-4],c[1-2] PriorityTier=2 {' '.join(mix)} MaxTime=INFINITE State=UP",
    ]
    names = ['all', 'fat', 'mix']
    lines.append(f"PartitionName=short Nodes={r.choice(['a[3-4],c[1-2]', 'b[1-2],c1', 'a4,b[3-4],c2'])} "
                 f"MaxCPUsPerNode={r.choice([2, 8, 16])} MaxTime={r.choice([5, 10, 30])} State=UP")
    names.append('short')
    return "\n".join(lines) + "\n", names


def spread_nodes(r):
    """cmx8's node types with a drawn weight per pair of nodes (so weight order and index order disagree)."""
    lines = ["# featfuzz (gen.py feat4): cmx8's node types, drawn weights"]
    for names, shape in (("a[1-2]", "a"), ("a[3-4]", "a"), ("b[1-2]", "b2"), ("b[3-4]", "b4"), ("c[1-2]", "c")):
        kind = {"a": "Sockets=2 CoresPerSocket=16 ThreadsPerCore=1 RealMemory=512000 Gres=gpu:8",
                "b2": "Sockets=2 CoresPerSocket=8 ThreadsPerCore=2 RealMemory=256000 Gres=gpu:4",
                "b4": "Sockets=4 CoresPerSocket=8 ThreadsPerCore=1 RealMemory=256000 Gres=gpu:4",
                "c": "Sockets=1 CoresPerSocket=32 ThreadsPerCore=1 RealMemory=256000 Gres=gpu:4"}[shape]
        lines.append(f"NodeName={names} {kind} Weight={r.choice([1, 1, 2, 5])} State=UNKNOWN")
    return "\n".join(lines) + "\n"


SPREAD_TOPOLOGY = """SwitchName=leafa Nodes=a1,b1,c1
SwitchName=leafb Nodes=a2,a3,b2,b3
SwitchName=leafc Nodes=a4,b4,c2
SwitchName=spine Switches=leafa,leafb,leafc
"""


def node_choice(r, o):
    """feat4: --spread-job, --contiguous, --use-min-nodes (with a -N range) added to a drawn job."""
    per_job_gpus = any(w.startswith(("--gpus=", "--gpus-per-task=", "--ntasks-per-gpu=")) for w in o)
    spread = [] if per_job_gpus else ["--spread-job"]
    pick = r.random()
    if pick < 0.3 and spread:
        o.append("--spread-job")
    elif pick < 0.55:
        o.append("--contiguous")
    elif pick < 0.8:
        o[:] = [w for w in o if not w.startswith("-N")]
        lo = r.choice([1, 2, 2, 3])
        o.insert(0, f"-N{lo}-{lo + r.choice([1, 2, 3])}")
        o.append("--use-min-nodes")
    if r.random() < 0.2:
        o.append(r.choice([w for w in spread + ["--contiguous", "--use-min-nodes"] if w not in o]))


def job(r, parts=('all', 'fat', 'mix'), limits=False, spread=False):
    form = r.choice(['gpn', 'gpt', 'gpus', 'cpu', 'npg', 'gps', 'gpus', 'gpt'])
    o = []
    if form == 'gpn':
        o.append(f"-N{r.choice([1, 1, 2])}")
        if r.random() < 0.6:
            o.append(f"-n{r.randint(1, 4)}")
        o += [f"-c{r.randint(1, 6)}", f"--gpus-per-node={r.randint(1, 4)}"]
    elif form == 'gpt':
        o += [f"-n{r.randint(1, 6)}", f"-c{r.randint(1, 6)}", f"--gpus-per-task={r.choice([1, 1, 2])}"]
    elif form == 'gpus':
        if r.random() < 0.3:
            o.append(f"-N{r.choice([1, 2])}")
        o += [f"-n{r.randint(1, 6)}", f"-c{r.randint(1, 5)}", f"--gpus={r.randint(1, 8)}"]
    elif form == 'cpu':
        o.append(f"-N{r.choice([1, 1, 2, 3])}")
        o += [f"-n{r.randint(2, 12)}", f"-c{r.randint(1, 4)}"]
        if r.random() < 0.5:
            o.append(f"-m plane={r.choice([1, 2, 3, 4])}")
    elif form == 'npg':
        if r.random() < 0.4:
            o.append(f"-N{r.choice([1, 2])}")
        o += [f"--gpus={r.randint(1, 6)}", f"--ntasks-per-gpu={r.randint(1, 3)}"]
        if r.random() < 0.5:
            o.append(f"-c{r.randint(1, 4)}")
    else:  # gps: the measured --gpus-per-socket pairings (sockets given, no other GPU count)
        o += [f"-N{r.choice([1, 1, 2])}", f"--sockets-per-node={r.choice([1, 2])}",
              f"--gpus-per-socket={r.choice([1, 1, 2])}"]
        if r.random() < 0.5:
            o.append(f"-n{r.randint(1, 4)}")
        elif r.random() < 0.5:
            o.append(f"-c{r.randint(1, 4)}")
    if form in ('gpn', 'gpt', 'gpus') and r.random() < 0.12:
        o.append(f"--cpus-per-gpu={r.randint(1, 4)}")
    if form != 'cpu' and r.random() < 0.12:
        o.append("--gres-flags=enforce-binding")
    if form not in ('cpu',) and r.random() < 0.3:
        o.append(f"-m {r.choice(DISTS)}")
    if spread and form != 'gps' and r.random() < 0.6:
        node_choice(r, o)
    if limits and r.random() < 0.15:
        o.append("--exclusive")
    if limits and r.random() < 0.2:
        o.append(f"--time={r.choice([2, 5, 10, 20, 60])}")
    if r.random() < 0.35:
        a, b = r.sample(list(parts), 2)
        o.insert(0, f"-p {a},{b}")
    elif r.random() < (0.35 if limits else 0.2):
        o.insert(0, f"-p {r.choice([p for p in parts if p != 'all'])}")
    if r.random() < 0.2 and form != 'gps':
        o.insert(0, f"-w {r.choice(NAMES)}")
    return " ".join(o)


def main(seed, n, out, limits=False, spread=False):
    r = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    parts, names_p = limited_parts(r) if limits else (PARTS, ['all', 'fat', 'mix'])
    with open(os.path.join(out, 'nodes.conf'), 'w') as f:
        f.write(spread_nodes(r) if spread else NODES)
    with open(os.path.join(out, 'slurm.conf'), 'w') as f:
        f.write(parts)
    here = os.path.dirname(os.path.abspath(__file__))
    for name in ('gres.conf',) if spread else ('gres.conf', 'topology.conf'):
        with open(os.path.join(here, 'cmx8', name)) as src, open(os.path.join(out, name), 'w') as f:
            f.write(src.read())
    if spread:
        with open(os.path.join(out, 'topology.conf'), 'w') as f:
            f.write(SPREAD_TOPOLOGY)
    lines = [f"note featfuzz seed {seed} (gen.py feat4): --spread-job, --contiguous, --use-min-nodes on cmx8 nodes, "
             f"drawn weights, interleaved leaves" if spread else
             f"note featfuzz seed {seed} (gen.py feat): -m, --ntasks-per-gpu, --gpus-per-socket, -p a,b on cmx8 nodes"
             if not limits else
             f"note featfuzz seed {seed} (gen.py feat2): cmx8 nodes, partitions with drawn MaxCPUsPerNode, MaxNodes, "
             f"MinNodes, MaxTime; --exclusive and --time mixed in"]
    names = []
    for k in range(n):
        name = f"f{k}"
        lines.append(f"job {name} {job(r, names_p, limits, spread)}")
        names.append(name)
        if r.random() < 0.25 and len(names) > 2:
            victim = r.choice(names[:-1])
            names.remove(victim)
            lines.append(f"cancel {victim}")
        if r.random() < 0.05:
            lines.append("reset")
            names = []
    with open(os.path.join(out, 'jobs.txt'), 'w') as f:
        f.write("\n".join(lines) + "\n")
