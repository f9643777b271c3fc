"""Random probe cases shaped like issue 16's check clusters (called as: gen.py fuzz4|fuzz5 SEED N DIR).

Each seed draws one of four cluster shapes, the ones the issue's hidden check uses:
  mixed   - three or four node types inside every leaf, node weights per type and per node;
  uneven  - leaves of 1 to 9 nodes, some hanging off the core, others off spines;
  paired  - mostly PCIe-paired GPU nodes (gres.conf Links=, fuzz.py's LINKED types) with a few plain ones;
  deep3   - a strict 3-level tree (leaves under spines under one core), 4-6 leaves.
The job script first fragments the cluster with background jobs that fit at once (CPU-only jobs leaving nodes
partly busy, GPU jobs holding part of a node's GPUs; the generator counts each node's free cores and GPUs, so
none waits), then submits N probes. Every probe is cancelled right after its submit line, so the next probe sees
the same fragmented state with an empty queue (a job behind a pending one is only tested, `Priority`, and one
mismatch does not move every later placement as fuzz.py's jobs do). Now and then a background job ends or a
new one starts, so the state changes between probes.
Probes: -N with --gpus-per-node (with -n/-c or --cpus-per-gpu), --gpus=N (with -N, --cpus-per-gpu), -n/-c with
--gpus-per-task, enforce-binding, -w one node, -x, --exclusive, CPU-only -n/-c, and on deep3 --switches=1
with a short wait (slept out, then snapshotted). Same seed, same case: only random.Random(seed) decides.

fuzz5 (extra=True) adds shapes the issue's check names and fuzz4 lacks, drawing its extra numbers only in that
mode so every fuzz4 seed still writes the same case byte for byte: probes with --ntasks-per-node, -w lists of
two or three nodes, --mem-per-gpu (CR_Core: checked, not consumed), -N MIN-MAX ranges, --exclusive on a named
node that background jobs hold; background jobs that hold a whole node (--exclusive) or span two named nodes.

fuzz6 (wide=True, implies extra) adds what the issue's check names and fuzz5 still lacks, again drawing its extra
numbers only in that mode (every fuzz4 and fuzz5 seed writes the same case byte for byte): the deep shape becomes a
4-level tree (leaves under aggregation switches under spines under the core) and uneven leaves hang at depths 1-3;
every cluster holds two-thread nodes (ThreadsPerCore=2); probes with --switches on every shape (a long wait the
snapshot at submit sees still running, or a short one slept out, --switches=2 on the 4-level tree), odd -c and
--cpus-per-gpu on two-thread nodes, --ntasks-per-socket, --mem per node (some above RealMemory), --gres=gpu:N,
multi-node --gpus-per-task with --cpus-per-gpu, and --exclusive with -n/-c or --gpus=N.

fuzz7 (newer=True, implies wide) adds node types the issue's "mixed node types" may hold and no earlier mode drew,
again drawing its extra numbers only in that mode (every fuzz4-fuzz6 seed writes the same case byte for byte): all
three of NEWER's types drawn from in every cluster (eight GPUs on a two-thread 64-core node, GPUs with no Cores= at
all, a four-socket two-thread node whose GPUs sit on two of its sockets), RealMemory per node type (128000, 256000 or
512000) with --mem and --mem-per-gpu probes between those sizes, and more single-node binding probes (-w NODE with
--cpus-per-gpu or -c and enforce-binding: the issue's planner miss was one).

fuzz8 (heavy=True, implies newer) weights the shapes issue 16 names as misses and the states it names, again
drawing its extra numbers only in that mode (every fuzz4-fuzz7 seed writes the same case byte for byte): about two
probes in three come from HEAVY (multi-node --cpus-per-gpu with and without enforce-binding, spelled -N or --nodes=,
over --gpus-per-node and --gpus=N; --gpus=N alone; -n/-c with and without GPUs; -w NODE --gpus-per-node=2-4
--cpus-per-gpu=4-12 enforce-binding on a partly busy node; --switches with waits), the rest from fuzz7's forms. The
deep shape is the issue's strict 3-level tree (leaves under spines under the core), not fuzz6's 4-level one. The
state is more fragmented: more background jobs, two-node GPU background jobs, CPU jobs that fill most of a socket,
background jobs ended (holes) and started twice as often; a long --switches wait sees a hole made while it waits
(cancel, sleep, snapshot: does Slurm start it before the wait runs out?); and now and then a job stays pending
ahead of a probe (a -w job on a node whose GPUs are busy, which slurmctld's schedule() lets later jobs pass, or
rarely a whole-partition --exclusive job, which it does not), cancelled after that probe. The harness submits every
job as root, so "other users" are not modelled: with the harness's priority/basic FIFO the owner does not change a
placement.
"""
import os
import random

from fuzz import LINKED, TYPES, links_line

SHAPES = ['mixed', 'uneven', 'paired', 'deep3']

