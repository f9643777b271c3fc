package org.topoplanner.app.desktop.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.app.plan.Advice;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.PlacementAdvisor;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.app.plan.Verdict;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.model.project.ProjectCodec;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ViewState;
import org.topoplanner.resources.ShippedData;

/** The window's view model without a toolkit: drop, move, validate, undo. */
class PlanViewModelTest {

    @Test
    void dropMoveUndoRedo() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        vm.choiceProperty().set(vm.choice().withPolicy(PolicyId.SLURM_TREE));
        assertThat(vm.canUndoProperty().get()).isFalse();

        assertThat(vm.drop(JobRequest.nodesWithGpus("train", 4, 8), new DropTarget.OnSwitch("leaf2"))).isTrue();
        assertThat(vm.plan().placements().get("train").hostNames()).containsExactly("node09", "node10", "node11", "node12");
        assertThat(vm.selectedJobProperty().get()).isEqualTo("train");
        assertThat(vm.undoTextProperty().get()).isEqualTo("Undo Place job train");
        assertThat(vm.dirtyProperty().get()).isTrue();

        // A second job with the same name gets a fresh one.
        assertThat(vm.drop(JobRequest.nodesWithGpus("train", 1, 8), DropTarget.ANYWHERE)).isTrue();
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train", "train-2");

        // Moved by hand onto a host the other job holds: kept, and the check says why it is wrong.
        var moved = vm.move("train-2", new Placement("train-2", List.of(HostAllocation.of("node09",
                List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.of(1)))));
        assertThat(moved.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(vm.check("train-2").violations()).extracting(v -> v.code()).contains("RESOURCE_OVERCOMMIT");

        assertThat(vm.applySuggestion("train-2")).isTrue();
        assertThat(vm.check("train-2").verdict()).isNotEqualTo(Verdict.IMPOSSIBLE);

        vm.undo();
        assertThat(vm.plan().placements().get("train-2").hostNames()).containsExactly("node09");
        vm.undo();
        vm.undo();
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train");
        vm.redo();
        assertThat(vm.plan().jobs()).hasSize(2);
        vm.delete("train");
        assertThat(vm.plan().jobs()).extracting(j -> j.name()).containsExactly("train-2");
        assertThat(vm.canRedoProperty().get()).isFalse();
    }

