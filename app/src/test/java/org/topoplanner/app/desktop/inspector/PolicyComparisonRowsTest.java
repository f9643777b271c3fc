package org.topoplanner.app.desktop.inspector;

import org.topoplanner.app.desktop.QueuedExecutor;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.desktop.state.PlanViewModel;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.resources.ShippedData;

/**
 * The every-policy table computed in the background: "computing…" first, answers when the worker
 * and then the FX thread have run, and an answer overtaken by a newer change never shown. The
 * executors are queues the test runs by hand; no toolkit.
 */
class PolicyComparisonRowsTest {
    private static final PolicyOptions NO_TM = new PolicyOptions(SlurmVersion.V24_11, TopologyManagerPolicy.NONE, TopologyManagerScope.CONTAINER);
    private static final PolicyOptions SINGLE_NUMA = new PolicyOptions(SlurmVersion.V24_11, TopologyManagerPolicy.SINGLE_NUMA_NODE,
            TopologyManagerScope.CONTAINER);
    private final QueuedExecutor worker = new QueuedExecutor();
    private final QueuedExecutor fx = new QueuedExecutor();
    private final QueuedExecutor warming = new QueuedExecutor();
    private final PolicyComparisonRows rows = new PolicyComparisonRows(new BackgroundRefresh<>(worker, fx),
            new BackgroundRefresh<>(warming, fx), fx, java.time.Duration.ZERO);
    private Plan plan;
    private JobRequest six;

    @BeforeEach
    void aSixGpuJobOnTheExample() {
        PlanViewModel vm = new PlanViewModel(Plan.of(ShippedData.exampleCluster()));
        assertThat(vm.drop(JobRequest.nodesWithGpus("six", 1, 6), DropTarget.ANYWHERE)).isTrue();
        plan = vm.plan();
        six = plan.request("six");
    }

    @Test
    void everyPolicyShowsComputingUntilTheAnswersAreHandedOver() {
        rows.compare(plan, six, NO_TM);
        assertThat(rows.lines()).extracting(ComparisonLine::policy).containsExactlyElementsOf(PolicyCatalog.ids());
        assertThat(rows.lines()).extracting(ComparisonLine::verdict).containsOnly(ComparisonLine.COMPUTING);
        worker.runAll();
        assertThat(rows.lines()).as("computed, not yet handed to the FX thread")
                .extracting(ComparisonLine::verdict).containsOnly(ComparisonLine.COMPUTING);
        fx.runAll();
        assertThat(rows.lines()).extracting(ComparisonLine::policy).containsExactlyElementsOf(PolicyCatalog.ids());
        assertThat(rows.lines()).allSatisfy(l -> assertThat(l.answer()).isPresent());
        assertThat(k8s().nodes()).startsWith("node");
    }

    @Test
    void anAnswerOvertakenByANewerChangeIsDropped() {
        rows.compare(plan, six, NO_TM);
        worker.runAll();
        rows.compare(plan, six, SINGLE_NUMA);
        fx.runAll();
        assertThat(k8s().verdict()).as("the stale answer for 'none' was not shown").isEqualTo(ComparisonLine.COMPUTING);
        worker.runAll();
        fx.runAll();
        assertThat(k8s().verdict()).contains("TopologyAffinityError");
    }

    @Test
    void eachPolicysAnswerIsShownAsSoonAsItIsComputedNotAfterTheSlowest() {
        rows.compare(plan, six, NO_TM);
        worker.runNext();
        fx.runAll();
        assertThat(rows.lines().get(0).answer()).as("the first policy answered").isPresent();
        assertThat(rows.lines().subList(1, rows.lines().size())).extracting(ComparisonLine::verdict)
                .containsOnly(ComparisonLine.COMPUTING);
        worker.runNext();
        fx.runAll();
        assertThat(rows.lines().get(1).answer()).isPresent();
        assertThat(rows.lines()).extracting(ComparisonLine::policy).containsExactlyElementsOf(PolicyCatalog.ids());
    }

    @Test
    void anotherJobSkipsThePoliciesNotYetAskedAboutTheFirst() {
        rows.compare(plan, six, NO_TM);
        worker.runNext();
        JobRequest pair = JobRequest.nodesWithGpus("pair", 2, 4);
        rows.compare(plan, pair, NO_TM);
        worker.runAll();
        assertThat(fx.size()).as("one answer for the first job (to be dropped), one per policy for the second")
                .isEqualTo(1 + PolicyCatalog.ids().size());
        fx.runAll();
        assertThat(rows.lines()).allSatisfy(l -> assertThat(l.answer()).isPresent());
        assertThat(rows.lines()).flatExtracting(l -> l.answer().orElseThrow().advice().placementIfAny().stream().toList())
                .as("every placement is the two-node job's, none the one-node job's").isNotEmpty()
                .allSatisfy(p -> assertThat(p.hosts()).hasSize(2));
    }

