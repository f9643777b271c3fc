"""Random topology.yaml cases for the differential fuzzing of issue 16 (called as: gen.py yaml SEED N DIR).

Writes DIR/nodes.conf, gres.conf, slurm.conf, topology.yaml and jobs.txt: nodes of fuzz.py's types
mixed, with node weights; a topology.yaml with several named topologies: a tree `fabric` (leaves of
uneven size under one or two spines), a block topology `nvl` over every node (equal base blocks,
listed in a random order, no block_sizes (Slurm's default levels) or the base size plus random
doublings), sometimes a second block topology `nvl2` with another base size over part of the nodes,
and a flat `plain` over a run of nodes; the cluster_default is the tree or `nvl`. Partitions are bound
to them (`tree`, `blk`, `blk2`, `flat`; one has Default=YES and no Topology= when its topology is the
default). N random jobs, each to a partition (or the default one without -p): -N with
--gpus-per-node, --segment on block partitions, --gpus=N, -n/-c with --gpus-per-task, CPU-only jobs
that leave nodes partly busy, --exclusive, -w/-x (now and then -w outside the partition),
cancellations and resets. topology.yaml is read from Slurm 25.05 on: run with the sid root (26.05)
through .ci/oracle-yaml/run-yaml.sh, which puts topology.yaml beside slurm.conf.
Same seed, same case: only random.Random(seed) decides. `gen.py yaml2` (extra=True) also binds a second
tree partition `tree2` to a run of the nodes only (the partition smaller than its topology), and draws
--exclusive=topo jobs on block partitions, --cpus-per-gpu and enforce-binding; `gen.py yaml` makes none of
these draws, so its seeds still write the same cases. `gen.py yaml3` (uneven=True, implies extra) adds
what a real cluster may have and yaml2 lacks: `nvl` base blocks of uneven size (26.05 takes the first
listed block's size as the base and accepts smaller and larger ones; topology.yaml is 26.05-only), one
PCIe-paired node type of fuzz.py (gres.conf Links=) mixed in, --segment with --exclusive, and -w lists
of two or three nodes of the partition on multi-node jobs.
`gen.py yaml4` (multi=True, implies uneven) adds what hidden clusters may still have and yaml3 lacks: always a
second block topology `nvl2` with its own block_sizes (block partitions of different sizes), a third block
partition `blkh` bound to `nvl` over a run of its nodes (nodes in three partitions, blocks cut by the
partition), --segment with a -N that is not a multiple of the segment, and small GPU jobs that stay (partly
busy blocks). The new draws happen only in this mode.
`gen.py yaml5` (newer=True, implies multi) draws hardware no earlier mode could: one or two of blockfuzz.py's NEWER
node types in every cluster (GPUs with no Cores=, four sockets, 2 x 56 two-thread cores), a two-thread node type
always, `nvl` base blocks of 2-5 nodes, and node weights up to 100.
"""
import os
import random

from blockfuzz import NEWER, gres_line, node_type
from fuzz import LINKED, TYPES, links_line


def _sizes(r, base, nblocks):
    """None (Slurm's default levels) or the base size plus a random choice of its doublings."""
    if r.random() < 0.4:
        return None
    doublings = []
    n = 2
    while n <= nblocks:
        doublings.append(base * n)
        n *= 2
    return [base] + sorted(r.sample(doublings, r.randint(0, len(doublings))))


def _block_yaml(name, blocks, sizes, default):
    out = ['- topology: %s' % name]
    if default:
        out.append('  cluster_default: true')
    out.append('  block:')
    if sizes:
        out.append('    block_sizes:')
        out += ['      - %d' % s for s in sizes]
    out.append('    blocks:')
    for bname, members in blocks:
        out.append('      - block: %s' % bname)
        out.append('        nodes: %s' % ','.join(members))
    return out


