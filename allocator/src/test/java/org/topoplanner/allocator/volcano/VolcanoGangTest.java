package org.topoplanner.allocator.volcano;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.job.SbatchToPods;

/**
 * Volcano's gang with {@code minAvailable} below the job's tasks, on the example cluster with node01-27
 * busy (node28-32 idle, all in leaf4): the allocate action keeps the tasks that fit once at least
 * {@code minAvailable} do, and leaves the others Pending; below {@code minAvailable} nothing is bound.
 */
class VolcanoGangTest {

    private static VolcanoPolicy policy(NetworkTopology nt) {
        return new VolcanoPolicy(KubeletSettings.from(PolicyOptions.DEFAULT), PodTemplate.DEFAULT, j -> nt);
    }

    /** {@code pods} pods of 8 GPUs, one per node, gang {@code minMember}. */
    private static JobRequest job(int pods, Integer minMember) {
        PodShape shape = new PodShape(pods, List.of(ContainerSpec.of(8, 1)), PodShape.PodsPerNode.ONE, minMember,
                null, null, false);
        return SbatchToPods.withShape(JobRequest.nodesWithGpus("g", pods, 8), shape);
    }

    @Test
    void softModeBindsEveryTaskThatFitsOnceTheGangIsMet() {
        Suggestion s = policy(new NetworkTopology(false, null)).suggest(VolcanoPolicyTest.busy(27), job(8, 4));
        assertThat(s).isInstanceOf(Suggestion.Placed.class);
        Suggestion.Placed p = (Suggestion.Placed) s;
        assertThat(p.placement().hostNames()).containsExactly("node28", "node29", "node30", "node31", "node32");
        assertThat(p.notes()).anyMatch(n -> n.equals("gang met (minAvailable 4): 5 of 8 pods run "
                        + "(on node28,node29,node30,node31,node32), the other 3 stay Pending until they fit"))
                .anyMatch(n -> n.startsWith("3 of 8 pods pending (Unschedulable): task g-5 fits none"))
                .noneMatch(n -> n.startsWith("GANG_INCOMPLETE"));
    }

    @Test
    void hardModeTakesTheLeafThatHoldsTheGang() {
        Suggestion s = policy(NetworkTopology.hard(1)).suggest(VolcanoPolicyTest.busy(27), job(8, 5));
        assertThat(((Suggestion.Placed) s).placement().hostNames()).hasSize(5).allMatch(h -> h.compareTo("node28") >= 0);
    }

    @Test
    void belowMinAvailableNothingIsBound() {
        for (NetworkTopology nt : List.of(new NetworkTopology(false, null), new NetworkTopology(true, null))) {
            Suggestion s = policy(nt).suggest(VolcanoPolicyTest.busy(27), job(8, 6));
            assertThat(s).as(nt.toString()).isInstanceOf(Suggestion.Pending.class);
            assertThat(((Suggestion.Pending) s).explanation()).contains("the gang's 6 of 8 tasks (minAvailable)");
        }
    }

    @Test
    void withoutMinMemberTheGangIsEveryTask() {
        assertThat(policy(new NetworkTopology(false, null)).suggest(VolcanoPolicyTest.busy(27), job(8, null)))
                .isInstanceOf(Suggestion.Pending.class);
        assertThat(policy(new NetworkTopology(false, null)).suggest(VolcanoPolicyTest.busy(27), job(5, null)))
                .isInstanceOf(Suggestion.Placed.class);
    }
}
