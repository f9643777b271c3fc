package org.topoplanner.app.desktop.state;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.resources.ShippedData;

/** The policy and its settings share the one history with the jobs: undo and redo bring them back in order. */
class ChoiceHistoryTest {
    private final PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));

    @Test
    void policyAndTopologyManagerChangesAreUndoneAndRedoneInOrderWithJobs() {
        vm.choose(vm.choice().withPolicy(PolicyId.SLURM_TREE));
        assertThat(vm.undoTextProperty().get()).isEqualTo("Undo policy slurm-tree");
        assertThat(vm.drop(JobRequest.nodesWithGpus("train", 1, 8), DropTarget.ANYWHERE)).isTrue();
        vm.choose(vm.choice().withTopologyManager(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD));

        assertThat(vm.undo()).contains("Topology Manager single-numa-node, Topology Manager scope pod");
        assertThat(vm.choice().settings().topologyManager()).isNotEqualTo(TopologyManagerPolicy.SINGLE_NUMA_NODE);
        assertThat(vm.choice().policy()).isEqualTo(PolicyId.SLURM_TREE);

        assertThat(vm.undo()).contains("Place job train");
        assertThat(vm.plan().job("train")).isEmpty();
        assertThat(vm.choice().policy()).as("undoing a job leaves the policy").isEqualTo(PolicyId.SLURM_TREE);

        assertThat(vm.undo()).contains("policy slurm-tree");
        assertThat(vm.choice().policy()).isEqualTo(PolicyId.PLANNER);
        assertThat(vm.canUndoProperty().get()).isFalse();

        assertThat(vm.redo()).contains("policy slurm-tree");
        assertThat(vm.choice().policy()).isEqualTo(PolicyId.SLURM_TREE);
        vm.redo();
        assertThat(vm.redo()).contains("Topology Manager single-numa-node, Topology Manager scope pod");
        assertThat(vm.choice().settings().topologyManager()).isEqualTo(TopologyManagerPolicy.SINGLE_NUMA_NODE);
        assertThat(vm.redo()).isEmpty();
    }

    @Test
    void choosingWhatIsChosenIsNoEdit() {
        vm.choose(vm.choice());
        assertThat(vm.canUndoProperty().get()).isFalse();
        assertThat(vm.dirtyProperty().get()).isFalse();
    }

    @Test
    void aNewClusterKeepsThePolicyAndUndoingItDoesNotChangeIt() {
        vm.choose(vm.choice().withPolicy(PolicyId.SLURM_TREE));
        vm.perform(PlanEdits.newCluster(ShippedData.exampleCluster()));
        vm.undo();
        vm.redo();
        assertThat(vm.choice().policy()).isEqualTo(PolicyId.SLURM_TREE);
    }
}