    @Test
    void adviceFollowsThePointerAndClears() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        vm.choiceProperty().set(vm.choice().withPolicy(PolicyId.SLURM_TREE));
        var a = vm.advise(JobRequest.nodesWithGpus("j", 12, 8), new DropTarget.OnSwitch("leaf1"));
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(vm.liveAdviceProperty().get()).isSameAs(a);
        assertThat(vm.drop(JobRequest.nodesWithGpus("j", 12, 8), new DropTarget.OnSwitch("leaf1"))).isFalse();
        assertThat(vm.liveAdviceProperty().get()).isNull();
        assertThat(vm.plan().jobs()).isEmpty();
    }

    @Test
    void movingAHostsShareIsOneEditThatUndoRestores() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.drop(JobRequest.nodesWithGpus("train", 4, 8), new DropTarget.OnSwitch("leaf2"))).isTrue();
        Placement before = vm.plan().placements().get("train");
        String from = before.hostNames().get(0);

        var ghost = vm.adviseShareMove("train", from, new DropTarget.OnHost("node20"));
        assertThat(vm.liveAdviceProperty().get()).isSameAs(ghost.orElseThrow());
        assertThat(vm.plan().placements().get("train")).isEqualTo(before);

        var moved = vm.moveShare("train", from, new DropTarget.OnHost("node20")).orElseThrow();
        assertThat(vm.liveAdviceProperty().get()).isNull();
        assertThat(vm.plan().placements().get("train").hostNames()).contains("node20").doesNotContain(from);
        assertThat(vm.check("train").violations()).extracting(v -> v.code()).contains("CROSS_LEAF");
        assertThat(moved.violations()).isEqualTo(vm.check("train").violations());
        assertThat(vm.undoTextProperty().get()).isEqualTo("Undo Move " + from + "'s share of train");

        vm.undo();
        assertThat(vm.plan().placements().get("train")).isEqualTo(before);
        vm.redo();
        assertThat(vm.plan().placements().get("train").hostNames()).contains("node20");

        // A drop that changes nothing makes no edit.
        assertThat(vm.moveShare("train", "node20", new DropTarget.OnHost("node20"))).isEmpty();
        assertThat(vm.undoTextProperty().get()).isEqualTo("Undo Move " + from + "'s share of train");
    }

    @Test
    void checksAreRememberedUntilThePlanThePolicyOrTheSettingsChange() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.drop(JobRequest.nodesWithGpus("pair", 1, 2), new DropTarget.OnHost("node03"))).isTrue();
        assertThat(vm.knownCheck("pair")).as("a drop is checked when someone asks").isEmpty();
        Advice first = vm.check("pair");
        assertThat(vm.check("pair")).isSameAs(first);
        assertThat(vm.knownCheck("pair")).containsSame(first);

        vm.choiceProperty().set(vm.choice().withPolicy(PolicyId.SLURM_TREE));
        assertThat(vm.knownCheck("pair")).isEmpty();
        Advice underTree = vm.check("pair");
        assertThat(underTree).isNotSameAs(first);
        vm.choiceProperty().set(vm.choice().withSlurmVersion(SlurmVersion.V22_05));
        assertThat(vm.knownCheck("pair")).isEmpty();
        assertThat(vm.knownCheck("nobody")).isEmpty();
        assertThat(vm.check("nobody")).isNull();
    }

    /** A new window plans with 26.05; an opened project brings the release it was saved with. */
    @Test
    void theSlurmVersionComesFromTheProject() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.choice().settings().slurmVersion()).isEqualTo(SlurmVersion.V26_05);
        Plan saved = Plan.of(ShippedData.exampleCluster());
        vm.reset(saved.withView(saved.view().withSlurmVersion(SlurmVersion.V22_05)));
        assertThat(vm.choice().settings().slurmVersion()).isEqualTo(SlurmVersion.V22_05);
        assertThat(vm.choice().settings().topologyManager()).isEqualTo(TopologyManagerPolicy.NONE);
    }

    @Test
    void aMoveRemembersTheCheckItMadeAndItIsTheCheckOfTheNewPlan() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.drop(JobRequest.nodesWithGpus("train", 4, 8), new DropTarget.OnSwitch("leaf2"))).isTrue();
        String from = vm.plan().placements().get("train").hostNames().get(0);
        vm.moveShare("train", from, new DropTarget.OnHost("node20"));

        Advice known = vm.knownCheck("train").orElseThrow();
        Plan now = vm.plan();
        Advice fresh = new PlacementAdvisor().check(now, now.request("train"), now.placements().get("train"),
                vm.choice());
        assertThat(known.violations()).isEqualTo(fresh.violations());
        assertThat(known.verdict()).isEqualTo(fresh.verdict());
        assertThat(known.metrics()).isEqualTo(fresh.metrics());
        assertThat(known.placement()).isEqualTo(fresh.placement());

        vm.undo();
        assertThat(vm.knownCheck("train")).isEmpty();
    }

    @Test
    void aCheckForTheWorkerIsRememberedOnlyWhileItsPlanIsTheNewest() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.drop(JobRequest.nodesWithGpus("pair", 1, 2), new DropTarget.OnHost("node03"))).isTrue();
        Supplier<Advice> later = vm.checkLater("pair");
        Advice computed = later.get();
        assertThat(vm.knownCheck("pair")).containsSame(computed);

        Supplier<Advice> stale = vm.checkLater("pair");
        vm.choiceProperty().set(vm.choice().withPolicy(PolicyId.SLURM_TREE));
        assertThat(vm.knownCheck("pair")).isEmpty();
        assertThat(stale.get()).isNotNull();
        assertThat(vm.knownCheck("pair")).as("an answer under the old policy is not kept").isEmpty();
        assertThat(vm.checkLater("nobody").get()).isNull();
    }

    @Test
    void aProjectReopensUnderThePolicyAndSettingsItWasSavedWith() throws Exception {
        PolicyChoice chosen = new PolicyChoice(PolicyId.KUEUE_TAS, new PolicyOptions(SlurmVersion.V22_05,
                TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD,
                TopologyConstraints.NONE.withVolcano(VolcanoMode.SOFT, 2).withKueue(KueueMode.REQUIRED, "topoplanner.org/tier-1")));
        Plan plan = Plan.of(ShippedData.exampleCluster()).withView(
                new ViewState("leaf2", 1.5, 3, 4, chosen.id(), "dark", chosen.toSaved()));
        ProjectCodec codec = new ProjectCodec();
        ProjectDocument reopened = codec.read(codec.write(plan.toDocument()), "p.topoplanner.json");

        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.choice()).isEqualTo(PolicyChoice.DEFAULT);
        vm.reset(Plan.of(reopened));
        assertThat(vm.choice()).isEqualTo(chosen);
        // a project saved before the settings were kept opens under its policy with the defaults, and as
        // Slurm 24.11, the release its placements were made under then
        vm.reset(Plan.of(ShippedData.exampleCluster()).withView(new ViewState(null, 1.0, 0, 0, "slurm-tree", "light")));
        assertThat(vm.choice()).isEqualTo(PolicyChoice.of(PolicyId.SLURM_TREE).withSlurmVersion(SlurmVersion.UNRECORDED));
    }
}
