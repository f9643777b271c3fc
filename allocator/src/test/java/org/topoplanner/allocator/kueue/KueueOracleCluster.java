package org.topoplanner.allocator.kueue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.allocator.k8s.TestClusters;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;
import org.topoplanner.model.k8s.SliceConstraint;
import org.topoplanner.model.k8s.TasRequest;
import org.topoplanner.model.node.NodeTopology;

/**
 * A "modelled" Kueue oracle case ({@code gen_kueue_cases.py --modelled}) as a TopoPlanner cluster, its
 * running pods as running jobs, and the PodSet as a job with a TAS request, for replay through the
 * policies. All construction of cluster, state, job and request from a case is here: when
 * {@link JobRequest} or the pod template change, this is the file to adapt.
 *
 * <p>Each node is a two-socket node ({@link TestClusters#node}) with half its CPUs, memory and GPUs per
 * socket; every node sits under one switch (the levels come from the case's Kueue Topology, not the
 * fabric). A running pod holds the next free CPU ids and GPU indices of its node.
 */
record KueueOracleCluster(ClusterState state, JobRequest job, TasRequest tas, PodTemplate template) {

    static KueueOracleCluster of(JsonNode c) {
        List<String> levels = new ArrayList<>();
        c.get("levels").forEach(l -> levels.add(l.asText()));
        FabricBuilder fabric = new FabricBuilder().addSwitch("switch");
        Map<String, NodeTopology> nodes = new LinkedHashMap<>();
        Map<String, HostAttributes> attrs = new LinkedHashMap<>();
        Map<String, Map<String, String>> labels = new LinkedHashMap<>();
        for (JsonNode n : c.get("nodes")) {
            String host = n.get("name").asText();
            int cpus = (int) (n.get("cpuMilli").asLong() / 1000);
            int gpus = n.get("gpus").asInt();
            nodes.put(host, TestClusters.node(cpus / 2, n.get("memoryMiB").asLong() / 2,
                    new int[] {gpus / 2, gpus - gpus / 2}, new int[] {0, 0}));
            attrs.put(host, HostAttributes.DEFAULT);
            fabric.addHost(host);
            fabric.cable("switch", host);
            Map<String, String> l = new LinkedHashMap<>();
            n.get("labels").fields().forEachRemaining(e -> l.put(e.getKey(), e.getValue().asText()));
            labels.put(host, l);
        }
        KubernetesSettings k8s = new KubernetesSettings(List.of(),
                List.of(new KueueTopology(c.get("topology").asText(), levels)),
                List.of(new ResourceFlavor("tas", Map.of(), c.get("topology").asText())), labels);
        Cluster cluster = new Cluster("oracle-" + c.get("id").asText(), fabric.build(), nodes, attrs, null, k8s);
        ClusterState state = ClusterState.empty(cluster);
        for (JsonNode n : c.get("nodes")) {
            int cpu = 0;
            int gpu = 0;
            int i = 0;
            for (JsonNode u : n.get("running")) {
                int cpus = (int) (u.get("cpuMilli").asLong() / 1000);
                List<Integer> gpus = new ArrayList<>();
                for (int k = 0; k < u.get("gpus").asInt(); k++) {
                    gpus.add(gpu++);
                }
                CpuSet held = cpus == 0 ? CpuSet.empty() : CpuSet.range(cpu, cpu + cpus - 1);
                cpu += cpus;
                String host = n.get("name").asText();
                state = state.with(new Placement(host + "-run-" + i++, List.of(HostAllocation.of(host, gpus, held))));
            }
        }
        JsonNode ps = c.get("podSet");
        int count = ps.get("count").asInt();
        int cpus = (int) (ps.get("cpuMilli").asLong() / 1000);
        int gpus = ps.get("gpus").asInt();
        // no --gpus-per-node=0 for a CPU-only PodSet: a job without GPUs says nothing of them
        JobRequest.Builder b = JobRequest.nodesWithGpus("main", count, gpus).toBuilder().gpusPerNode(gpus > 0 ? gpus : null);
        if (cpus > 0) {
            b.ntasksPerNode(1).cpusPerTask(cpus);
        }
        List<SliceConstraint> slices = new ArrayList<>();
        ps.path("slices").forEach(s -> slices.add(new SliceConstraint(s.get("topology").asText(), s.get("size").asInt())));
        String mode = ps.get("mode").asText();
        String level = ps.hasNonNull("level") ? ps.get("level").asText() : null;
        TasRequest tas = new TasRequest("main", "main", count, null,
                mode.equals("required") ? level : null, mode.equals("preferred") ? level : null,
                mode.equals("unconstrained"),
                slices.size() == 1 ? slices.get(0).topology() : null, slices.size() == 1 ? slices.get(0).size() : null,
                slices.size() > 1 ? slices : List.of(), null);
        return new KueueOracleCluster(state, b.build(), tas, new PodTemplate(ps.get("memoryMiB").asLong(), 0));
    }
}