# gen.py fuzz7 only, in TYPES' form (sockets, cores per socket, threads per core, [(GPUs, Cores= or None)]):
#   a - 2 x 32 cores, two threads a core, 8 GPUs in one gres.conf line each, four on each socket (GPUs bound to
#       part of a socket, Cores=0-7 and so on, are refused by 24.11 and 26.05: "GRES core specification ... doesn't
#       match socket boundaries", the node INVALID; so no cluster that runs on all three versions has them);
#   u - 2 x 16 cores, 4 GPUs with no Cores= (no core affinity: any core may serve them);
#   f - 4 x 8 cores, two threads a core, two GPUs on socket 0 and two on socket 2 (sockets 1 and 3 hold none).
NEWER = {
    'a': (2, 32, 2, [(1, '0-31')] * 4 + [(1, '32-63')] * 4),
    'u': (2, 16, 1, [(4, None)]),
    'f': (4, 8, 2, [(2, '0-7'), (2, '16-23')]),
}


# gen.py fuzz8 only: the probe forms issue 16 names as misses, weighted (a form listed twice is drawn twice as often).
HEAVY = ['cpgn'] * 4 + ['cpgg'] * 3 + ['gpus'] * 2 + ['nc'] * 2 + ['bind1'] * 3 + ['sw3'] * 2 + ['gpnc']


def _type(kind):
    return TYPES[kind] if kind in TYPES else NEWER[kind]


def _node(name, kind, weight, node_lines, gres_lines, memory=256000):
    if kind in LINKED:
        sockets, cps, tpc, total, cores, pairs = LINKED[kind]
        node_lines.append('NodeName=%s Sockets=%d CoresPerSocket=%d ThreadsPerCore=%d RealMemory=%d'
                          ' Weight=%d Gres=gpu:%d State=UNKNOWN' % (name, sockets, cps, tpc, memory, weight, total))
        for g in range(total):
            gres_lines.append('NodeName=%s Name=gpu File=/dev/nvidia%d Cores=%s Links=%s'
                              % (name, g, cores[g], links_line(total, g, pairs)))
        return
    sockets, cps, tpc, gpus = _type(kind)
    total = sum(g for g, _ in gpus)
    gres = ' Gres=gpu:%d' % total if total else ''
    node_lines.append('NodeName=%s Sockets=%d CoresPerSocket=%d ThreadsPerCore=%d RealMemory=%d'
                      ' Weight=%d%s State=UNKNOWN' % (name, sockets, cps, tpc, memory, weight, gres))
    idx = 0
    for g, cores in gpus:
        files = '/dev/nvidia%d' % idx if g == 1 else '/dev/nvidia[%d-%d]' % (idx, idx + g - 1)
        affinity = '' if cores is None else ' Cores=%s' % cores
        gres_lines.append('NodeName=%s Name=gpu File=%s%s' % (name, files, affinity))
        idx += g


def _cluster(r, shape, wide=False, newer=False, three=False, strict=False):
    """(leaf name -> member node names, node kind by name, switch lines above the leaves, node and gres lines)."""
    if shape == 'paired':
        kinds = r.sample(sorted(LINKED), 2) + r.sample(['g', 'h', 'c'], 1)
        if wide and 'm' not in kinds:
            kinds[2] = 'h'  # a two-thread node type in every fuzz6 cluster
        pick = lambda: kinds[0] if r.random() < 0.45 else kinds[1] if r.random() < 0.7 else kinds[2]
    else:
        kinds = r.sample(sorted(TYPES), r.randint(3, 4))
        if not any(TYPES[k][3] for k in kinds):
            kinds[0] = 'g'
        if shape == 'mixed' and r.random() < 0.5:
            kinds.append(r.choice(sorted(LINKED)))
        if wide and 'h' not in kinds and 'm' not in kinds:
            kinds.append('h')
        pick = lambda: r.choice(kinds)
    if newer:
        added = sorted(NEWER)  # every fuzz7 cluster may hold each of them (a first draft drew one or two: see PROVENANCE)
        older = pick
        pick = lambda: r.choice(added) if r.random() < 0.3 else older()
        kinds = kinds + added
    weights = {k: r.choice([1, 1, 5, 10]) for k in kinds}
    memory = {k: r.choice([128000, 256000, 256000, 512000]) if newer else 256000 for k in kinds}
    nleaves = {'mixed': r.randint(3, 4), 'uneven': r.randint(4, 6), 'paired': r.randint(3, 4),
               'deep3': r.randint(4, 6)}[shape]
    sizes = {'mixed': lambda: r.randint(3, 5), 'uneven': lambda: r.choice([1, 1, 2, 3, 5, 7, 9]),
             'paired': lambda: r.randint(2, 4), 'deep3': lambda: r.randint(2, 4)}[shape]
    count = {k: 0 for k in kinds}
    leaves, kind_of, node_lines, gres_lines = {}, {}, [], []
    for li in range(nleaves):
        members = []
        for _ in range(sizes()):
            k = pick()
            count[k] += 1
            name = '%s%d' % (k, count[k])
            _node(name, k, weights[k] if r.random() < 0.8 else r.choice([1, 5, 10]), node_lines, gres_lines,
                  memory[k])
            members.append(name)
            kind_of[name] = k
        leaves['leaf%d' % li] = members
    names = list(leaves)
    if strict:
        shape = 'deep3'  # fuzz9: every shape's leaves under spines under the core (the 3-level tree)
    if wide and shape in ('deep3', 'uneven') and not (three and shape == 'deep3'):
        return leaves, kind_of, _wide_tree(r, shape, names), node_lines, gres_lines
    spines = ['spine%d' % i for i in range(2 if shape == 'deep3' or r.random() < 0.5 else 1)]
    under = {s: [] for s in spines}
    top = []
    for i, leaf in enumerate(names):
        if shape == 'deep3':
            under[spines[i % len(spines)] if i < len(spines) else r.choice(spines)].append(leaf)
        elif shape == 'uneven' and r.random() < 0.35:
            top.append(leaf)
        else:
            under[r.choice(spines)].append(leaf)
    switch_lines = ['SwitchName=%s Switches=%s' % (s, ','.join(under[s])) for s in spines if under[s]]
    switch_lines.append('SwitchName=core Switches=%s' % ','.join(top + [s for s in spines if under[s]]))
    return leaves, kind_of, switch_lines, node_lines, gres_lines


