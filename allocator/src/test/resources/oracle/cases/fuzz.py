"""Random cases for the differential fuzzing of issue 16 (called as: gen.py fuzz SEED N DIR).

Writes DIR/nodes.conf, gres.conf, topology.conf and jobs.txt: a random tree of 3 or 4 levels with
leaves at uneven depths, leaves of uneven size mixing node types (2x16 cores with 4+4 GPUs, 2x8 cores
x 2 threads with 2+2 GPUs, 2x16 cores with GPUs split 2+1, 2x12 cores with all 4 GPUs on socket 0,
one 8-core socket with 2 GPUs, CPU-only 2x8), node weights, and N random jobs: per-node, per-task
and per-job GPUs, -n/-c, --cpus-per-gpu, enforce-binding, --exclusive, -w/-x, CPU-only jobs that leave
nodes partly busy, cancellations and resets. No --switches waits (their timing is unreliable under
load). Same seed, same case: only random.Random(seed) decides.
"""
import os
import random

# name prefix: (sockets, cores per socket, threads, [(gpu count, cores)...]) ; cores None = no Cores=
TYPES = {
    'g': (2, 16, 1, [(4, '0-15'), (4, '16-31')]),
    'h': (2, 8, 2, [(2, '0-7'), (2, '8-15')]),
    'p': (2, 16, 1, [(2, '0-15'), (1, '16-31')]),
    'q': (2, 12, 1, [(4, '0-11')]),
    's': (1, 8, 1, [(2, '0-7')]),
    'c': (2, 8, 1, []),
}

# gen.py fuzz3 only: PCIe-paired GPUs. One gres.conf line per GPU with Links= (the paired GPU at 4, the
# others 0), pairs inside a socket and across sockets; Slurm prefers linked GPUs when it picks a node's set.
LINKED = {
    'l': (2, 16, 1, 4, ['0-15', '0-15', '16-31', '16-31'], [(0, 3), (1, 2)]),
    'k': (2, 16, 1, 8, ['0-15'] * 4 + ['16-31'] * 4, [(0, 4), (1, 5), (2, 3), (6, 7)]),
    'm': (2, 12, 2, 4, ['0-11', '0-11', '12-23', '12-23'], [(0, 1), (2, 3)]),
}


def links_line(n, g, pairs):
    row = ['0'] * n
    row[g] = '-1'
    for a, b in pairs:
        if g == a:
            row[b] = '4'
        elif g == b:
            row[a] = '4'
    return ','.join(row)


def tree(r, leaves):
    """Switch lines: leaves under aggregation switches, spines or the core directly (uneven depth)."""
    depth4 = r.random() < 0.5
    lines = []
    spines = ['spine%d' % i for i in range(r.randint(1, 2))]
    aggs = ['agg%d' % i for i in range(r.randint(1, 2))] if depth4 else []
    parent_of = {}
    for a in aggs:
        parent_of[a] = r.choice(spines)
    children = {s: [] for s in ['core'] + spines + aggs}
    for leaf in leaves:
        roll = r.random()
        if aggs and roll < 0.55:
            p = r.choice(aggs)
        elif roll < 0.85:
            p = r.choice(spines)
        else:
            p = 'core'
        children[p].append(leaf)
    for a in aggs:
        if children[a]:
            children[parent_of[a]].append(a)
    for s in spines:
        if children[s]:
            children['core'].append(s)
    for sw in aggs + spines + ['core']:
        if children[sw]:
            lines.append('SwitchName=%s Switches=%s' % (sw, ','.join(children[sw])))
    return lines


