package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.NodeShape;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * {@link NodeFit} against brute force on random nodes: the brute force below reads the node
 * topology itself (not {@link NodeShape}), tries every subset and keeps the smallest quality vector,
 * ties to the lowest indices.
 */
class NodeFitPropertyTest {

    @Property(tries = 200)
    void choosesTheBestSubsetLikeBruteForce(@ForAll("seeds") long seed, @ForAll @IntRange(min = 1, max = 16) int gpus) {
        Random r = new Random(seed);
        NodeTopology topo = randomNode(r, gpus);
        Cluster c = new Cluster("one", new FabricBuilder().addHost("n1").build(), Map.of("n1", topo),
                Map.of("n1", HostAttributes.DEFAULT), null, null);
        NodeShape shape = ClusterIndex.of(c).shape(0);
        long free = 0;
        for (int g = 0; g < gpus; g++) {
            if (r.nextInt(4) != 0) {
                free |= 1L << g;
            }
        }
        BitSet freeCores = new BitSet();
        for (int k = 0; k < topo.coreList().size(); k++) {
            if (r.nextInt(3) != 0) {
                freeCores.set(k);
            }
        }
        int want = 1 + r.nextInt(Math.max(1, Long.bitCount(free)));
        int cpus = 1 + r.nextInt(4);
        boolean bind = r.nextBoolean();
        NodeDemand d = new NodeDemand(1, want, 0, cpus, bind, false, null);
        NodeChoice got = NodeFit.choose(shape, free, freeCores, d, want);
        // whole cores for the CPUs: two CPUs take one core of a 2-thread node, as Slurm gives them (CR_Core)
        int cores = (cpus + topo.threadsPerCore() - 1) / topo.threadsPerCore();
        Best best = bruteForce(topo, free, freeCores, want, cores, bind);
        if (best == null) {
            assertThat(got).isNull();
            return;
        }
        assertThat(got).isNotNull();
        assertThat(got.gpus()).as("subset").isEqualTo(best.subset);
        assertThat(got.quality()).isEqualTo(best.quality);
        assertThat(got.cores().cardinality()).isEqualTo(cores);
        BitSet outside = (BitSet) got.cores().clone();
        outside.andNot(freeCores);
        assertThat(outside.isEmpty()).as("cores are free").isTrue();
        if (bind) {
            BitSet notAffine = (BitSet) got.cores().clone();
            notAffine.andNot(affinity(topo, best.subset));
            assertThat(notAffine.isEmpty()).as("bound cores on the GPUs' cores").isTrue();
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Long> seeds() {
        return net.jqwik.api.Arbitraries.longs();
    }

    private record Best(long subset, long[] quality) {
    }

    private static Best bruteForce(NodeTopology topo, long free, BitSet freeCores, int want, int cpus, boolean bind) {
        if (Long.bitCount(free) < want || freeCores.cardinality() < cpus) {
            return null;
        }
        Best best = null;
        List<Gpu> gpus = topo.gpus();
        for (long s = 0; s < (1L << gpus.size()); s++) {
            if ((s & ~free) != 0 || Long.bitCount(s) != want) {
                continue;
            }
            BitSet aff = affinity(topo, s);
            aff.and(freeCores);
            int mis = Math.max(0, cpus - aff.cardinality());
            if (bind && mis > 0) {
                continue;
            }
            long rest = free & ~s;
            Set<Integer> numas = new HashSet<>();
            Set<String> pcis = new HashSet<>();
            Set<String> restPcis = new HashSet<>();
            long nic = 0;
            for (Gpu g : gpus) {
                if ((s & (1L << g.index())) != 0) {
                    numas.add(g.numa());
                    pcis.add(g.pciParent());
                    long bestRank = topo.nics().isEmpty() ? 0 : Long.MAX_VALUE;
                    for (Nic n : topo.nics()) {
                        bestRank = Math.min(bestRank, topo.link(g.id(), n.id()).orElseThrow().kind().ordinal());
                    }
                    nic += bestRank;
                } else if ((rest & (1L << g.index())) != 0) {
                    restPcis.add(g.pciParent());
                }
            }
            Set<String> split = new HashSet<>(pcis);
            split.retainAll(restPcis);
            long[] q = {numas.size(), pcis.size(), -lanes(topo, s), nic, mis, -lanes(topo, rest), split.size()};
            if (best == null || java.util.Arrays.compare(q, best.quality) < 0) {
                best = new Best(s, q);
            } else if (java.util.Arrays.compare(q, best.quality) == 0 && lowerIndices(s, best.subset)) {
                best = new Best(s, q);
            }
        }
        return best;
    }

    private static boolean lowerIndices(long a, long b) {
        List<Integer> la = new ArrayList<>();
        List<Integer> lb = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            if ((a & (1L << i)) != 0) {
                la.add(i);
            }
            if ((b & (1L << i)) != 0) {
                lb.add(i);
            }
        }
        for (int i = 0; i < la.size(); i++) {
            if (!la.get(i).equals(lb.get(i))) {
                return la.get(i) < lb.get(i);
            }
        }
        return false;
    }

    private static long lanes(NodeTopology topo, long s) {
        long sum = 0;
        for (Gpu a : topo.gpus()) {
            for (Gpu b : topo.gpus()) {
                if (a.index() < b.index() && (s & (1L << a.index())) != 0 && (s & (1L << b.index())) != 0) {
                    sum += topo.nvlinkLanes(a.id(), b.id());
                }
            }
        }
        return sum;
    }

    private static BitSet affinity(NodeTopology topo, long s) {
        BitSet b = new BitSet();
        for (Gpu g : topo.gpus()) {
            if ((s & (1L << g.index())) != 0) {
                for (Core c : topo.coreList()) {
                    if (!c.pus().intersection(g.cpus()).isEmpty()) {
                        b.set(c.id());
                    }
                }
            }
        }
        return b;
    }

    /** 1-2 sockets of 1-2 NUMA nodes, GPUs on random NUMA nodes and PCIe switches, random NVLinks and NICs. */
    static NodeTopology randomNode(Random r, int gpus) {
        int sockets = 1 + r.nextInt(2);
        int numaPerSocket = 1 + r.nextInt(2);
        int coresPerNuma = 1 + r.nextInt(4);
        NodeTopologyBuilder b = new NodeTopologyBuilder()
                .cpuLayout(sockets, numaPerSocket, coresPerNuma * numaPerSocket, 1 + r.nextInt(2), 0)
                .derivePcieLinks(false);
        NodeTopology layout = b.build();
        int numas = sockets * numaPerSocket;
        for (int g = 0; g < gpus; g++) {
            int numa = r.nextInt(numas);
            CpuSet cpus = layout.numa().get(numa).cpus();
            b.gpu(new Gpu("GPU" + g, g, "X", List.of(numa), cpus, "SW" + r.nextInt(4), null, null));
        }
        int nics = r.nextInt(4);
        for (int n = 0; n < nics; n++) {
            b.nic(Nic.simple(n, "mlx5_" + n, r.nextInt(numas), "SW" + r.nextInt(4)));
            for (int g = 0; g < gpus; g++) {
                LinkKind k = LinkKind.values()[1 + r.nextInt(5)];
                b.link(DeviceLink.pcie("GPU" + g, "NIC" + n, k));
            }
        }
        for (int i = 0; i < gpus; i++) {
            for (int j = i + 1; j < gpus; j++) {
                if (r.nextInt(5) < 2) {
                    b.nvlink("GPU" + i, "GPU" + j, 1 + r.nextInt(18));
                }
            }
        }
        return b.build();
    }
}