def _wide_tree(r, shape, names):
    """fuzz6's switches above the leaves: deep3 becomes a strict 4-level tree (every leaf under an aggregation
    switch, the aggregation switches under two spines, the spines under the core); uneven leaves hang off the
    core, a spine or an aggregation switch (depths 1-3). A switch with no leaf below it is left out."""
    spines = ['spine0', 'spine1']
    aggs = ['agg%d' % i for i in range(min(4, len(names)) if shape == 'deep3' else 2)]
    children = {sw: [] for sw in ['core'] + spines + aggs}
    for i, agg in enumerate(aggs):
        children[spines[i % 2] if shape == 'deep3' else r.choice(spines)].append(agg)
    for i, leaf in enumerate(names):
        if shape == 'deep3':
            children[aggs[i] if i < len(aggs) else r.choice(aggs)].append(leaf)
        else:
            roll = r.random()
            children[r.choice(aggs) if roll < 0.4 else r.choice(spines) if roll < 0.75 else 'core'].append(leaf)
    children['core'] += spines

    def holds_leaf(sw):
        return any(c not in children or holds_leaf(c) for c in children[sw])

    lines = []
    for sw in aggs + spines + ['core']:
        kids = [c for c in children[sw] if c not in children or holds_leaf(c)]
        if kids:
            lines.append('SwitchName=%s Switches=%s' % (sw, ','.join(kids)))
    return lines


def _gpus(kind):
    if kind in LINKED:
        return LINKED[kind][3]
    return sum(g for g, _ in _type(kind)[3])


