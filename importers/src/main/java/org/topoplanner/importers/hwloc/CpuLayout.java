package org.topoplanner.importers.hwloc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.NumaNode;

/**
 * The CPU side of an hwloc topology: sockets, NUMA nodes and cores, the same whether NUMA nodes are
 * memory children of a Package (v2/v3) or parents of it (v1).
 *
 * <p>Sockets are numbered 0.. in package {@code os_index} order; cores 0.. socket by socket in
 * document order (hwloc's logical order, which is Slurm's core numbering). A PU without a Core
 * above it is a core of its own. A NUMA node's socket is the Package it sits in, else the one
 * sharing its CPUs, else -1 (memory-only nodes such as a GPU's HBM exposed as NUMA).
 */
final class CpuLayout {
    private final Map<HwlocObject, Integer> socketOfPackage = new HashMap<>();
    private final List<HwlocObject> packages = new ArrayList<>();
    private final List<NumaNode> numa = new ArrayList<>();
    private final List<Core> cores = new ArrayList<>();

    CpuLayout(List<HwlocObject> all, Diagnostics diagnostics) {
        all.stream().filter(o -> o.type().equals("Package"))
                .sorted(Comparator.comparingInt(o -> o.osIndex().orElse(Integer.MAX_VALUE)))
                .forEach(packages::add);
        for (int i = 0; i < packages.size(); i++) {
            socketOfPackage.put(packages.get(i), i);
        }
        int unnumbered = 0;
        for (HwlocObject o : all) {
            if (!o.type().equals("NUMANode")) {
                continue;
            }
            Optional<Integer> id = o.osIndex();
            if (id.isEmpty()) {
                diagnostics.warning(o.line(), o.column(), "NUMANode without os_index; numbered by order");
            }
            CpuSet cpus = o.cpuset().orElse(CpuSet.empty());
            long memoryMiB = o.attribute("local_memory").filter(s -> s.matches("\\d{1,19}"))
                    .map(s -> new java.math.BigInteger(s).shiftRight(20).min(java.math.BigInteger.valueOf(Long.MAX_VALUE))
                            .longValue()).orElse(0L);
            numa.add(new NumaNode(id.orElse(unnumbered), socketOf(o, cpus), cpus, memoryMiB));
            unnumbered++;
        }
        List<Core> unordered = new ArrayList<>();
        boolean reported = false;
        for (HwlocObject o : all) {
            boolean core = o.type().equals("Core");
            boolean loosePu = o.type().equals("PU") && o.ancestor(a -> a.type().equals("Core")).isEmpty();
            if (!core && !loosePu) {
                continue;
            }
            List<Integer> pus = o.subtree().stream().filter(p -> p.type().equals("PU"))
                    .map(p -> p.osIndex().orElse(-1)).filter(i -> i >= 0).toList();
            if (pus.isEmpty()) {
                continue;
            }
            CpuSet set = CpuSet.of(pus);
            int socket = socketOf(o, set);
            if (socket < 0 && !reported) {
                reported = true;
                diagnostics.info(o.line(), o.column(), "cores outside any Package are counted in socket 0");
            }
            unordered.add(new Core(unordered.size(), Math.max(socket, 0), numaOf(set), set));
        }
        List<Core> sorted = new ArrayList<>(unordered);
        sorted.sort(Comparator.comparingInt(Core::socket).thenComparingInt(Core::id));
        for (int i = 0; i < sorted.size(); i++) {
            Core c = sorted.get(i);
            cores.add(new Core(i, c.socket(), c.numa(), c.pus()));
        }
    }

    List<Core> cores() {
        return cores;
    }

    List<NumaNode> numa() {
        return numa;
    }

    int sockets() {
        return packages.size();
    }

    /** The socket of the Package above {@code o}, else of the Package whose CPUs overlap {@code cpus}, else -1. */
    private int socketOf(HwlocObject o, CpuSet cpus) {
        Optional<HwlocObject> pkg = o.type().equals("Package") ? Optional.of(o)
                : o.ancestor(a -> a.type().equals("Package"));
        if (pkg.isPresent()) {
            return socketOfPackage.get(pkg.get());
        }
        for (HwlocObject p : packages) {
            if (!p.cpuset().orElse(CpuSet.empty()).intersection(cpus).isEmpty()) {
                return socketOfPackage.get(p);
            }
        }
        return -1;
    }

    private int numaOf(CpuSet pus) {
        for (NumaNode n : numa) {
            if (n.cpus().contains(pus.first())) {
                return n.id();
            }
        }
        return numa.isEmpty() ? 0 : numa.get(0).id();
    }
}
