package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The per-state node verdicts ({@link NodeVerdicts}) on random sequences of job starts and ends: the table each
 * state keeps, carried from the states before it for the changed hosts, equals the table built afresh from that
 * state alone, and {@link SlurmAllocation#attempt} answers with it exactly what it answers by walking every node
 * (the old path, taken here by handing it a copy of the node table, which is not the cluster's own). Clusters
 * have two random node layouts (so idle nodes share entries per layout), random weights, and jobs with every
 * hold; the jobs asked cover per-node, per-task and per-job GPUs, CPUs per GPU, enforce-binding, exclusive and
 * CPU-only shapes under 22.05, 24.11 and 26.05.
 */
class NodeVerdictsPropertyTest {
    private static final List<JobRequest> SHAPES = List.of(
            JobRequest.builder().name("a").nodes(1).gpusPerNode(1).build(),
            JobRequest.builder().name("b").nodes(2).gpusPerNode(2).build(),
            JobRequest.builder().name("c").ntasks(3).cpusPerTask(2).build(),
            JobRequest.builder().name("d").gpus(3).cpusPerGpu(2).build(),
            JobRequest.builder().name("e").ntasks(2).gpusPerTask(1).enforceBinding(true).build(),
            JobRequest.builder().name("f").nodes(2).exclusive(true).build(),
            JobRequest.builder().name("g").nodes(1).build(),
            JobRequest.builder().name("h").gpus(2).enforceBinding(true).build(),
            JobRequest.builder().name("i").nodes(3).ntasksPerNode(2).build());

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 120)
    void keptVerdictsEqualAFreshBuildAndAnswerAsTheNodeWalk(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = cluster(r);
        SlurmVersion v = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05).get(r.nextInt(3));
        List<SlurmNode> nodes = SlurmNode.of(c);
        List<SlurmNode> copy = new ArrayList<>(nodes);
        SwitchTable switches = SwitchTable.of(c, v);
        ClusterState s = ClusterState.empty(c);
        int started = 0;
        for (int step = 0; step < 30; step++) {
            List<String> running = new ArrayList<>(s.running().keySet());
            if (!running.isEmpty() && r.nextInt(5) < 2) {
                s = s.without(running.get(r.nextInt(running.size())));
            } else {
                s = s.with(randomJob(r, c, "o" + started++), r.nextInt(6) == 0 ? ClusterState.Hold.WHOLE_NODES
                        : ClusterState.Hold.LISTED);
            }
            if (s.running().isEmpty()) {
                continue;
            }
            for (int k = 0; k < 3; k++) {
                SlurmJobSpec job = SlurmJobSpec.of(SHAPES.get(r.nextInt(SHAPES.size())));
                String what = job + " at step " + step + " under " + v.label() + " (seed " + seed + ")";
                NodeVerdicts kept = NodeVerdicts.of(s, nodes, job, v);
                assertThat(kept).as("a table for %s", what).isNotNull();
                NodeVerdicts fresh = NodeVerdicts.fresh(s, nodes, job, v);
                assertThat(kept.uses()).as("free resources, %s", what).containsExactly(fresh.uses());
                assertThat(kept.freeCpus()).as("free CPUs, %s", what).containsExactly(fresh.freeCpus());
                assertThat(kept.weights()).as("weights, %s", what).containsExactly(fresh.weights());
                assertThat(kept.fit()).as("node map, %s", what).isEqualTo(fresh.fit());
                assertThat(kept.results(true)).as("first pass, %s", what).containsExactly(fresh.results(true));
                assertThat(kept.results(false)).as("second pass, %s", what).containsExactly(fresh.results(false));
                SlurmAllocation withTable = SlurmAllocation.attempt(s, nodes,
                        SlurmTreePolicy.oneNodeShortcut(nodes, new TreeSelector(nodes, switches, v), v), job, v);
                SlurmAllocation walked = SlurmAllocation.attempt(s, copy,
                        SlurmTreePolicy.oneNodeShortcut(copy, new TreeSelector(copy, switches, v), v), job, v);
                assertThat(withTable == null ? null : withTable.placement("j"))
                        .as("placement of %s", what)
                        .isEqualTo(walked == null ? null : walked.placement("j"));
            }
        }
    }

    /**
     * Two or three leaves of 2-5 hosts under one top switch; each host one of two random 2-socket layouts
     * (2-6 cores per socket, one or two threads, 0-3 GPUs per socket) and weight 1, or on some clusters 1-3.
     */
    static Cluster cluster(Random r) {
        NodeTopology[] layouts = {layout(r), layout(r)};
        boolean weighted = r.nextBoolean();
        FabricBuilder fb = new FabricBuilder().addSwitch("top");
        Map<String, Integer> tiers = new HashMap<>(Map.of("top", 2));
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        int host = 0;
        for (int l = 0, leaves = 2 + r.nextInt(2); l < leaves; l++) {
            String leaf = "leaf" + l;
            fb.addSwitch(leaf).cable("top", leaf);
            tiers.put(leaf, 1);
            for (int h = 0, hosts = 2 + r.nextInt(4); h < hosts; h++) {
                String name = String.format("n%02d", ++host);
                fb.addHost(name).cable(leaf, name);
                nodes.put(name, layouts[r.nextInt(2)]);
                attrs.put(name, new HostAttributes(weighted ? 1 + r.nextInt(3) : 1, List.of()));
            }
        }
        fb.tiers(tiers);
        return new Cluster("verdicts", fb.build(), nodes, attrs, null, null);
    }

    private static NodeTopology layout(Random r) {
        NodeTopologyBuilder b = new NodeTopologyBuilder().cpuLayout(2, 1, 2 + r.nextInt(5), 1 + r.nextInt(2), 0)
                .derivePcieLinks(false);
        NodeTopology bare = b.build();
        int g = 0;
        for (int s = 0; s < 2; s++) {
            for (int k = 0, n = r.nextInt(4); k < n; k++, g++) {
                b.gpu(Gpu.simple(g, "X", s, bare.numa().get(s).cpus(), "SW" + s));
            }
        }
        return b.build();
    }

    /** A job on one or two random hosts holding random cores (every thread of each) and random GPUs. */
    private static Placement randomJob(Random r, Cluster c, String name) {
        List<String> hosts = new ArrayList<>(c.hostNames());
        List<HostAllocation> on = new ArrayList<>();
        for (int k = 0, n = 1 + r.nextInt(2); k < n; k++) {
            String h = hosts.remove(r.nextInt(hosts.size()));
            SlurmCpuIds ids = ClusterIndex.of(c).cpuIdsOf(h);
            List<Integer> cpus = new ArrayList<>();
            for (int core = 0; core < ids.cores(); core++) {
                if (r.nextInt(3) == 0) {
                    for (int t = 0; t < ids.threadsPerCore(); t++) {
                        cpus.add(core * ids.threadsPerCore() + t);
                    }
                }
            }
            if (cpus.isEmpty()) {
                cpus.add(r.nextInt(ids.cores()) * ids.threadsPerCore());
            }
            List<Integer> gpus = new ArrayList<>();
            for (Gpu g : c.node(h).gpus()) {
                if (r.nextInt(3) == 0) {
                    gpus.add(g.index());
                }
            }
            on.add(HostAllocation.of(h, gpus, CpuSet.of(cpus)));
        }
        return new Placement(name, on);
    }
}
