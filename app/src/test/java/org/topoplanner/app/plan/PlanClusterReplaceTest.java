package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.design.ClusterDesigner;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/** Import and New replace the cluster as a whole; undo brings cluster and jobs back. */
class PlanClusterReplaceTest {
    private static Placement on(String job, String host, int... gpus) {
        return new Placement(job, List.of(HostAllocation.of(host,
                java.util.Arrays.stream(gpus).boxed().toList(), CpuSet.of(0))));
    }

    /** 8 hosts node001..node008 with 8 GPUs each (HGX H100). */
    private static org.topoplanner.model.cluster.Cluster small() {
        return ClusterDesigner.design("small", new FabricDesign(FabricDesign.Kind.FAT_TREE, 2, 4, 2, 1, 0, 4, 1,
                LinkSpeed.NDR, "node"), ShippedData.template(NodeTemplate.HGX_H100_SXM));
    }

    @Test
    void jobsOnHostsTheNewClusterLacksAreDroppedAndUndoBringsThemBack() {
        var small = small();
        Plan before = Plan.of(ShippedData.exampleCluster())
                .withJob(new Job("lost", List.of("-N1", "--gpus-per-node=1")), on("lost", "node30", 0))
                .withJob(new Job("waiting", List.of("-N1")), null)
                .withJob(new Job("kept", List.of("-N1", "--gpus-per-node=2")), null);
        EditHistory h = new EditHistory(before, 10);

        assertThat(before.jobsLostOn(small)).containsExactly("lost");
        Plan after = h.perform(PlanEdits.replaceCluster(small, "Import small"));
        assertThat(after.cluster()).isSameAs(small);
        assertThat(after.jobs()).extracting(Job::name).containsExactly("waiting", "kept");
        assertThat(after.placements()).isEmpty();

        assertThat(h.undo()).contains(before);
        assertThat(h.current().jobs()).extracting(Job::name).containsExactly("lost", "waiting", "kept");
    }

    @Test
    void aJobOnAnExistingHostIsKeptUnlessItsGpusAreGone() {
        var small = small();
        String host = small.hostNames().get(0);
        Plan before = Plan.of(small)
                .withJob(new Job("fits", List.of("-N1", "--gpus-per-node=2")), on("fits", host, 0, 1))
                .withJob(new Job("nine", List.of("-N1", "--gpus-per-node=1")), on("nine", host, 9));
        assertThat(before.jobsLostOn(small)).containsExactly("nine");
        assertThat(before.withCluster(small).placements()).containsOnlyKeys("fits");
    }

    @Test
    void aNewClusterStartsWithoutJobsAndIsUndoable() {
        Plan before = Plan.of(ShippedData.exampleCluster()).withJob(new Job("a", List.of("-N1")), null);
        EditHistory h = new EditHistory(before, 10);
        Plan after = h.perform(PlanEdits.newCluster(small()));
        assertThat(after.jobs()).isEmpty();
        assertThat(h.undoDescription()).contains("New cluster small");
        assertThat(h.undo()).contains(before);
    }
}
