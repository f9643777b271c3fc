package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.validate.Fixture.EXAMPLE;
import static org.topoplanner.allocator.validate.Fixture.VALIDATOR;
import static org.topoplanner.allocator.validate.Fixture.only;
import static org.topoplanner.allocator.validate.Fixture.placement;
import static org.topoplanner.allocator.validate.Fixture.request;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.Placement;
import org.topoplanner.resources.NodeTemplate;

class ResourceOvercommitTest {
    /** train-2 holds node07 GPUs 2,3 and cores 2-3; excl holds node08 whole. */
    private final ClusterState state = ClusterState.empty(EXAMPLE)
            .with(placement("train-2", "node07:2,3:2-3"))
            .with(placement("excl", "node08:0:0"), ClusterState.Hold.WHOLE_NODES);

    private List<Violation> overcommits(String request, Placement p) {
        return only(VALIDATOR.validate(state, request(request), p), ViolationCode.RESOURCE_OVERCOMMIT);
    }

    @Test
    void aGpuHeldByARunningJobIsNamedWithItsJob() {
        List<Violation> v = overcommits("-N 1 --gpus-per-node=1", placement("job", "node07:3:0"));
        assertThat(v).singleElement().satisfies(x -> {
            assertThat(x.sentence()).isEqualTo("node07 GPU 3 is already held by job train-2");
            assertThat(x.severity()).isEqualTo(Severity.ERROR);
            assertThat(x.elements()).containsExactly("node07", "node07/GPU3", "job:train-2");
        });
        assertThat(overcommits("-N 1 --gpus-per-node=1", placement("job", "node07:1:0"))).isEmpty();
    }

    @Test
    void aCoreHeldByARunningJobCounts() {
        assertThat(overcommits("-N 1 --gpus-per-node=1", placement("job", "node07:1:3")))
                .extracting(Violation::sentence).containsExactly("node07 core 3 is already held by job train-2");
        assertThat(overcommits("-N 1 --gpus-per-node=1", placement("job", "node07:1:4"))).isEmpty();
    }

    @Test
    void anExclusiveHoldKeepsTheWholeNode() {
        assertThat(overcommits("-N 1 --gpus-per-node=1", placement("job", "node08:7:31")))
                .extracting(Violation::sentence).containsExactly("node08 is held whole by job excl (--exclusive)");
        assertThat(overcommits("-N 1 --gpus-per-node=1", placement("job", "node06:7:31"))).isEmpty();
    }

    @Test
    void anExclusiveRequestCannotShareANode() {
        assertThat(overcommits("-N 1 --exclusive", placement("job", "node07:4,5,6,7:16-31")))
                .extracting(Violation::sentence)
                .containsExactly("job asks for whole nodes (--exclusive) but job train-2 runs on node07");
        assertThat(overcommits("-N 1 --exclusive", placement("job", "node06:0,1,2,3,4,5,6,7:0-31"))).isEmpty();
    }

    @Test
    void thePlacementsOwnJobIsTakenOutOfTheState() {
        Placement p = placement("train-2", "node07:2,3:2-3");
        assertThat(only(VALIDATOR.validate(state, request("-N 1 --gpus-per-node=2 -J train-2"), p),
                ViolationCode.RESOURCE_OVERCOMMIT)).isEmpty();
    }

    @Test
    void aBlockHeldWholeKeepsItsOtherHosts() {
        var small = Fixture.small(NodeTemplate.WORKSTATION_4GPU);
        ClusterState s = ClusterState.empty(small).with(placement("topo", "a:0:0"), ClusterState.Hold.WHOLE_BLOCKS);
        // a and b form block bab: topo on a keeps b from other jobs; c is in another block
        assertThat(only(VALIDATOR.validate(s, request("-N 1 --gpus-per-node=1"), placement("job", "b:1:1")),
                ViolationCode.RESOURCE_OVERCOMMIT)).extracting(Violation::sentence)
                .containsExactly("b is in block bab, which job topo holds whole (--exclusive=topo)");
        assertThat(only(VALIDATOR.validate(s, request("-N 1 --gpus-per-node=1"), placement("job", "c:1:1")),
                ViolationCode.RESOURCE_OVERCOMMIT)).isEmpty();
        assertThat(only(VALIDATOR.validate(ClusterState.empty(small).with(placement("other", "b:0:0")),
                request("-N 1 --gpus-per-node=1 --exclusive=topo"), placement("job", "a:1:1")),
                ViolationCode.RESOURCE_OVERCOMMIT)).extracting(Violation::sentence)
                .containsExactly("job asks for whole blocks (--exclusive=topo) but job other runs in block bab of a");
    }
}
