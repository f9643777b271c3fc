package org.topoplanner.importers.export;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ViewState;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * Plans on clusters that are not in the repository: a fat tree of random size (2-6 leaves of 2-8 hosts,
 * 1-3 spines, a random host prefix) of example nodes, with whole-node and half-node jobs (4 CPUs per GPU,
 * bound to the GPUs' cores) placed one after the other from the first host, where Slurm itself puts them. The same seed gives the same plan.
 */
final class GeneratedPlans {
    private GeneratedPlans() {
    }

    static ProjectDocument plan(long seed) {
        Random r = new Random(seed);
        int leaves = 2 + r.nextInt(5);
        int hostsPerLeaf = 2 + r.nextInt(7);
        int spines = 1 + r.nextInt(3);
        String prefix = List.of("gpu", "dgx", "hgx", "cn").get(r.nextInt(4));
        FabricDesign d = new FabricDesign(FabricDesign.Kind.FAT_TREE, leaves, hostsPerLeaf, leaves, spines, 0, spines, 1,
                LinkSpeed.HDR, prefix);
        Cluster c = ClusterDesigner.design("gen-" + seed, d, ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU));
        List<String> hosts = c.fabric().hosts().stream().map(h -> h.name()).toList();
        List<Job> jobs = new ArrayList<>();
        List<Placement> placements = new ArrayList<>();
        int next = 0;
        for (int j = 0; next < hosts.size() && j < 1 + r.nextInt(5); j++) {
            boolean half = r.nextInt(3) == 0;
            int nodes = half ? 1 : Math.min(hosts.size() - next, 1 + r.nextInt(4));
            String name = "job" + j + (half ? "-half" : "-" + nodes + "n");
            List<HostAllocation> allocs = new ArrayList<>();
            for (int k = 0; k < nodes; k++) {
                allocs.add(half ? ExportFixtures.alloc(hosts.get(next + k), "0-3", "0-15")
                        : ExportFixtures.alloc(hosts.get(next + k), "0-7", "0-31"));
            }
            next += nodes;
            int gpus = half ? 4 : 8;
            // Tasks and CPUs asked as Slurm must give them for the plan's CPUs (4 per GPU, next to the GPUs).
            jobs.add(new Job(name, List.of("-N", String.valueOf(nodes), "--ntasks-per-node=" + gpus,
                    "--gpus-per-node=" + gpus, "--cpus-per-gpu=4", "--gres-flags=enforce-binding")));
            placements.add(new Placement(name, allocs));
        }
        return new ProjectDocument(c, jobs, placements, ViewState.DEFAULT);
    }
}