def main(seed, njobs, out, extra=False, linked=False):
    """extra (gen.py fuzz2): also --mem-per-gpu, --switches waits that expire (sleep, then a snapshot) and
    zero-GPU requests; without it a seed writes the same case as before these were added. linked (gen.py
    fuzz3, implies extra): one or two PCIe-paired node types (LINKED) mixed into the leaves too."""
    r = random.Random(seed)
    kinds = r.sample(sorted(TYPES), r.randint(3, 4))
    if not any(TYPES[k][3] for k in kinds):
        kinds[0] = 'g'
    if linked:
        kinds += r.sample(sorted(LINKED), r.randint(1, 2))
    weights = {k: r.choice([1, 1, 5, 10]) for k in kinds}
    nleaves = r.randint(3, 6)
    count = {k: 0 for k in kinds}
    leaves = []
    node_lines, gres_lines, leaf_lines, names = [], [], [], []
    for li in range(nleaves):
        members = []
        for _ in range(r.randint(1, 5)):
            k = r.choice(kinds)
            count[k] += 1
            name = '%s%d' % (k, count[k])
            members.append(name)
            w = weights[k] if r.random() < 0.8 else r.choice([1, 5, 10])
            if k in LINKED:
                sockets, cps, tpc, total, cores, pairs = LINKED[k]
                node_lines.append('NodeName=%s Sockets=%d CoresPerSocket=%d ThreadsPerCore=%d RealMemory=256000'
                                  ' Weight=%d Gres=gpu:%d State=UNKNOWN' % (name, sockets, cps, tpc, w, total))
                for g in range(total):
                    gres_lines.append('NodeName=%s Name=gpu File=/dev/nvidia%d Cores=%s Links=%s'
                                      % (name, g, cores[g], links_line(total, g, pairs)))
                names.append((name, k))
                continue
            sockets, cps, tpc, gpus = TYPES[k]
            total = sum(g for g, _ in gpus)
            gres = ' Gres=gpu:%d' % total if total else ''
            node_lines.append('NodeName=%s Sockets=%d CoresPerSocket=%d ThreadsPerCore=%d RealMemory=256000'
                              ' Weight=%d%s State=UNKNOWN' % (name, sockets, cps, tpc, w, gres))
            idx = 0
            for g, cores in gpus:
                files = '/dev/nvidia%d' % idx if g == 1 else '/dev/nvidia[%d-%d]' % (idx, idx + g - 1)
                gres_lines.append('NodeName=%s Name=gpu File=%s Cores=%s' % (name, files, cores))
                idx += g
            names.append((name, k))
        leaf = 'leaf%d' % li
        leaves.append(leaf)
        leaf_lines.append('SwitchName=%s Nodes=%s' % (leaf, ','.join(members)))
    os.makedirs(out, exist_ok=True)
    head = '# fuzz case, seed %d (cases/gen.py fuzz %d %d)\n' % (seed, seed, njobs)
    with open(os.path.join(out, 'nodes.conf'), 'w') as f:
        f.write(head + '\n'.join(node_lines) + '\n')
    with open(os.path.join(out, 'gres.conf'), 'w') as f:
        f.write('\n'.join(gres_lines) + '\n')
    with open(os.path.join(out, 'topology.conf'), 'w') as f:
        f.write('\n'.join(leaf_lines + tree(r, leaves)) + '\n')
    gpu_nodes = [n for n, k in names if k in LINKED or TYPES[k][3]]
    all_nodes = [n for n, _ in names]
    jobs = ['note random cluster and jobs, seed %d (gen.py fuzz)' % seed]
    alive = []
    for j in range(njobs):
        form = r.choice(['gpn', 'gpn', 'gpt', 'gpus', 'cpu', 'cpu', 'excl'])
        opts = []
        if form == 'gpn':
            nodes = r.choice([1, 1, 2, 3])
            opts.append('-N%d' % nodes)
            if r.random() < 0.4:
                opts.append('-n%d' % (nodes * r.randint(1, 2)))
                opts.append('-c%d' % r.randint(1, 6))
            opts.append('--gpus-per-node=%d' % r.randint(1, 4))
            if r.random() < 0.35 and not any(o.startswith('-c') for o in opts):
                opts.append('--cpus-per-gpu=%d' % r.randint(1, 8))
        elif form == 'gpt':
            opts.append('-n%d' % r.randint(1, 5))
            opts.append('-c%d' % r.randint(1, 6))
            opts.append('--gpus-per-task=%d' % r.choice([1, 1, 2]))
        elif form == 'gpus':
            if r.random() < 0.4:
                opts.append('-N%d' % r.choice([1, 2]))
            if r.random() < 0.5:
                opts.append('-n%d' % r.randint(1, 4))
                opts.append('-c%d' % r.randint(1, 4))
            elif r.random() < 0.5:
                opts.append('--cpus-per-gpu=%d' % r.randint(1, 6))
            opts.append('--gpus=%d' % r.randint(1, 8))
        elif form == 'cpu':
            if r.random() < 0.5:
                opts.append('-w %s' % r.choice(all_nodes))
            opts.append('-n%d' % r.randint(1, 3))
            opts.append('-c%d' % r.randint(1, 10))
        else:
            opts.append('-N%d' % r.choice([1, 1, 2]))
            opts.append('--exclusive')
            if r.random() < 0.5:
                opts.append('--gpus-per-node=1')
        if form in ('gpn', 'gpt', 'gpus') and r.random() < 0.3:
            opts.append('--gres-flags=enforce-binding')
        if extra and form in ('gpn', 'gpt', 'gpus') and r.random() < 0.3:
            opts.append('--mem-per-gpu=%dG' % r.choice([4, 16, 64]))
        if extra and form == 'cpu' and r.random() < 0.15:
            opts.append('--gpus-per-node=0')
        waits = extra and form == 'gpn' and opts[0] in ('-N2', '-N3') and r.random() < 0.3
        if waits:
            opts.append('--switches=1@0:%02d' % r.choice([5, 10]))
        if form in ('gpn', 'gpt', 'gpus') and r.random() < 0.25 and not opts[0].startswith('-N2') \
                and not opts[0].startswith('-N3'):
            opts.insert(0, '-w %s' % r.choice(gpu_nodes))
        elif r.random() < 0.1:
            opts.insert(0, '-x %s' % r.choice(all_nodes))
        name = 'f%d' % j
        jobs.append('job %s %s' % (name, ' '.join(opts)))
        alive.append(name)
        if waits:
            # the wait runs out while nothing else is submitted; the snapshot shows where the job went
            jobs.append('sleep 15')
            jobs.append('snapshot %s' % name)
        # a job that waits blocks the FIFO queue; take most GPU jobs back soon, keep CPU jobs as holes
        if form != 'cpu' and r.random() < 0.45:
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