def _tree_yaml(name, r, leaves, default):
    out = ['- topology: %s' % name]
    if default:
        out.append('  cluster_default: true')
    out.append('  tree:')
    out.append('    switches:')
    leaf_names = [l for l, _ in leaves]
    if len(leaf_names) > 2 and r.random() < 0.5:
        cut = r.randint(1, len(leaf_names) - 1)
        spines = [('spine1', leaf_names[:cut]), ('spine2', leaf_names[cut:])]
        out.append('      - switch: core')
        out.append('        children: spine1,spine2')
    else:
        spines = [('spine1', leaf_names)]
    for s, children in spines:
        out.append('      - switch: %s' % s)
        out.append('        children: %s' % ','.join(children))
    for l, members in leaves:
        out.append('      - switch: %s' % l)
        out.append('        nodes: %s' % ','.join(members))
    return out


def main(seed, njobs, out, extra=False, uneven=False, multi=False, newer=False):
    multi = multi or newer
    uneven = uneven or multi
    extra = extra or uneven
    r = random.Random(seed)
    gpu_kinds = [k for k in sorted(TYPES) if TYPES[k][3]]
    kinds = r.sample(gpu_kinds, r.randint(1, 2)) + (['c'] if r.random() < 0.3 else [])
    if uneven:
        kinds.append(r.choice(sorted(LINKED)))
    if newer:
        kinds += r.sample(sorted(NEWER), r.randint(1, 2))
        if not any(node_type(k)[2] == 2 for k in kinds if k not in LINKED) and 'm' not in kinds:
            kinds.append('h')  # a two-thread node type in every yaml5 cluster
    weights = {k: r.choice([1, 1, 5, 10]) for k in kinds}
    base = r.randint(2, 5) if newer else r.randint(2, 4)
    nblocks = r.randint(3, 5)
    count = {k: 0 for k in kinds}
    node_lines, gres_lines, names = [], [], []
    block_counts = [base] * nblocks
    if uneven:
        block_counts = [base] + [max(1, base + r.choice([-1, 0, 0, 1, 2])) for _ in range(nblocks - 1)]
    for _ in range(sum(block_counts)):
        k = r.choice(kinds)
        count[k] += 1
        name = '%s%d' % (k, count[k])
        if k in LINKED:
            sockets, cps, tpc, ngpu, cores, pairs = LINKED[k]
            w = weights[k] if r.random() < 0.85 else r.choice([1, 5, 10])
            node_lines.append('NodeName=%s Sockets=%d CoresPerSocket=%d ThreadsPerCore=%d RealMemory=256000'
                              ' Weight=%d Gres=gpu:%d State=UNKNOWN' % (name, sockets, cps, tpc, w, ngpu))
            for g in range(ngpu):
                gres_lines.append('NodeName=%s Name=gpu File=/dev/nvidia%d Cores=%s Links=%s'
                                  % (name, g, cores[g], links_line(ngpu, g, pairs)))
            names.append((name, k))
            continue
        sockets, cps, tpc, gpus = node_type(k)
        w = weights[k] if r.random() < 0.85 else r.choice([1, 3, 5, 10, 50, 100] if newer else [1, 5, 10])
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
    all_nodes = [n for n, _ in names]
    total = len(all_nodes)
    # the tree: leaves of uneven size over the nodes in definition order
    leaves, i = [], 0
    while i < total:
        size = min(total - i, r.randint(2, 5))
        leaves.append(('leaf%d' % (len(leaves) + 1), all_nodes[i:i + size]))
        i += size
    # nvl: equal base blocks over a shuffled node order, listed in a random order
    order = all_nodes[:]
    if r.random() < 0.5:
        r.shuffle(order)
    starts = [sum(block_counts[:b]) for b in range(nblocks)]
    blocks = [('b%d' % (b + 1), order[starts[b]:starts[b] + block_counts[b]]) for b in range(nblocks)]
    r.shuffle(blocks)
    sizes = _sizes(r, base, nblocks)
    # nvl2: another base size over the first nodes of the definition order
    nvl2 = None
    bases2 = [b for b in (2, 3, 4) if b != base and 2 * b <= total]
    if bases2 and (multi or r.random() < 0.5):
        base2 = r.choice(bases2)
        n2 = r.randint(2, total // base2)
        blocks2 = [('c%d' % (b + 1), all_nodes[b * base2:(b + 1) * base2]) for b in range(n2)]
        sizes2 = _sizes(r, base2, n2)
        if multi and not sizes2:
            # block_sizes of its own beside nvl's: the base and, when two blocks fit, their sum
            sizes2 = [base2] + ([2 * base2] if n2 >= 2 and r.random() < 0.7 else [])
        nvl2 = (blocks2, sizes2, [n for _, m in blocks2 for n in m])
    start = r.randint(0, total - 2)
    flat_nodes = all_nodes[start:start + r.randint(2, total - start)]
    block_default = r.random() < 0.4
    parts = [('tree', 'fabric', all_nodes), ('blk', 'nvl', all_nodes), ('flat', 'plain', flat_nodes)]
    if nvl2:
        parts.insert(2, ('blk2', 'nvl2', nvl2[2]))
    if multi:
        # a block partition over a run of nvl's nodes: its blocks cut where the partition ends
        start3 = r.randint(0, total // 2)
        parts.insert(2, ('blkh', 'nvl', all_nodes[start3:start3 + r.randint(max(2, total // 3), total - start3)]))
    if extra:
        start2 = r.randint(0, total - 3)
        parts.insert(1, ('tree2', 'fabric', all_nodes[start2:start2 + r.randint(3, total - start2)]))
    default_part = r.choice(['tree', 'blk']) if r.random() < 0.8 else r.choice([p for p, _, _ in parts])
    topo = []
    tree_part = _tree_yaml('fabric', r, leaves, not block_default)
    block_part = _block_yaml('nvl', blocks, sizes, block_default)
    topo += (block_part + tree_part) if r.random() < 0.5 else (tree_part + block_part)
    if nvl2:
        topo += _block_yaml('nvl2', nvl2[0], nvl2[1], False)
    topo += ['- topology: plain', '  flat: true']
    default_topology = 'nvl' if block_default else 'fabric'
    part_lines = []
    for p, t, members in parts:
        line = 'PartitionName=%s Nodes=%s' % (p, ','.join(members))
        if p == default_part:
            line += ' Default=YES'
        if t != default_topology:
            line += ' Topology=%s' % t
        part_lines.append(line + ' MaxTime=INFINITE State=UP')
    os.makedirs(out, exist_ok=True)
    head = '# topology.yaml fuzz case, seed %d (cases/gen.py yaml %d %d)\n' % (seed, seed, njobs)
    with open(os.path.join(out, 'nodes.conf'), 'w') as f:
        f.write(head + '\n'.join(node_lines) + '\n')
    with open(os.path.join(out, 'gres.conf'), 'w') as f:
        f.write('\n'.join(gres_lines) + '\n')
    with open(os.path.join(out, 'slurm.conf'), 'w') as f:
        f.write('# topology.yaml (Slurm 25.05+) binds a topology to each partition; run with the sid root\n'
                '# through .ci/oracle-yaml/run-yaml.sh\n' + '\n'.join(part_lines) + '\n')
    with open(os.path.join(out, 'topology.yaml'), 'w') as f:
        f.write(head + '\n'.join(topo) + '\n')
    kind_of = {'tree': 'tree', 'tree2': 'tree', 'blk': 'block', 'blk2': 'block', 'blkh': 'block', 'flat': 'flat'}
    members_of = {p: m for p, _, m in parts}
    base_of = {'blk': base, 'blkh': base, 'blk2': None if not nvl2 else len(nvl2[0][0][1])}
    gpu_kind = {n: k in LINKED or bool(node_type(k)[3]) for n, k in names}
    jobs = ['note random topology.yaml cluster and jobs, seed %d (gen.py yaml)' % seed]
    alive = []
    for j in range(njobs):
        part = r.choice([p for p, _, _ in parts] + ['tree', 'blk', None])
        kind = kind_of[part or default_part]
        nodes_in = members_of[part or default_part]
        forms = ['nodes', 'nodes', 'gpus', 'gpt', 'cpu', 'cpu', 'excl']
        if multi:
            forms += ['busy', 'busy']
        if kind == 'block':
            forms += ['segment', 'segment']
            if extra:
                forms += ['topo']
        form = r.choice(forms)
        opts = [] if part is None else ['-p %s' % part]
        n_in = len(nodes_in)
        if form in ('nodes', 'segment'):
            if form == 'segment':
                b = base_of[part or default_part]
                seg = r.randint(1, b + 1)
                seg = min(seg, n_in)
                nodes = seg * r.randint(1, max(1, min(3, n_in // seg)))
                if multi and seg > 1 and r.random() < 0.3:
                    # -N not a multiple of the segment: eval_nodes_block refuses, or ignores a larger segment
                    nodes += r.randint(1, seg - 1)
            else:
                nodes = r.choice([1, 2, 3, base, base + 1, r.randint(1, n_in)])
            # no more nodes than the partition holds: such a job's pending reason varies between runs
            nodes = min(nodes, n_in)
            opts.append('-N%d' % nodes)
            if r.random() < 0.2:
                opts.append('-n%d' % (nodes * r.randint(1, 2)))
                opts.append('-c%d' % r.randint(1, 4))
            opts.append('--gpus-per-node=%d' % r.randint(1, 4))
            if form == 'segment':
                opts.append('--segment=%d' % seg)
                if uneven and r.random() < 0.25:
                    opts.append('--exclusive')
            if uneven and nodes > 1 and r.random() < 0.12:
                # a -w list inside the partition: the job is placed around the named nodes
                opts.insert(1 if part else 0,
                            '-w %s' % ','.join(r.sample(nodes_in, min(nodes, r.randint(2, 3)))))
        elif form == 'gpus':
            if r.random() < 0.4:
                opts.append('-N%d' % r.choice([1, 2, 3]))
            opts.append('--gpus=%d' % r.randint(1, 10))
        elif form == 'gpt':
            opts.append('-n%d' % r.randint(1, 6))
            opts.append('-c%d' % r.randint(1, 4))
            opts.append('--gpus-per-task=%d' % r.choice([1, 1, 2]))
        elif form == 'busy':
            # a small GPU job that stays: blocks and leaves partly used by others
            gpu_here = [n for n in nodes_in if gpu_kind[n]]
            if gpu_here and r.random() < 0.5:
                opts.append('-w %s' % r.choice(gpu_here))
            opts.append('-N1')
            opts.append('-c%d' % r.randint(1, 4))
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
        elif form == 'cpu':
            if r.random() < 0.5:
                opts.append('-w %s' % r.choice(nodes_in))
            opts.append('-n%d' % r.randint(1, 3))
            opts.append('-c%d' % r.randint(1, 8))
        elif form == 'topo':
            # --exclusive=topo: the job's base blocks whole, nobody else's jobs in them
            opts.append('-N%d' % min(n_in, r.choice([1, 2, base])))
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
            opts.append('--exclusive=topo')
        else:
            opts.append('-N%d' % min(n_in, r.choice([1, 2, base])))
            opts.append('--exclusive')
        if extra and form in ('nodes', 'segment', 'gpus') and r.random() < 0.3 \
                and not any(o.startswith('-c') for o in opts):
            opts.append('--cpus-per-gpu=%d' % r.randint(1, 6))
        if extra and form in ('nodes', 'gpus', 'gpt') and r.random() < 0.2:
            opts.append('--gres-flags=enforce-binding')
        gpu_nodes = [n for n in nodes_in if gpu_kind[n]]
        if form in ('nodes', 'gpus', 'gpt') and '-N1' in opts and gpu_nodes and r.random() < 0.2:
            # now and then a node outside the partition: sbatch refuses it
            pick = r.choice(all_nodes) if r.random() < 0.2 else r.choice(gpu_nodes)
            opts.insert(1 if part else 0, '-w %s' % pick)
        elif form not in ('cpu', 'busy') and r.random() < 0.1:
            opts.insert(1 if part else 0, '-x %s' % r.choice(nodes_in))
        name = 'y%d' % j
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