def _probe(r, shape, gpu_nodes, all_nodes, extra=False, busy=(), wide=False, threaded=(), newer=False):
    forms = ['gpn', 'gpn', 'gpus', 'gpus', 'gpt', 'cpu', 'excl', 'one']
    if wide:
        forms = forms + ['tpn', 'wlist', 'sw', 'sw', 'thr', 'thr', 'tps', 'mem', 'gptn', 'gres', 'exn']
    if newer:
        forms = forms + ['one', 'one', 'mem']
    form = r.choice(forms + ['tpn', 'wlist'] if extra and not wide else forms)
    opts = []
    if form == 'gpn':
        nodes = r.choice([1, 2, 2, 3])
        opts.append('-N%d' % nodes)
        roll = r.random()
        if roll < 0.35:
            opts.append('-n%d' % (nodes * r.randint(1, 2)))
            opts.append('-c%d' % r.randint(1, 6))
        elif roll < 0.7:
            opts.append('--cpus-per-gpu=%d' % r.choice([2, 4, 6, 8]))
        opts.append('--gpus-per-node=%d' % r.randint(1, 4))
        if shape == 'deep3' and nodes > 1 and r.random() < 0.3:
            opts.append('--switches=1@0:05')
    elif form == 'gpus':
        if r.random() < 0.5:
            opts.append('-N%d' % r.choice([1, 2, 3]))
        roll = r.random()
        if roll < 0.35:
            opts.append('-n%d' % r.randint(1, 4))
            opts.append('-c%d' % r.randint(1, 4))
        elif roll < 0.75:
            opts.append('--cpus-per-gpu=%d' % r.choice([1, 2, 4, 8]))
        opts.append('--gpus=%d' % r.randint(2, 10))
        if extra and opts[0].startswith('-N') and opts[0] != '-N1' and r.random() < 0.3:
            # a node range: Slurm may use fewer nodes than the maximum
            opts[0] = '-N1-%s' % opts[0][2:]
    elif form == 'gpt':
        opts.append('-n%d' % r.randint(1, 6))
        opts.append('-c%d' % r.randint(1, 6))
        opts.append('--gpus-per-task=%d' % r.choice([1, 1, 2]))
    elif form == 'cpu':
        if r.random() < 0.3:
            opts.append('-N%d' % r.choice([1, 2]))
        opts.append('-n%d' % r.randint(1, 6))
        opts.append('-c%d' % r.randint(1, 12))
    elif form == 'excl':
        opts.append('-N%d' % r.choice([1, 2, 3]))
        opts.append('--exclusive')
        if r.random() < 0.5:
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
        if extra and busy and r.random() < 0.35:
            # a whole node asked for by name while background jobs hold part of it
            opts.insert(0, '-w %s' % r.choice(sorted(busy)))
            opts[1] = '-N1'
    elif form == 'tpn':
        nodes = r.choice([1, 2, 2, 3])
        opts.append('-N%d' % nodes)
        opts.append('--ntasks-per-node=%d' % r.randint(1, 4))
        opts.append('-c%d' % r.randint(1, 4))
        gpu = r.choice(['task', 'node', 'none'])
        if gpu == 'task':
            opts.append('--gpus-per-task=1')
        elif gpu == 'node':
            opts.append('--gpus-per-node=%d' % r.randint(1, 4))
    elif form == 'wlist':
        named = r.sample(gpu_nodes, min(len(gpu_nodes), r.choice([2, 2, 3])))
        if r.random() < 0.2:
            named[-1] = r.choice([n for n in all_nodes if n not in named])  # a node of another type beside them
        opts.append('-w %s' % ','.join(named))
        if r.random() < 0.5:
            opts.append('-N%d' % len(set(named)))
        roll = r.random()
        if roll < 0.5:
            opts.append('--gpus-per-node=%d' % r.randint(1, 3))
            if r.random() < 0.5:
                opts.append('--cpus-per-gpu=%d' % r.choice([2, 4, 8]))
        else:
            opts.append('--gpus=%d' % r.randint(2, 8))
            if r.random() < 0.5:
                opts.append('-n%d' % r.randint(2, 4))
                opts.append('-c%d' % r.randint(1, 4))
    elif form == 'sw':
        # --switches on any shape: a long wait the submit snapshot sees running, or a short one slept out
        roll = r.random()
        if roll < 0.4:
            opts.append('-N%d' % r.choice([2, 3, 4]))
            opts.append('--gpus-per-node=%d' % r.randint(1, 2))
        elif roll < 0.7:
            opts.append('-N%d' % r.choice([2, 3]))
            opts.append('--gpus=%d' % r.randint(3, 8))
            if r.random() < 0.5:
                opts.append('--cpus-per-gpu=%d' % r.choice([2, 4]))
        else:
            opts.append('-N%d' % r.choice([2, 3, 4]))
            opts.append('-n%d' % r.randint(4, 8))
            opts.append('-c%d' % r.randint(2, 8))
        count = 2 if shape == 'deep3' and r.random() < 0.4 else 1
        opts.append('--switches=%d@%s' % (count, '10:00' if r.random() < 0.6 else '0:05'))
    elif form == 'thr':
        # two-thread nodes: odd -c and --cpus-per-gpu round up to whole cores (CPU ids of both threads)
        node = r.choice(threaded)
        roll = r.random()
        if node in gpu_nodes and roll < 0.5:
            opts.append('-w %s' % node)
            opts.append('--gpus-per-node=%d' % r.randint(1, 3))
            opts.append('--cpus-per-gpu=%d' % r.choice([1, 3, 5]))
        elif roll < 0.8:
            opts.append('-w %s' % node)
            opts.append('-n%d' % r.randint(1, 3))
            opts.append('-c%d' % r.choice([1, 3, 5, 7]))
        else:
            opts.append('-N1')
            opts.append('-n%d' % r.randint(2, 3))
            opts.append('-c%d' % r.choice([3, 5]))
    elif form == 'tps':
        tasks = r.randint(2, 6)
        if r.random() < 0.4:
            opts.append('-N%d' % r.choice([1, 2]))
        opts.append('-n%d' % tasks)
        opts.append('--ntasks-per-socket=%d' % r.randint(1, 2))
        opts.append('-c%d' % r.randint(1, 4))
        if r.random() < 0.5:
            opts.append('--gpus-per-task=1')
    elif form == 'mem':
        # --mem per node (CR_Core: checked against RealMemory=256000, not consumed); 300G is more than any node
        opts.append('-N%d' % r.choice([1, 1, 2]))
        opts.append('--gpus-per-node=%d' % r.randint(1, 4))
        # fuzz7: RealMemory is 128000, 256000 or 512000 MB per type, so 200G and 400G leave out some types
        opts.append('--mem=%dG' % r.choice([16, 64, 100, 200, 300, 400, 600] if newer else [16, 64, 200, 300]))
    elif form == 'gptn':
        nodes = r.choice([2, 2, 3])
        opts.append('-N%d' % nodes)
        opts.append('-n%d' % (nodes * r.randint(1, 2)))
        opts.append('--gpus-per-task=1')
        opts.append('--cpus-per-gpu=%d' % r.choice([2, 4, 6]))
    elif form == 'gres':
        opts.append('-N%d' % r.choice([1, 2, 3]))
        if r.random() < 0.5:
            opts.append('-c%d' % r.randint(1, 6))
        opts.append('--gres=gpu:%d' % r.randint(1, 4))
    elif form == 'exn':
        opts.append('--exclusive')
        if r.random() < 0.5:
            opts.append('-n%d' % r.randint(4, 40))
            opts.append('-c%d' % r.choice([1, 2]))
        else:
            opts.append('--gpus=%d' % r.randint(2, 8))
    else:
        # one named node: the binding rules of a single node (the planner miss was such a probe)
        opts.append('-w %s' % r.choice(gpu_nodes))
        opts.append('--gpus-per-node=%d' % r.randint(1, 4))
        opts.append('--cpus-per-gpu=%d' % r.choice([2, 4, 8]) if r.random() < 0.6 else '-c%d' % r.randint(1, 8))
    if form in ('gpn', 'gpus', 'gpt', 'one', 'tpn', 'wlist', 'thr', 'gptn', 'gres', 'mem') and r.random() < 0.4:
        opts.append('--gres-flags=enforce-binding')
    # (sbatch refuses --mem beside --mem-per-gpu: mutually exclusive, not a placement question)
    if extra and any(o.startswith('--gpus') for o in opts) and form not in ('excl', 'mem') and r.random() < 0.3:
        opts.append('--mem-per-gpu=%dG' % r.choice([4, 16, 32, 96, 160] if newer else [4, 16, 32, 96]))
    if form not in ('one', 'wlist', 'thr') and r.random() < 0.12:
        opts.insert(0, '-x %s' % r.choice(all_nodes))
    elif form in ('gpus', 'gpt') and r.random() < 0.12:
        opts.insert(0, '-w %s' % r.choice(gpu_nodes))
    if extra and opts[0].startswith('-x ') and opts[1].startswith('-w ') and opts[0][3:] == opts[1][3:]:
        del opts[0]  # sbatch refuses a node both named and excluded: that is not a placement question
    # only a short wait is slept out; a long one (fuzz6) is seen at submit, still waiting or started
    return opts, any(o.startswith('--switches') and not o.endswith('@10:00') for o in opts)


