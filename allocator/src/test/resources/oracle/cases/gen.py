import random, sys
if len(sys.argv) > 1 and sys.argv[1] in ('fuzz', 'fuzz2', 'fuzz3'):
    # gen.py fuzz SEED N DIR: a whole random case (fuzz.py), not only a job script for the cpumix cluster;
    # fuzz2 adds --mem-per-gpu, expiring --switches waits and zero-GPU requests; fuzz3 also PCIe-paired GPUs
    # (gres.conf Links=) mixed into the leaves
    import fuzz
    fuzz.main(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], extra=sys.argv[1] in ('fuzz2', 'fuzz3'),
              linked=sys.argv[1] == 'fuzz3')
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] in ('fuzz4', 'fuzz5', 'fuzz6', 'fuzz7', 'fuzz8', 'fuzz9'):
    # gen.py fuzz4 SEED N DIR: N probes on a fragmented cluster shaped like issue 16's check clusters
    # (mixed types, uneven leaves, PCIe-paired GPUs, 3-level tree; probefuzz.py); fuzz5 adds --ntasks-per-node,
    # -w lists, --mem-per-gpu, node ranges, --exclusive on a busy node, whole-node and two-node background jobs;
    # fuzz6 adds a 4-level tree, uneven depths, two-thread nodes everywhere, --switches on every shape (long and
    # short waits), odd -c on two-thread nodes, --ntasks-per-socket, --mem, --gres=gpu:N, --exclusive with -n/--gpus;
    # fuzz7 adds node types with GPUs bound to part of a socket, with no Cores=, on two of four sockets, RealMemory
    # per node type with --mem between the sizes, and more single-node binding probes; fuzz8 weights issue 16's
    # miss shapes (multi-node --cpus-per-gpu, --gpus=N, -n/-c, one-node enforce-binding, --switches waits on a
    # strict 3-level tree) and more fragmented states (holes, two-node GPU background jobs, jobs pending ahead)
    # fuzz9 adds --switches waits longer than the harness's look at submit with a hole opened (or sleeps) while
    # they wait, then a snapshot (does Slurm start the job before its wait runs out?), every shape on a 3-level tree
    import probefuzz
    probefuzz.main(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], extra=sys.argv[1] in ('fuzz5', 'fuzz6'),
                   wide=sys.argv[1] == 'fuzz6', newer=sys.argv[1] == 'fuzz7', heavy=sys.argv[1] == 'fuzz8',
                   timed=sys.argv[1] == 'fuzz9')
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] in ('block', 'block2', 'block3', 'block4', 'block5', 'block6', 'block7'):
    # gen.py block SEED N DIR: a whole random topology/block case (blockfuzz.py; Slurm 23.11 and later);
    # block2 adds --exclusive=topo jobs and uneven weights inside every block; block3 also 7-9 small base
    # blocks, jobs over several of them, --cpus-per-gpu and enforce-binding; block4 also base blocks of uneven
    # size, a PCIe-paired node type, --segment with --exclusive and -w lists; block5 also a second partition
    # sharing nodes, -N not a multiple of --segment, more --exclusive=topo, small GPU jobs that stay; block6 also
    # node types no earlier mode drew (GPUs without Cores=, four sockets, 2 x 56 two-thread cores), base blocks of 2-5;
    # block7 also no BlockSizes over 5-9 base blocks (the 3-level aggregate), a fragmented start, more multi-block jobs
    import blockfuzz
    blockfuzz.main(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], extra=sys.argv[1] == 'block2',
                   wide=sys.argv[1] == 'block3', uneven=sys.argv[1] == 'block4', parts=sys.argv[1] == 'block5',
                   newer=sys.argv[1] == 'block6', newest=sys.argv[1] == 'block7')
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] in ('yaml', 'yaml2', 'yaml3', 'yaml4', 'yaml5'):
    # gen.py yaml SEED N DIR: a random cluster with topology.yaml, topologies bound to partitions (yamlfuzz.py; Slurm 25.05+);
    # yaml2 adds a tree partition over part of the nodes, --exclusive=topo, --cpus-per-gpu and enforce-binding;
    # yaml3 also block topologies with base blocks of uneven size, a PCIe-paired node type, --segment with
    # --exclusive and -w lists; yaml4 also nvl2 always with block_sizes of its own, a block partition over part
    # of nvl, -N not a multiple of --segment, small GPU jobs that stay; yaml5 also blockfuzz.py's NEWER node
    # types, base blocks of 2-5, node weights up to 100
    import yamlfuzz
    yamlfuzz.main(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], extra=sys.argv[1] == 'yaml2',
                  uneven=sys.argv[1] == 'yaml3', multi=sys.argv[1] == 'yaml4', newer=sys.argv[1] == 'yaml5')
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] in ('feat', 'feat2', 'feat4'):
    # gen.py feat SEED N DIR: cmx8's cluster with three overlapping partitions and the options emulated since
    # lead s15 (-m, --ntasks-per-gpu, --gpus-per-socket, -p a,b) mixed into cmx's shapes (featfuzz.py)
    import featfuzz
    # feat2 also draws partition limits (MaxCPUsPerNode, MaxNodes, MinNodes, MaxTime) and --exclusive/--time jobs;
    # feat4 (y28y s28) draws --spread-job, --contiguous and --use-min-nodes (-N min-max) on drawn node weights and
    # leaves that interleave the node indexes
    featfuzz.main(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], limits=sys.argv[1] == 'feat2',
                  spread=sys.argv[1] == 'feat4')
    sys.exit(0)
seed = int(sys.argv[1]); n = int(sys.argv[2])
r = random.Random(seed)
nodes = ['a1','a2','a3','a4','b1','b2','b3','b4','c1','c2']
print(f"note random GPU/CPU jobs, seed {seed} (gen.py)")
names = []
for k in range(n):
    form = r.choice(['gpn','gpt','gpus','gpus','gpt'])
    opts = []
    if form == 'gpn':
        opts.append(f"-N{r.choice([1,1,2])}")
        if r.random() < 0.6: opts.append(f"-n{r.randint(1,4)}")
        opts.append(f"-c{r.randint(1,6)}")
        opts.append(f"--gpus-per-node={r.randint(1,4)}")
    elif form == 'gpt':
        opts.append(f"-n{r.randint(1,6)}"); opts.append(f"-c{r.randint(1,6)}")
        opts.append(f"--gpus-per-task={r.choice([1,1,2])}")
    else:
        if r.random() < 0.3: opts.append(f"-N{r.choice([1,2])}")
        opts.append(f"-n{r.randint(1,6)}"); opts.append(f"-c{r.randint(1,5)}")
        opts.append(f"--gpus={r.randint(1,8)}")
    if r.random() < 0.15: opts.append(f"--cpus-per-gpu={r.randint(1,4)}")
    if r.random() < 0.12: opts.append("--gres-flags=enforce-binding")
    if r.random() < 0.3: opts.insert(0, f"-w {r.choice(nodes)}")
    name = f"m{k}"
    print(f"job {name} " + " ".join(opts))
    names.append(name)
    if r.random() < 0.25 and len(names) > 2:
        victim = r.choice(names[:-1]); names.remove(victim)
        print(f"cancel {victim}")
    if r.random() < 0.06:
        print("reset"); names = []
