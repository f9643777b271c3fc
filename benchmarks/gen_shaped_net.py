#!/usr/bin/env python3
"""Shapes that gen_ibsim_net.py does not make by itself, built on its own Fabric and emit().

usage: gen_shaped_net.py [shaping options] -- <gen_ibsim_net.py arguments>

Shaping (applied to the fabric gen_ibsim_net.py builds, links dropped from both ends):
  --pod-leaves P:N      keep only the first N leaves of pod P (1-based; three-level), with their hosts
  --pod-spines P:N      keep only the first N spines of pod P
  --half-leaves P:A-B   leaves A..B of pod P (1-based within the pod) keep only the first half of their hosts
  --one-host P:A        leaf A of pod P keeps one host
  --director NAME:PER   core switches become ASICs of director chassis NAME1, NAME2, ... (PER spine
                        ASICs each), described "MF0;NAME<c>:CS7520/S<nn>/U1" as NVIDIA directors report

gen_ibsim_net.py is the shared one (GEN_IBSIM_NET=PATH, default SHARED/fabrics/ibsim/tools/ with SHARED as
benchmarks/lib.sh finds it); it is imported, not copied: its build() makes the fabric, this script cuts it,
and its emit() writes the net file with one more comment line saying how it was shaped.
"""
import argparse, importlib.util, io, os, sys

here = os.path.dirname(os.path.abspath(__file__))
shared = os.environ.get("SHARED") or next((d for d in (os.path.join(here, "..", "..", "shared"), "/work/shared")
                                            if os.path.isdir(os.path.join(d, "fabrics"))), "/work/shared")
spec = importlib.util.spec_from_file_location(
    "gen", os.environ.get("GEN_IBSIM_NET") or os.path.join(shared, "fabrics", "ibsim", "tools", "gen_ibsim_net.py"))
gen = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gen)


def drop(fab, nid):
    for port, (rid, rport) in list(fab.links[nid].items()):
        del fab.links[rid][rport]
    del fab.links[nid]
    (fab.switches if nid in fab.switches else fab.hcas).remove(nid)
    del fab.desc[nid]


def main():
    argv = sys.argv[1:]
    cut = argv.index("--")
    ours, theirs = argv[:cut], argv[cut + 1:]
    ap = argparse.ArgumentParser()
    ap.add_argument("--pod-leaves", action="append", default=[])
    ap.add_argument("--pod-spines", action="append", default=[])
    ap.add_argument("--half-leaves", action="append", default=[])
    ap.add_argument("--one-host", action="append", default=[])
    ap.add_argument("--director")
    sh = ap.parse_args(ours)

    # gen's own parser, by calling its main() with a capture of the parsed args
    captured = {}
    real_build = gen.build
    def build(args):
        captured["args"] = args
        return real_build(args)
    gen.build = build
    real_emit = gen.emit
    gen.emit = lambda fab, args, argv, out: captured.update(fab=fab)
    gen.main(theirs)
    fab, args = captured["fab"], captured["args"]

    L = getattr(args, "leaves_per_pod", 0)
    S = getattr(args, "spines_per_pod", 0)
    leaf = lambda p, i: f"{args.leaf_prefix}{gen.pad((p - 1) * L + i, args.switch_pad)}"
    spine = lambda p, j: f"{args.spine_prefix}{gen.pad((p - 1) * S + j, args.switch_pad)}"

    def hosts_on(sw):
        return [rid for _, (rid, _) in sorted(fab.links[sw].items()) if rid in fab.hcas]

    def drop_host_hcas(hcas):
        names = {fab.desc[h].split(" ")[0] for h in hcas}
        for h in [h for h in fab.hcas if fab.desc[h].split(" ")[0] in names]:
            drop(fab, h)

    for spec_ in sh.half_leaves:
        p, rng = spec_.split(":")
        a, b = map(int, rng.split("-"))
        for i in range(a, b + 1):
            hs = hosts_on(leaf(int(p), i))
            drop_host_hcas(hs[len(hs) // 2:])
    for spec_ in sh.one_host:
        p, a = map(int, spec_.split(":"))
        hs = hosts_on(leaf(p, a))
        drop_host_hcas(hs[1:])
    for spec_ in sh.pod_leaves:
        p, n = map(int, spec_.split(":"))
        for i in range(n + 1, L + 1):
            drop_host_hcas(hosts_on(leaf(p, i)))
            drop(fab, leaf(p, i))
    for spec_ in sh.pod_spines:
        p, n = map(int, spec_.split(":"))
        for j in range(n + 1, S + 1):
            drop(fab, spine(p, j))
    if sh.director:
        name, per = sh.director.split(":")
        per = int(per)
        cores = [s for s in fab.switches if s.startswith(args.core_prefix)]
        for k, c in enumerate(cores):
            fab.desc[c] = f"MF0;{name}{k // per + 1}:CS7520/S{k % per + 1:02d}/U1"

    buf = io.StringIO()
    real_emit(fab, args, theirs, buf)
    text = buf.getvalue().split("\n")
    extra, line = [], "# shaped by gen_shaped_net.py"
    for a in ours:                       # ibsim reads lines of at most 255 characters
        if len(line) + len(a) > 150:
            extra.append(line + " \\")
            line = "#  "
        line += " " + a
    extra = extra + [line] if ours else []
    at = next(i for i, l in enumerate(text) if l.startswith("# hosts"))
    text[at:at] = extra
    out = args.output
    data = "\n".join(text)
    if out == "-":
        sys.stdout.write(data)
    else:
        open(out, "w").write(data)


if __name__ == "__main__":
    main()