def _heavy_probe(r, shape, gpu_nodes, kind_of, busy):
    """fuzz8: one of HEAVY's forms (the shapes of issue 16's misses). (options, waits) as _probe gives them."""
    form = r.choice(HEAVY + ['sw3'] if shape == 'deep3' else HEAVY)
    opts = []
    nodes_opt = lambda n: '--nodes=%d' % n if r.random() < 0.5 else '-N%d' % n
    if form == 'cpgn':
        # multi-node --cpus-per-gpu over --gpus-per-node: the 22.05 miss gave one node more CPUs than asked
        opts.append(nodes_opt(r.choice([2, 2, 3])))
        opts.append('--gpus-per-node=%d' % r.randint(1, 4))
        opts.append('--cpus-per-gpu=%d' % r.choice([2, 4, 6, 8, 16]))
    elif form == 'cpgg':
        if r.random() < 0.6:
            opts.append(nodes_opt(r.choice([2, 2, 3])))
        opts.append('--gpus=%d' % r.randint(2, 10))
        opts.append('--cpus-per-gpu=%d' % r.choice([1, 2, 4, 8]))
    elif form == 'gpus':
        if r.random() < 0.5:
            opts.append(nodes_opt(r.choice([1, 2, 3])))
        if r.random() < 0.4:
            opts.append('-n%d' % r.randint(1, 6))
            opts.append('-c%d' % r.randint(1, 6))
        opts.append('--gpus=%d' % r.randint(1, 12))
    elif form == 'nc':
        if r.random() < 0.4:
            opts.append(nodes_opt(r.choice([1, 2, 3])))
        opts.append('-n%d' % r.randint(1, 8))
        opts.append('-c%d' % r.randint(1, 12))
        if r.random() < 0.3:
            opts.append('--gpus=%d' % r.randint(1, 6))
    elif form == 'gpnc':
        nodes = r.choice([1, 2, 3])
        opts.append(nodes_opt(nodes))
        opts.append('-n%d' % (nodes * r.randint(1, 3)))
        opts.append('-c%d' % r.randint(1, 8))
        opts.append('--gpus-per-node=%d' % r.randint(1, 4))
    elif form == 'bind1':
        # the issue's planner miss: one named node, enforce-binding, GPUs that may need two sockets' cores
        named = sorted(n for n in busy if n in gpu_nodes) if busy and r.random() < 0.7 else gpu_nodes
        node = r.choice(named or gpu_nodes)
        opts.append('-w %s' % node)
        opts.append('--gpus-per-node=%d' % min(_gpus(kind_of[node]), r.choice([2, 3, 3, 4])))
        opts.append('--cpus-per-gpu=%d' % r.choice([4, 8, 8, 12]))
        opts.append('--gres-flags=enforce-binding')
        return opts, False
    else:
        # --switches with a wait: slept out (short) or seen while it runs (long; main may open a hole meanwhile)
        roll = r.random()
        if roll < 0.4:
            opts.append(nodes_opt(r.choice([2, 3, 4])))
            opts.append('--gpus-per-node=%d' % r.randint(1, 3))
        elif roll < 0.75:
            opts.append(nodes_opt(r.choice([2, 3])))
            opts.append('--gpus=%d' % r.randint(3, 10))
            if r.random() < 0.6:
                opts.append('--cpus-per-gpu=%d' % r.choice([2, 4, 8]))
        else:
            opts.append(nodes_opt(r.choice([2, 3, 4])))
            opts.append('-n%d' % r.randint(4, 12))
            opts.append('-c%d' % r.randint(2, 8))
        opts.append('--switches=%d@%s' % (r.choice([1, 1, 2]) if shape == 'deep3' else 1,
                                          '10:00' if r.random() < 0.6 else '0:05'))
    if form != 'sw3' and any(o.startswith('--gpus') for o in opts) and r.random() < 0.45:
        opts.append('--gres-flags=enforce-binding')
    if r.random() < 0.08:
        opts.insert(0, '-x %s' % r.choice(sorted(kind_of)))
    return opts, any(o.startswith('--switches') and not o.endswith('@10:00') for o in opts)