    @Test
    void theSameQuestionIsNotAskedAgain() {
        rows.compare(plan, six, NO_TM);
        worker.runAll();
        fx.runAll();
        rows.compare(plan, six, NO_TM);
        assertThat(worker.size()).isZero();
        assertThat(k8s().answer()).isPresent();
    }

    @Test
    void clearingDropsTheAnswerUnderWay() {
        rows.compare(plan, six, NO_TM);
        worker.runAll();
        rows.clear();
        fx.runAll();
        assertThat(rows.lines()).isEmpty();
    }

    @Test
    void eachNewPlanIsWarmedOnceOnItsOwnWorkerAfterTheEventThatMadeIt() {
        rows.prepare(plan, NO_TM);
        rows.prepare(plan, NO_TM);
        fx.runAll();
        assertThat(warming.size()).as("the same plan and settings are warmed once").isEqualTo(1);
        assertThat(worker.size()).as("the rows' workers are left free").isZero();
        warming.runAll();
        rows.prepare(plan, SINGLE_NUMA);
        Plan next = plan.withoutJob("six");
        rows.prepare(next, SINGLE_NUMA);
        fx.runAll();
        assertThat(warming.size()).as("two plans within one event: only the last is warmed").isEqualTo(1);
        warming.runAll();
        fx.runAll();
        rows.compare(plan, six, NO_TM);
        worker.runAll();
        fx.runAll();
        assertThat(rows.lines()).allSatisfy(l -> assertThat(l.answer()).isPresent());
    }

    /**
     * The job list's checks wait for the table (they took the rows' CPU on 2 cores): what waits runs at once when
     * no row is coming, else only when the newest question's last row is handed over, not when an older
     * question's rows are dropped, and when the table is cleared.
     */
    @Test
    void whatWaitsForTheRowsRunsWhenTheNewestQuestionsLastRowIsHandedOver() {
        java.util.List<String> ran = new java.util.ArrayList<>();
        rows.afterRows(() -> ran.add("no table"));
        assertThat(ran).as("nothing coming: at once").containsExactly("no table");
        rows.compare(plan, six, NO_TM);
        rows.afterRows(() -> ran.add("after the rows"));
        worker.runNext();
        fx.runAll();
        assertThat(ran).as("one row in, the others coming").containsExactly("no table");
        rows.compare(plan, JobRequest.nodesWithGpus("pair", 2, 4), NO_TM);
        worker.runAll();
        for (int i = 1; i < PolicyCatalog.ids().size(); i++) {
            fx.runNext();
            assertThat(ran).as("the newest question's row " + i + " handed over, more coming").containsExactly("no table");
        }
        fx.runNext();
        assertThat(rows.lines()).allSatisfy(l -> assertThat(l.answer()).isPresent());
        assertThat(ran).containsExactly("no table", "after the rows");
        rows.compare(plan, six, NO_TM);
        rows.afterRows(() -> ran.add("cleared"));
        rows.clear();
        assertThat(ran).containsExactly("no table", "after the rows", "cleared");
        worker.runAll();
        fx.runAll();
        assertThat(ran).as("each runs once").hasSize(3);
    }

    /**
     * The newest plan's warm-up comes before the job list's checks too (it makes the tables they then update for
     * one job), also when a second plan replaced the first within one event, and when a question stopped it.
     */
    @Test
    void whatWaitsForTheRowsAlsoWaitsForTheNewestPlansWarmUp() {
        java.util.List<String> ran = new java.util.ArrayList<>();
        rows.prepare(plan, NO_TM);
        rows.afterRows(() -> ran.add("after the warm-up"));
        fx.runAll();
        assertThat(ran).as("the warm-up is queued, not done").isEmpty();
        warming.runAll();
        fx.runAll();
        assertThat(ran).containsExactly("after the warm-up");

        Plan next = plan.withoutJob("six");
        rows.prepare(next, NO_TM);
        rows.prepare(plan, NO_TM);
        rows.afterRows(() -> ran.add("after the second plan's warm-up"));
        fx.runAll();
        warming.runAll();
        rows.compare(plan, six, NO_TM);
        rows.afterRows(() -> ran.add("after the rows and the warm-up"));
        fx.runAll();
        assertThat(ran).as("warmed, but the rows are coming").hasSize(1);
        worker.runAll();
        fx.runAll();
        assertThat(ran).containsExactly("after the warm-up", "after the second plan's warm-up", "after the rows and the warm-up");
    }

    private ComparisonLine k8s() {
        return rows.lines().stream().filter(l -> l.policy().equals("k8s-default")).findFirst().orElseThrow();
    }
}
