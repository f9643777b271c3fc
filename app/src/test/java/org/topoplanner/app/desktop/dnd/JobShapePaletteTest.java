package org.topoplanner.app.desktop.dnd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.K8sDefaultPolicy;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.resources.ShippedData;

/** The palette's chips: every one reads as a job, and the pod shape chips are the pods they say. */
class JobShapePaletteTest {
    @Test
    void everyChipReadsAsAJobWithItsOwnName() throws Exception {
        for (JobShape s : JobShape.palette()) {
            JobRequest r = s.request();
            assertThat(r.name()).as(s.title()).isNotEqualTo("job");
            assertThat(DragPayload.newJob(s.sbatch())).as(s.title()).isInstanceOf(DragPayload.NewJob.class);
        }
    }

    @Test
    void podShapeChipsCarryTheirContainersAndNodeSharing() throws Exception {
        List<PodShape> shapes = JobShape.palette().stream().map(s -> {
            try {
                return s.request().podShape();
            } catch (Exception e) {
                throw new AssertionError(e);
            }
        }).filter(java.util.Objects::nonNull).toList();
        assertThat(shapes).hasSize(3);
        PodShape two = shapes.get(0);
        assertThat(two.pods()).isEqualTo(2);
        assertThat(two.containers()).containsExactly(ContainerSpec.of(4, 16), ContainerSpec.of(4, 16));
        assertThat(shapes.get(1).rdmaPerPod()).isEqualTo(4);
        assertThat(shapes.get(1).memMiBPerPod()).isEqualTo(512 * 1024);
        assertThat(shapes.get(2).onePerNode()).isFalse();
    }

    @Test
    void aPodShapeChipIsPlacedAsItsPods() throws Exception {
        JobShape chip = JobShape.palette().stream().filter(s -> s.sbatch().contains("pods2x2x4")).findFirst()
                .orElseThrow();
        Suggestion s = new K8sDefaultPolicy(PolicyOptions.DEFAULT)
                .suggest(ClusterState.empty(ShippedData.exampleCluster()), chip.request());
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        var hosts = ((Suggestion.Placed) s).placement().hosts();
        assertThat(hosts).hasSize(2);
        hosts.forEach(h -> assertThat(h.gpus()).hasSize(8));
    }

    @Test
    void aBadPodShapeInTheFieldIsNamed() {
        DragPayload p = DragPayload.newJob("--pods=2 --container=gpu=4,fpga=1");
        assertThat(p).isInstanceOf(DragPayload.Unreadable.class);
        assertThat(((DragPayload.Unreadable) p).problems()).anyMatch(m -> m.contains("unknown key 'fpga'"));
    }
}