def _heavy_background(r, gpu_nodes, all_nodes, kind_of, free):
    """fuzz8's extra background jobs (None when the drawn nodes have no room, or the roll leaves it to
    _background): a GPU job on two named nodes, or a CPU job that fills most of one socket of a node."""
    roll = r.random()
    if roll < 0.15 and len(gpu_nodes) > 1:
        pair = r.sample(gpu_nodes, 2)
        cpt = r.randint(1, 6)
        gpus = r.randint(1, 2)
        need = [-(-cpt // _shape(kind_of[n])[1]) for n in pair]
        if any(k > free[n][0] - 2 or gpus > free[n][1] for n, k in zip(pair, need)):
            return None, None, True
        for n, k in zip(pair, need):
            free[n][0] -= k
            free[n][1] -= gpus
        return ('-w %s -N2 -n2 -c%d --gpus-per-node=%d' % (','.join(pair), cpt, gpus),
                [(n, k, gpus) for n, k in zip(pair, need)], True)
    if roll < 0.3:
        node = r.choice(all_nodes)
        cores, tpc, _ = _shape(kind_of[node])
        sockets = _type(kind_of[node])[0] if kind_of[node] not in LINKED else LINKED[kind_of[node]][0]
        need = max(1, cores // sockets - r.randint(1, 3))
        if need > free[node][0] - 2:
            return None, None, True
        free[node][0] -= need
        return '-w %s -n1 -c%d' % (node, need * tpc), [(node, need, 0)], True
    return None, None, False


def _timed_switch_probe(r, leaves, kind_of, free, background):
    """fuzz9: a --switches=1 job with a wait longer than the harness's look at submit (about 1 s), and the steps
    after it that may start it before the wait runs out. (options, background job to end while it waits or None,
    steps after it). Targeted when it can be: a background job alone on one leaf whose end leaves that leaf k nodes
    with g free GPUs each, where no leaf has k such nodes now (-N k --gpus-per-node=g: it waits for a single leaf,
    or for resources, until the hole opens; cancel, sleep 3, snapshot). Otherwise a wait the sleeps do not reach
    (sleep, snapshot: still waiting?) or one they pass with 2 s or more to spare either side (sleep W/2, snapshot,
    sleep W/2 + 3, snapshot: started on its cross-leaf pick once the wait ran out)."""
    leaf_of = {n: leaf for leaf, members in leaves.items() for n in members}

    def fits(leaf, g, release=()):
        count = 0
        for n in leaves[leaf]:
            cores, gpus = free[n]
            for node, need, held in release:
                if node == n:
                    cores, gpus = cores + need, gpus + held
            count += cores >= 1 and gpus >= g
        return count

    targets = []
    for b in sorted(background):
        uses = background[b]
        if len({leaf_of[n] for n, _, _ in uses}) != 1 or not any(g for _, _, g in uses):
            continue
        leaf = leaf_of[uses[0][0]]
        for g in (1, 2, 3, 4):
            k = fits(leaf, g, uses)
            if k >= 2 and fits(leaf, g) < k and all(fits(o, g) < k for o in leaves if o != leaf):
                targets.append((b, k, g))
    nodes_opt = lambda n: '--nodes=%d' % n if r.random() < 0.5 else '-N%d' % n
    if targets and r.random() < 0.75:
        b, k, g = r.choice(targets)
        opts = [nodes_opt(k), '--gpus-per-node=%d' % g]
        if r.random() < 0.3:
            opts.append('--cpus-per-gpu=%d' % r.choice([1, 2]))
        opts.append('--switches=1@%s' % r.choice(['0:30', '1:00', '2:00']))
        return opts, b, ['sleep 3']
    roll = r.random()
    if roll < 0.5:
        opts = [nodes_opt(r.choice([2, 3, 4])), '--gpus-per-node=%d' % r.randint(1, 3)]
    elif roll < 0.8:
        opts = [nodes_opt(r.choice([2, 3])), '--gpus=%d' % r.randint(3, 10)]
    else:
        opts = [nodes_opt(r.choice([2, 3, 4])), '-n%d' % r.randint(4, 12), '-c%d' % r.randint(2, 8)]
    if r.random() < 0.5:
        opts.append('--switches=1@%s' % r.choice(['0:30', '1:00']))
        return opts, None, ['sleep %d' % r.randint(2, 5)]
    wait = r.choice([8, 10, 12])
    opts.append('--switches=1@0:%02d' % wait)
    return opts, None, ['sleep %d' % (wait // 2 - 2), 'snapshot', 'sleep %d' % (wait // 2 + 3)]


def _shape(kind):
    """(cores, threads per core, GPUs) of a node kind."""
    if kind in LINKED:
        sockets, cps, tpc, total, _, _ = LINKED[kind]
        return sockets * cps, tpc, total
    sockets, cps, tpc, gpus = _type(kind)
    return sockets * cps, tpc, sum(g for g, _ in gpus)


def _background(r, gpu_nodes, all_nodes, kind_of, free, extra=False):
    """A job that stays and fits now (free: node -> [free cores, free GPUs], updated): a CPU-only job on a
    named node, or part of a GPU node's GPUs; with extra also a whole idle node (--exclusive) or a CPU job on two
    named nodes. None when the drawn node has no room: a background job that waited would leave every probe
    behind it with Priority, untested. The use is a list of (node, cores, GPUs)."""
    if extra:
        roll = r.random()
        if roll < 0.1:
            node = r.choice(all_nodes)
            cores, _, gpus = _shape(kind_of[node])
            if free[node] != [cores, gpus]:
                return None, None
            free[node] = [0, 0]
            return '-w %s -N1 --exclusive' % node, [(node, cores, gpus)]
        if roll < 0.2:
            pair = r.sample(all_nodes, 2)
            cpt = r.randint(1, 6)
            need = [-(-cpt // _shape(kind_of[n])[1]) for n in pair]
            if any(k > free[n][0] - 2 for n, k in zip(pair, need)):
                return None, None
            for n, k in zip(pair, need):
                free[n][0] -= k
            return '-w %s -N2 -n2 -c%d' % (','.join(pair), cpt), [(n, k, 0) for n, k in zip(pair, need)]
    gpu = r.random() >= 0.55
    node = r.choice(gpu_nodes if gpu else all_nodes)
    cores, tpc, _ = _shape(kind_of[node])
    tasks = 1 if gpu else r.randint(1, 2)
    cpt = r.randint(1, 6 if gpu else 8)
    need = tasks * -(-cpt // tpc)
    gpus = r.randint(1, max(1, _gpus(kind_of[node]) // 2)) if gpu else 0
    if need > free[node][0] - 2 or gpus > free[node][1]:
        return None, None
    free[node][0] -= need
    free[node][1] -= gpus
    spec = '-w %s -n%d -c%d' % (node, tasks, cpt) + (' --gpus-per-node=%d' % gpus if gpu else '')
    return spec, [(node, need, gpus)] if extra else (node, need, gpus)


def _blocker(r, gpu_nodes, all_nodes, kind_of, free, background):
    """fuzz8: a job that stays pending ahead of the next probe, or None. Mostly a -w job asking for every GPU of
    a node whose GPUs are partly busy (slurmctld's schedule() takes only its required nodes out of the pass:
    `req_node_bitmap` covers `min_nodes`, so later jobs pass it); rarely every node with --exclusive while
    background jobs run (it blocks its partition: the probe behind it is only tested)."""
    if r.random() < 0.2:
        return '-N%d --exclusive' % len(all_nodes) if background else None
    held = [n for n in gpu_nodes if free[n][1] < _gpus(kind_of[n])]
    if not held:
        return None
    node = r.choice(held)
    return '-w %s --gpus-per-node=%d' % (node, _gpus(kind_of[node]))


def main(seed, nprobes, out, extra=False, wide=False, newer=False, heavy=False, timed=False):
    r = random.Random(seed)
    heavy = heavy or timed
    newer = newer or heavy
    wide = wide or newer
    extra = extra or wide
    shape = SHAPES[seed % len(SHAPES)]
    leaves, kind_of, switch_lines, node_lines, gres_lines = _cluster(r, shape, wide, newer, heavy, timed)
    all_nodes = [n for members in leaves.values() for n in members]
    gpu_nodes = [n for n in all_nodes if _gpus(kind_of[n])]
    threaded = [n for n in all_nodes if _shape(kind_of[n])[1] == 2]
    os.makedirs(out, exist_ok=True)
    mode = 'fuzz9' if timed else 'fuzz8' if heavy else 'fuzz7' if newer else 'fuzz6' if wide else 'fuzz5' if extra else 'fuzz4'
    head = '# probe case (%s), seed %d (cases/gen.py %s %d %d)\n' % (shape, seed, mode, seed, nprobes)
    with open(os.path.join(out, 'nodes.conf'), 'w') as f:
        f.write(head + '\n'.join(node_lines) + '\n')
    with open(os.path.join(out, 'gres.conf'), 'w') as f:
        f.write('\n'.join(gres_lines) + '\n')
    with open(os.path.join(out, 'topology.conf'), 'w') as f:
        f.write('\n'.join(['SwitchName=%s Nodes=%s' % (l, ','.join(m)) for l, m in leaves.items()]
                          + switch_lines) + '\n')
    jobs = ['note probe case (%s), seed %d (gen.py %s): fragment, then probes cancelled after each'
            % (shape, seed, mode)]
    free = {n: [_shape(kind_of[n])[0], _gpus(kind_of[n])] for n in all_nodes}
    background = {}
    nb = 0

    def add_background():
        nonlocal nb
        spec, use, handled = _heavy_background(r, gpu_nodes, all_nodes, kind_of, free) if heavy else (None, None, False)
        if not handled:
            spec, use = _background(r, gpu_nodes, all_nodes, kind_of, free, extra)
        if spec:
            name = 'b%d' % nb
            nb += 1
            jobs.append('job %s %s' % (name, spec))
            background[name] = use

    def end_background(victim=None):
        victim = victim or r.choice(sorted(background))
        uses = background.pop(victim)
        for node, need, gpus in (uses if extra else [uses]):
            free[node][0] += need
            free[node][1] += gpus
        jobs.append('cancel %s' % victim)

    count = len(all_nodes)
    for _ in range(r.randint(count, count * 3 // 2) if heavy else r.randint(count // 2, count)):
        add_background()
    for p in range(nprobes):
        busy = {n for uses in background.values() for n, _, _ in uses} if extra else ()
        if timed and r.random() < 0.35:
            # fuzz9: a --switches wait the harness sees running, then a hole or sleeps that may start it early
            opts, hole, after = _timed_switch_probe(r, leaves, kind_of, free, background)
            name = 'p%d' % p
            jobs.append('job %s %s' % (name, ' '.join(opts)))
            if hole:
                end_background(hole)
            for step in after:
                jobs.append(step if step.startswith('sleep') else '%s %s' % (step, name))
            jobs.append('snapshot %s' % name)
            jobs.append('cancel %s' % name)
            if r.random() < 0.3 and background:
                end_background()
            if r.random() < 0.3:
                add_background()
            continue
        blocker = _blocker(r, gpu_nodes, all_nodes, kind_of, free, background) if heavy and r.random() < 0.15 else None
        if blocker:
            jobs.append('job q%d %s' % (p, blocker))
        if heavy and r.random() < 0.65:
            opts, waits = _heavy_probe(r, shape, gpu_nodes, kind_of, busy)
        else:
            opts, waits = _probe(r, shape, gpu_nodes, all_nodes, extra, busy, wide, threaded, newer)
        name = 'p%d' % p
        jobs.append('job %s %s' % (name, ' '.join(opts)))
        if waits:
            jobs.append('sleep 10')
            jobs.append('snapshot %s' % name)
        elif (heavy and not blocker and background and any(o.endswith('@10:00') for o in opts)
              and r.random() < 0.6):
            # a hole opens while the long --switches wait runs: does the probe start before its wait runs out?
            end_background()
            jobs.append('sleep 4')
            jobs.append('snapshot %s' % name)
        # every probe is taken back: one left pending would leave the next ones behind it (Priority, untested)
        jobs.append('cancel %s' % name)
        if blocker:
            jobs.append('cancel q%d' % p)
        if r.random() < (0.3 if heavy else 0.15) and background:
            end_background()
        if r.random() < (0.3 if heavy else 0.15):
            add_background()
    with open(os.path.join(out, 'jobs.txt'), 'w') as f:
        f.write('\n'.join(jobs) + '\n')
