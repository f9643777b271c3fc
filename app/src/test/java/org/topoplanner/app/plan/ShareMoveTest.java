package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.resources.ShippedData;

/**
 * Moving one host's share of a placed job by hand, on the example cluster (leaf1 node01-08 ... leaf4
 * node25-32; GPUs 0-3 on socket 0, 4-7 on socket 1).
 */
class ShareMoveTest {
    private final PlacementAdvisor advisor = new PlacementAdvisor();
    private final Plan empty = Plan.of(ShippedData.exampleCluster());

    private Plan with(Plan plan, JobRequest r, DropTarget target) {
        Advice a = advisor.suggest(plan, r, target, new PolicyChoice(PolicyId.PLANNER, PolicyOptions.DEFAULT));
        return plan.withJob(new Job(r.name(), SbatchOptions.toArgs(r)), a.placement());
    }

    /** A job pinned by hand to GPUs of one host, with one core per GPU. */
    private static Plan holding(Plan plan, String job, String host, List<Integer> gpus) {
        JobRequest r = JobRequest.nodesWithGpus(job, 1, gpus.size());
        CpuSet cpus = ClusterIndex.of(plan.cluster()).cpuIdsOf(host).cpusOfCores(gpus.stream().map(g -> g * 4).toList());
        return plan.withJob(new Job(job, SbatchOptions.toArgs(r)),
                new Placement(job, List.of(HostAllocation.of(host, gpus, cpus))));
    }

    @Test
    void theGrabbedHostsShareGoesToTheTargetAndTheOtherHostsStay() {
        Plan plan = with(empty, JobRequest.nodesWithGpus("train", 4, 8), new DropTarget.OnSwitch("leaf2"));
        Placement before = plan.placements().get("train");
        String from = before.hostNames().get(0);

        Advice a = new ShareMove("train", from).advise(plan, new DropTarget.OnHost("node20"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT)).orElseThrow();

        List<String> expected = before.hostNames().stream().map(h -> h.equals(from) ? "node20" : h).toList();
        assertThat(a.placement().hostNames()).containsExactlyElementsOf(expected);
        HostAllocation moved = a.placement().on("node20").orElseThrow();
        HostAllocation was = before.on(from).orElseThrow();
        // Identical, idle nodes: the same slot on the new host.
        assertThat(moved.gpus()).isEqualTo(was.gpus());
        assertThat(moved.cpus()).isEqualTo(was.cpus());
        assertThat(moved.nicByGpu()).isEqualTo(was.nicByGpu());
        // leaf2 alone could hold the job: spanning leaf2 and leaf3 is what got worse.
        assertThat(a.violations()).extracting(v -> v.code()).contains("CROSS_LEAF");
        assertThat(a.verdict()).isEqualTo(Verdict.WARNINGS);
    }

    /**
     * A share the scheduler counted fewer CPUs on than the whole cores it shows (CR_CPU) keeps that count when moved:
     * its memory per CPU is still charged on the tasks, not on the new host's whole cores.
     */
    @Test
    void aMovedShareKeepsTheSchedulersCpuCount() {
        Plan plan = holding(empty, "counted", "node05", List.of(0, 1));
        Placement was = plan.placements().get("counted");
        HostAllocation share = was.hosts().get(0);
        int counted = share.cpus().size() - 1;
        Plan withCount = plan.withJob(plan.job("counted").orElseThrow(), new Placement("counted", List.of(share.withCountedCpus(counted))));

        Advice a = new ShareMove("counted", "node05").advise(withCount, new DropTarget.OnHost("node20"), advisor,
                new PolicyChoice(PolicyId.PLANNER, PolicyOptions.DEFAULT)).orElseThrow();

        HostAllocation moved = a.placement().on("node20").orElseThrow();
        assertThat(moved.cpus().size()).isEqualTo(share.cpus().size());
        assertThat(moved.countedCpus()).isEqualTo(counted);
        assertThat(ShareOnHost.countedAfterMove(9, CpuSet.range(0, 3))).isEqualTo(4);
        assertThat(ShareOnHost.countedAfterMove(3, CpuSet.empty())).isEqualTo(3);
    }

    @Test
    void onAHostWithSomeGpusTakenTheShareTakesFreeGpusOnOneSocketWithCoresBesideThem() {
        Plan plan = holding(empty, "small", "node20", List.of(0, 1));
        plan = with(plan, JobRequest.nodesWithGpus("four", 1, 4), new DropTarget.OnHost("node05"));
        assertThat(plan.placements().get("four").on("node05").orElseThrow().gpus()).containsExactly(0, 1, 2, 3);

        Advice a = new ShareMove("four", "node05").advise(plan, new DropTarget.OnHost("node20"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT)).orElseThrow();

        HostAllocation moved = a.placement().on("node20").orElseThrow();
        assertThat(moved.gpus()).containsExactly(4, 5, 6, 7);
        SlurmCpuIds ids = ClusterIndex.of(plan.cluster()).cpuIdsOf("node20");
        assertThat(ids.coresOfCpus(moved.cpus()).stream().map(ids::socketOfCore).distinct().boxed().toList())
                .containsExactly(1);
        assertThat(a.violations()).extracting(v -> v.code()).doesNotContain("RESOURCE_OVERCOMMIT", "CPU_NOT_LOCAL");
    }

