"""Random topology/block cases for the differential fuzzing of issue 16 (called as: gen.py block SEED N DIR).

Writes DIR/nodes.conf, gres.conf, slurm.conf (TopologyPlugin=topology/block) and topology.conf: 3-6 base
blocks of 2-4 nodes (every block the same size, as slurmctld requires), node types of fuzz.py mixed inside
the blocks, node weights, and either no BlockSizes (Slurm's default levels 0-4) or the base size plus a
random choice of its doublings up to the cluster; and N random jobs: -N with --gpus-per-node and often
--segment, --gpus=N, -n/-c with --gpus-per-task, CPU-only jobs that leave nodes partly busy, --exclusive,
-w/-x, cancellations and resets. Block exists from Slurm 23.11: run with SLURM_ROOT (24.11, 26.05).
Same seed, same case: only random.Random(seed) decides. `gen.py block2` (extra=True) also draws
--exclusive=topo jobs (whole base blocks) and a weight per node rather than per node type (uneven weights
inside every block); with extra=False the draws are the old ones, so earlier seeds write the same cases.
`gen.py block3` (wide=True, implies extra) draws 7-9 base blocks of 2-3 nodes, so without BlockSizes the
aggregate levels 2 and 3 (4 and 8 base blocks, `block_record.c`) hold whole jobs, and adds jobs that span
several base blocks (-N of 3-8 base blocks, sometimes with --segment), --cpus-per-gpu and enforce-binding;
the old modes make none of these draws, so their seeds still write the same cases.
`gen.py block4` (uneven=True, implies wide) adds what a real cluster may have and block3 lacks: base blocks
of uneven size (the first one is the smallest, as 24.11's `block_record.c` requires; later ones up to two
nodes larger), one PCIe-paired node type of fuzz.py (gres.conf Links=) mixed in, --segment with --exclusive,
and -w lists of two or three nodes on multi-node jobs.
`gen.py block5` (parts=True, implies uneven) adds what hidden clusters may still have and block4 lacks: a
second partition `half` over a run of the nodes (nodes in two partitions; its runs may cut a base block),
jobs sent to it with -p, --segment with a -N that is not a multiple of the segment, more --exclusive=topo
jobs, and small GPU jobs that stay (partly busy blocks). The new draws happen only in this mode.
`gen.py block6` (newer=True, implies parts) draws hardware no earlier mode could (its seeds would otherwise only
recombine the same node types, base sizes and weights): one or two of NEWER's node types in every cluster (GPUs
with no Cores=, a four-socket two-thread node with GPUs on two sockets, a two-thread 2 x 56-core node with eight
GPUs), a two-thread node type always, base blocks of 2-5 nodes, and node weights up to 100.
`gen.py block7` (newest=True, implies newer) draws shapes no earlier mode does: no BlockSizes (Slurm's default
aggregate levels) over 5-9 base blocks of 2-3 nodes, so jobs reach the 3-level aggregate (4 and 8 base blocks);
a fragmented start (CPU jobs that stay on about a third of the nodes, one-GPU jobs on some others); and more jobs
spanning several base blocks, --segment on the weighted nodes, and -N of two to three base blocks. Its draws
happen only in this mode, after block6's hardware draws, so earlier seeds write the same cases.
"""
import os
import random

from fuzz import LINKED, TYPES, links_line

# gen.py block6 / yaml5 only, in TYPES' form (sockets, cores per socket, threads per core, [(GPUs, Cores= or None)]):
#   u - 2 x 16 cores, 4 GPUs with no Cores= (no core affinity);
#   f - 4 x 8 cores, two threads a core, two GPUs on socket 0 and two on socket 2;
#   d - 2 x 56 cores, two threads a core, eight GPUs, four a socket (a DGX-like node).
# GPUs bound to part of a socket are left out: 24.11 and 26.05 mark such a node INVALID (probefuzz.py's note).
NEWER = {
    'u': (2, 16, 1, [(4, None)]),
    'f': (4, 8, 2, [(2, '0-7'), (2, '16-23')]),
    'd': (2, 56, 2, [(4, '0-55'), (4, '56-111')]),
}


