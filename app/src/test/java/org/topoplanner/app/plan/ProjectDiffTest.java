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

class ProjectDiffTest {
    private static Placement on(String job, String host, int gpu) {
        return new Placement(job, List.of(HostAllocation.of(host, List.of(gpu), CpuSet.of(gpu))));
    }

    private static Plan example() {
        return Plan.of(ShippedData.exampleCluster());
    }

    @Test
    void namesJobsAddedRemovedMovedAndChanged() {
        Plan saved = example()
                .withJob(new Job("stay", List.of("-N1", "--gpus-per-node=1")), on("stay", "node01", 0))
                .withJob(new Job("gone", List.of("-N1", "--gpus-per-node=1")), on("gone", "node02", 0))
                .withJob(new Job("walks", List.of("-N1", "--gpus-per-node=1")), on("walks", "node03", 0))
                .withJob(new Job("grows", List.of("-N1", "--gpus-per-node=1")), on("grows", "node04", 0));
        Plan autosaved = saved.withoutJob("gone")
                .withPlacement("walks", on("walks", "node05", 1))
                .withJob(new Job("grows", List.of("-N1", "--gpus-per-node=2")), on("grows", "node04", 0))
                .withJob(new Job("fresh", List.of("-N1", "--gpus-per-node=1")), on("fresh", "node06", 0));

        ProjectDiff d = ProjectDiff.between(saved.toDocument(), autosaved.toDocument());

        assertThat(d.added()).containsExactly("fresh");
        assertThat(d.removed()).containsExactly("gone");
        assertThat(d.moved()).containsExactly("walks");
        assertThat(d.changed()).containsExactly("grows");
        assertThat(d.cluster()).isEmpty();
        assertThat(d.lines()).containsExactly("1 job added: fresh", "1 job removed: gone", "1 job moved: walks",
                "1 job with other options: grows");
    }

    @Test
    void saysWhenTheClusterIsAnotherOne() {
        var design = ClusterDesigner.design("rails", new FabricDesign(FabricDesign.Kind.FAT_TREE, 2, 4, 2, 1, 0, 4, 1,
                LinkSpeed.NDR, "node"), ShippedData.template(NodeTemplate.HGX_H100_SXM));
        ProjectDiff d = ProjectDiff.between(example().toDocument(), Plan.of(design).toDocument());
        assertThat(d.cluster()).isEqualTo("cluster changed: " + ShippedData.exampleCluster().name()
                + " (32 hosts, 256 GPUs) \u2192 rails (8 hosts, 64 GPUs)");
        assertThat(d.isEmpty()).isFalse();
    }

    @Test
    void anIdenticalProjectHasNothingToTell() {
        ProjectDiff d = ProjectDiff.between(example().toDocument(), example().toDocument());
        assertThat(d.isEmpty()).isTrue();
        assertThat(d.lines()).containsExactly("the same cluster and jobs (only the view differs)");
    }

    @Test
    void aLongListIsCut() {
        Plan many = example();
        for (int i = 0; i < 9; i++) {
            many = many.withJob(new Job("j" + i, List.of("-N1")), null);
        }
        assertThat(ProjectDiff.between(example().toDocument(), many.toDocument()).lines())
                .containsExactly("9 jobs added: j0, j1, j2, j3, j4, j5 and 3 more");
    }
}