    @Test
    void aFullHostIsStillTakenByHandAndTheOvercommitIsNamed() {
        Plan plan = holding(empty, "full", "node20", List.of(0, 1, 2, 3, 4, 5, 6, 7));
        plan = with(plan, JobRequest.nodesWithGpus("two", 1, 2), new DropTarget.OnHost("node05"));

        Advice a = new ShareMove("two", "node05").advise(plan, new DropTarget.OnHost("node20"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT)).orElseThrow();

        assertThat(a.placement().hostNames()).containsExactly("node20");
        assertThat(a.violations()).extracting(v -> v.code()).contains("RESOURCE_OVERCOMMIT");
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
    }

    @Test
    void underASwitchTheShareGoesToTheHostItFillsMostTightly() {
        Plan plan = holding(empty, "six", "node17", List.of(0, 1, 2, 3, 4, 5));
        plan = holding(plan, "four", "node18", List.of(0, 1, 2, 3));
        plan = with(plan, JobRequest.nodesWithGpus("pair", 1, 2), new DropTarget.OnHost("node02"));
        plan = with(plan, JobRequest.nodesWithGpus("quad", 1, 4), new DropTarget.OnHost("node03"));

        Advice pair = new ShareMove("pair", "node02").advise(plan, new DropTarget.OnSwitch("leaf3"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT)).orElseThrow();
        Advice quad = new ShareMove("quad", "node03").advise(plan, new DropTarget.OnSwitch("leaf3"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT)).orElseThrow();

        assertThat(pair.placement().hostNames()).containsExactly("node17");
        assertThat(quad.placement().hostNames()).containsExactly("node18");
        assertThat(pair.violations()).extracting(v -> v.code()).doesNotContain("RESOURCE_OVERCOMMIT");
        assertThat(quad.violations()).extracting(v -> v.code()).doesNotContain("RESOURCE_OVERCOMMIT");
    }

    @Test
    void aSwitchWithNoRoomForTheShareIsImpossibleAndMovesNothing() {
        Plan plan = empty;
        for (int n = 1; n <= 8; n++) {
            plan = holding(plan, "busy" + n, String.format("node%02d", n), List.of(0, 1, 2, 3, 4, 5, 6, 7));
        }
        plan = with(plan, JobRequest.nodesWithGpus("one", 1, 1), new DropTarget.OnHost("node30"));

        Advice a = new ShareMove("one", "node30").advise(plan, new DropTarget.OnSwitch("leaf1"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT)).orElseThrow();

        assertThat(a.placementIfAny()).isEmpty();
        assertThat(a.verdict()).isEqualTo(Verdict.IMPOSSIBLE);
        assertThat(a.reason()).contains("leaf1").contains("1 GPU of node30");
    }

    @Test
    void aHostTheJobAlreadyRunsOnIsRefused() {
        Plan plan = with(empty, JobRequest.nodesWithGpus("train", 2, 8), new DropTarget.OnSwitch("leaf2"));
        List<String> hosts = plan.placements().get("train").hostNames();

        Advice a = new ShareMove("train", hosts.get(0)).advise(plan, new DropTarget.OnHost(hosts.get(1)), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT))
                .orElseThrow();

        assertThat(a.placementIfAny()).isEmpty();
        assertThat(a.reason()).contains("already runs on " + hosts.get(1));
    }

    @Test
    void dropsThatChangeNothingAreNoMove() {
        Plan plan = with(empty, JobRequest.nodesWithGpus("train", 2, 8), new DropTarget.OnSwitch("leaf2"));
        String from = plan.placements().get("train").hostNames().get(0);
        ShareMove move = new ShareMove("train", from);

        assertThat(move.advise(plan, new DropTarget.OnHost(from), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT))).isEmpty();
        assertThat(move.advise(plan, new DropTarget.OnSwitch("leaf2"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT))).isEmpty();
        assertThat(move.advise(plan, new DropTarget.OnSwitch("core"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT))).isEmpty();
        assertThat(move.advise(plan, DropTarget.ANYWHERE, advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT))).isEmpty();
        assertThat(move.advise(plan, new DropTarget.OnHost("node30"), advisor, new PolicyChoice(PolicyId.PLANNER, org.topoplanner.allocator.PolicyOptions.DEFAULT))).map(a -> a.placement().hostNames())
                .isEqualTo(Optional.of(List.of("node30", plan.placements().get("train").hostNames().get(1))));
    }
}