def node_type(kind):
    return TYPES[kind] if kind in TYPES else NEWER[kind]


def gres_line(name, files, cores):
    """One gres.conf line; a GPU with no core affinity has no Cores=."""
    return 'NodeName=%s Name=gpu File=%s%s' % (name, files, '' if cores is None else ' Cores=%s' % cores)


def main(seed, njobs, out, extra=False, wide=False, uneven=False, parts=False, newer=False, newest=False):
    newer = newer or newest
    parts = parts or newer
    uneven = uneven or parts
    wide = wide or uneven
    extra = extra or wide
    r = random.Random(seed)
    gpu_kinds = [k for k in sorted(TYPES) if TYPES[k][3]]
    kinds = r.sample(gpu_kinds, r.randint(1, 2)) + (['c'] if r.random() < 0.3 else [])
    if uneven:
        kinds.append(r.choice(sorted(LINKED)))
    if newer:
        kinds += r.sample(sorted(NEWER), r.randint(1, 2))
        if not any(node_type(k)[2] == 2 for k in kinds if k not in LINKED) and 'm' not in kinds:
            kinds.append('h')  # a two-thread node type in every block6 cluster
    weights = {k: r.choice([1, 1, 5, 10]) for k in kinds}
    if newest:
        base, nblocks = r.randint(2, 3), r.randint(5, 9)
    elif newer:
        base, nblocks = r.randint(2, 5), r.randint(4, 7)
    else:
        base = r.randint(2, 3) if wide else r.randint(2, 4)
        nblocks = r.randint(7, 9) if wide else r.randint(3, 6)
    count = {k: 0 for k in kinds}
    node_lines, gres_lines, block_lines, names = [], [], [], []
    for b in range(nblocks):
        members = []
        size = base + r.choice([0, 0, 1, 2]) if uneven and b > 0 else base
        for _ in range(size):
            k = r.choice(kinds)
            count[k] += 1
            name = '%s%d' % (k, count[k])
            members.append(name)
            if k in LINKED:
                sockets, cps, tpc, ngpu, cores, pairs = LINKED[k]
                node_lines.append('NodeName=%s Sockets=%d CoresPerSocket=%d ThreadsPerCore=%d RealMemory=256000'
                                  ' Weight=%d Gres=gpu:%d State=UNKNOWN'
                                  % (name, sockets, cps, tpc, r.choice([1, 2, 5, 10, 20]), ngpu))
                for g in range(ngpu):
                    gres_lines.append('NodeName=%s Name=gpu File=/dev/nvidia%d Cores=%s Links=%s'
                                      % (name, g, cores[g], links_line(ngpu, g, pairs)))
                names.append((name, k))
                continue
            sockets, cps, tpc, gpus = node_type(k)
            if newer:
                w = r.choice([1, 2, 3, 5, 10, 20, 50, 100])
            elif extra:
                w = r.choice([1, 2, 5, 10, 20])
            else:
                w = weights[k] if r.random() < 0.85 else r.choice([1, 5, 10])
            total = sum(g for g, _ in gpus)
            gres = ' Gres=gpu:%d' % total if total else ''
            node_lines.append('NodeName=%s Sockets=%d CoresPerSocket=%d ThreadsPerCore=%d RealMemory=256000'
                              ' Weight=%d%s State=UNKNOWN' % (name, sockets, cps, tpc, w, gres))
            idx = 0
            for g, cores in gpus:
                files = '/dev/nvidia%d' % idx if g == 1 else '/dev/nvidia[%d-%d]' % (idx, idx + g - 1)
                gres_lines.append(gres_line(name, files, cores))
                idx += g
            names.append((name, k))
        block_lines.append('BlockName=b%d Nodes=%s' % (b + 1, ','.join(members)))
    sizes = None
    if not newest and r.random() < 0.6:
        doublings = []
        n = 2
        while n <= nblocks:
            doublings.append(base * n)
            n *= 2
        sizes = [base] + sorted(r.sample(doublings, r.randint(0, len(doublings))))
        block_lines.append('BlockSizes=%s' % ','.join(map(str, sizes)))
    os.makedirs(out, exist_ok=True)
    head = '# block fuzz case, seed %d (cases/gen.py block %d %d)\n' % (seed, seed, njobs)
    with open(os.path.join(out, 'nodes.conf'), 'w') as f:
        f.write(head + '\n'.join(node_lines) + '\n')
    with open(os.path.join(out, 'gres.conf'), 'w') as f:
        f.write('\n'.join(gres_lines) + '\n')
    half = None
    if parts:
        start = r.randint(0, len(names) // 2)
        half = [n for n, _ in names[start:start + r.randint(len(names) // 3, len(names) - start)]]
    with open(os.path.join(out, 'slurm.conf'), 'w') as f:
        f.write('# topology/block exists from Slurm 23.11 on (run with SLURM_ROOT)\nTopologyPlugin=topology/block\n')
        if half:
            # two partitions sharing nodes: every job sees only its partition's nodes of each block
            f.write('PartitionName=all Nodes=ALL Default=YES MaxTime=INFINITE State=UP\n'
                    'PartitionName=half Nodes=%s MaxTime=INFINITE State=UP\n' % ','.join(half))
    with open(os.path.join(out, 'topology.conf'), 'w') as f:
        f.write('\n'.join(block_lines) + '\n')
    gpu_nodes = [n for n, k in names if k in LINKED or node_type(k)[3]]
    all_nodes = [n for n, _ in names]
    total = len(all_nodes)
    jobs = ['note random block cluster and jobs, seed %d (gen.py block)' % seed]
    alive = []
    if newest:
        # a fragmented start: holes that stay, so multi-block jobs must pass over partly busy base blocks
        for i, name in enumerate(r.sample(all_nodes, max(1, total // 3))):
            jobs.append('job h%d -w %s -n1 -c%d' % (i, name, r.randint(1, 6)))
        for i, name in enumerate(r.sample(gpu_nodes, max(1, len(gpu_nodes) // 4))):
            jobs.append('job g%d -w %s -N1 -c%d --gpus-per-node=1' % (i, name, r.randint(1, 4)))
    for j in range(njobs):
        forms = ['nodes', 'nodes', 'nodes', 'segment', 'segment', 'gpus', 'gpt', 'cpu', 'cpu', 'excl']
        if extra:
            forms = forms + ['topo', 'topo']
        if wide:
            forms = forms + ['span', 'span']
        if parts:
            forms = forms + ['topo', 'busy', 'busy']
        if newest:
            forms = forms + ['span', 'span', 'span', 'segment', 'segment', 'blocks', 'blocks']
        form = r.choice(forms)
        opts = []
        in_half = parts and r.random() < 0.3
        if in_half:
            opts.append('-p half')
        pool = half if in_half else all_nodes
        if form == 'span':
            # several base blocks: the aggregate levels decide where it fits
            nodes = min(len(pool), base * r.choice([3, 4, 5, 8]))
            opts.append('-N%d' % nodes)
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
            if r.random() < 0.3:
                opts.append('--segment=%d' % base)
        elif form == 'blocks':
            # two or three base blocks' worth of nodes, fewer than a whole level: the aggregate and the weights decide
            nodes = min(len(pool), base * r.randint(2, 3) - r.randint(0, 1))
            opts.append('-N%d' % nodes)
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
            if r.random() < 0.4:
                opts.append('--segment=%d' % r.choice([d for d in (1, 2, base) if nodes % d == 0]))
        elif form in ('nodes', 'segment'):
            if form == 'segment':
                seg = r.randint(1, base + 1)
                nodes = seg * r.randint(1, max(1, min(4, len(pool) // seg)))
                if parts and seg > 1 and r.random() < 0.3:
                    # -N not a multiple of the segment: eval_nodes_block refuses, or ignores a larger segment
                    nodes = min(len(pool), nodes + r.randint(1, seg - 1))
            else:
                nodes = r.choice([1, 2, 3, base, base + 1, 2 * base, r.randint(1, len(pool))])
            opts.append('-N%d' % nodes)
            if r.random() < 0.25:
                opts.append('-n%d' % (nodes * r.randint(1, 2)))
                opts.append('-c%d' % r.randint(1, 4))
            opts.append('--gpus-per-node=%d' % r.randint(1, 4))
            if form == 'segment':
                opts.append('--segment=%d' % seg)
                if uneven and r.random() < 0.25:
                    opts.append('--exclusive')
            if uneven and nodes > 1 and r.random() < 0.12:
                # a -w list: Slurm must place the job around the named nodes (required base blocks)
                opts.insert(1 if in_half else 0,
                            '-w %s' % ','.join(r.sample(pool, min(nodes, len(pool), r.randint(2, 3)))))
        elif form == 'gpus':
            if r.random() < 0.4:
                opts.append('-N%d' % r.choice([1, 2, 3]))
            opts.append('--gpus=%d' % r.randint(1, 10))
        elif form == 'gpt':
            opts.append('-n%d' % r.randint(1, 6))
            opts.append('-c%d' % r.randint(1, 4))
            opts.append('--gpus-per-task=%d' % r.choice([1, 1, 2]))
        elif form == 'busy':
            # a small GPU job that stays: blocks partly used by others
            if r.random() < 0.5:
                opts.append('-w %s' % r.choice([n for n in pool if n in gpu_nodes] or gpu_nodes))
            opts.append('-N1')
            opts.append('-c%d' % r.randint(1, 4))
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
        elif form == 'cpu':
            if r.random() < 0.6:
                opts.append('-w %s' % r.choice(pool))
            opts.append('-n%d' % r.randint(1, 3))
            opts.append('-c%d' % r.randint(1, 8))
        elif form == 'topo':
            # --exclusive=topo: the job's base blocks whole (26.05; ClusterState.Hold.WHOLE_BLOCKS)
            opts.append('-N%d' % r.choice([1, 2, base, base + 1]))
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
            opts.append('--exclusive=topo')
        else:
            opts.append('-N%d' % r.choice([1, 2, base]))
            opts.append('--exclusive')
        if wide and form in ('nodes', 'segment', 'gpus') and r.random() < 0.3 \
                and not any(o.startswith('-c') for o in opts):
            opts.append('--cpus-per-gpu=%d' % r.randint(1, 6))
        if wide and form in ('nodes', 'gpus', 'gpt', 'span') and r.random() < 0.2:
            opts.append('--gres-flags=enforce-binding')
        first = opts[1] if in_half else opts[0]
        if form in ('nodes', 'gpus', 'gpt') and r.random() < 0.15 and first in ('-N1', '-n1'):
            opts.insert(1 if in_half else 0, '-w %s' % r.choice(gpu_nodes))
        elif form not in ('cpu', 'busy') and r.random() < 0.1:
            opts.insert(1 if in_half else 0, '-x %s' % r.choice(pool))
        name = 'k%d' % j
        jobs.append('job %s %s' % (name, ' '.join(opts)))
        alive.append(name)
        # a job that waits blocks the FIFO queue; take most big jobs back soon, keep CPU jobs as holes
        if form not in ('cpu', 'busy') and r.random() < 0.5:
            jobs.append('cancel %s' % name)
            alive.remove(name)
        if len(alive) > 2 and r.random() < 0.2:
            victim = r.choice(alive[:-1])
            alive.remove(victim)
            jobs.append('cancel %s' % victim)
        if r.random() < 0.07:
            jobs.append('reset')
            alive = []
    with open(os.path.join(out, 'jobs.txt'), 'w') as f:
        f.write('\n'.join(jobs) + '\n')
