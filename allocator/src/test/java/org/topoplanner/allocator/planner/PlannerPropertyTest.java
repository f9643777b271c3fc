package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.Admission;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.allocator.k8s.PodTemplate;
import org.topoplanner.allocator.k8s.TopologyManagerAdmission;
import org.topoplanner.allocator.kueue.KueueTasPolicy;
import org.topoplanner.allocator.slurm.SlurmBlockPolicy;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.allocator.volcano.HyperNodeTree;
import org.topoplanner.allocator.volcano.VolcanoPolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TasRequest;
import org.topoplanner.model.slurm.SlurmVersion;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;

/** The planner on random trees and random occupancy: exact, never worse than Slurm, and within every constraint. */
class PlannerPropertyTest {
    private final PlannerPolicy planner = new PlannerPolicy();

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /** A random request: -N, --gpus-per-node, sometimes --exclusive, --switches, -x. */
    private static JobRequest randomJob(Random r, Cluster c, int maxNodes) {
        int gpus = c.node(c.hostNames().get(0)).gpus().size();
        StringBuilder sb = new StringBuilder("-N").append(1 + r.nextInt(maxNodes));
        sb.append(" --gpus-per-node=").append(1 + r.nextInt(gpus));
        if (r.nextInt(5) == 0) {
            sb.append(" --exclusive");
        }
        if (r.nextInt(3) == 0) {
            sb.append(" --switches=").append(1 + r.nextInt(2));
        }
        if (r.nextInt(4) == 0) {
            sb.append(" -x ").append(c.hostNames().get(r.nextInt(c.hostNames().size())));
        }
        return PlannerPolicyTest.job(sb.toString());
    }

    @Property(tries = 150)
    void isTheOptimumOfEveryNodeSetOnSmallClusters(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = RandomClusters.tree(r, 4, 3);
        ClusterState s = RandomClusters.occupy(r, c);
        JobRequest job = randomJob(r, c, 4);
        Optional<PlannerPolicy.Plan> plan = planner.plan(s, job);
        Score best = null;
        for (List<String> subset : subsets(c.hostNames(), job.requestedNodes())) {
            Optional<PlannerPolicy.Plan> p = planner.plan(s, job.withNodelist(subset));
            if (p.isPresent()) {
                Score sc = Objective.of(s, job, p.get().placement());
                if (best == null || sc.compareTo(best) < 0) {
                    best = sc;
                }
            }
        }
        if (best == null) {
            assertThat(plan).as("no node set fits %s", job).isEmpty();
            return;
        }
        assertThat(plan).as("a node set fits %s", job).isPresent();
        assertThat(plan.get().score()).as("%s", job).isEqualTo(best);
        assertThat(Objective.of(s, job, plan.get().placement())).isEqualTo(plan.get().score());
    }

    @Property(tries = 150)
    void isNeverWorseThanSlurmTreeAndKeepsEveryConstraint(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = RandomClusters.tree(r, 6, 6);
        ClusterState s = RandomClusters.occupy(r, c);
        JobRequest job = randomJob(r, c, 8);
        SlurmVersion v = r.nextBoolean() ? SlurmVersion.V22_05 : SlurmVersion.V24_11;
        compareWith(new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)), s, job);
    }

    @Property(tries = 60)
    void isNeverWorseThanSlurmBlockOnTheBlockCase(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = OracleCase.cluster("block32");
        ClusterState s = RandomClusters.occupy(r, c);
        JobRequest job = PlannerPolicyTest.job("-N" + (1 + r.nextInt(12)) + " --gpus-per-node=" + (1 + r.nextInt(8)));
        compareWith(new SlurmBlockPolicy(PolicyOptions.DEFAULT), s, job);
    }

    /**
     * Volcano and Kueue TAS with random settings (Volcano tier limit in hard or soft mode, a Kueue
     * required or preferred level, a Topology Manager policy): the planner under the same settings places
     * whenever they do, never worse by the objective, inside the hard limit and only on nodes whose
     * kubelet admits the pod.
     */
    /**
     * Values of {@code seed} that failed {@link #isNeverWorseThanVolcanoOrKueueUnderTheirOwnSettings} in CI
     * (commit 8f32750: a core-less Kueue/Volcano placement judged without the cores the planner adds),
     * kept as fixed cases so that every run asks them again, whatever the random tries are.
     */
    @Example
    void seedsThatOnceFailedAgainstVolcanoOrKueue() {
        for (long seed : new long[] {8529L, 5881453877837467243L}) {
            isNeverWorseThanVolcanoOrKueueUnderTheirOwnSettings(seed);
        }
    }

    @Property(tries = 150)
    void isNeverWorseThanVolcanoOrKueueUnderTheirOwnSettings(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = RandomClusters.tree(r, 6, 5);
        ClusterState s = RandomClusters.occupy(r, c);
        int gpus = c.node(c.hostNames().get(0)).gpus().size();
        JobRequest job = JobRequest.nodesWithGpus("k", 1 + r.nextInt(6), 1 + r.nextInt(gpus));
        int maxTier = ClusterIndex.of(c).domains().maxTier();
        TopologyConstraints t = TopologyConstraints.NONE;
        if (r.nextBoolean()) {
            t = t.withVolcano(r.nextInt(4) != 0 ? VolcanoMode.HARD : VolcanoMode.SOFT, 1 + r.nextInt(maxTier));
        }
        if (r.nextBoolean()) {
            t = t.withKueue(r.nextBoolean() ? KueueMode.REQUIRED : KueueMode.PREFERRED,
                    "topoplanner.org/tier-" + (1 + r.nextInt(maxTier)));
        }
        TopologyManagerPolicy tm = TopologyManagerPolicy.values()[r.nextInt(4)];
        PolicyOptions options = new PolicyOptions(SlurmVersion.V24_11, tm, TopologyManagerScope.CONTAINER, t);
        PlannerPolicy constrained = new PlannerPolicy(options);
        Optional<PlannerPolicy.Plan> plan = constrained.plan(s, job);
        plan.ifPresent(p -> {
            respectsTheRequest(s, job, p.placement());
            withinTheLimits(s, job, p.placement(), options);
        });
        PlacementPolicy other = r.nextBoolean() ? new VolcanoPolicy(options) : new KueueTasPolicy(options);
        // Volcano's hard limit is the planner's; Kueue's required level is. Compare only under the other's own limit.
        boolean sameLimits = other instanceof VolcanoPolicy ? t.requiredKueueLevel().isEmpty()
                : t.hardVolcanoTier().isEmpty();
        if (other.suggest(s, job) instanceof Suggestion.Placed placed && sameLimits
                && placed.placement().hostNames().stream().distinct().count() == job.requestedNodes()
                && hasTheCoresThePlannerGives(s, job, placed.placement())) {
            assertThat(plan).as("%s placed %s under %s, the planner nothing", other.id(), job, options).isPresent();
            Score theirs = Objective.of(s, job, placed.placement());
            assertThat(plan.get().score().compareTo(theirs)).as("planner %s vs %s %s for %s under %s",
                    plan.get().score(), other.id(), theirs, job, options).isLessThanOrEqualTo(0);
        }
    }

    /**
     * The pods Volcano and Kueue bind request GPUs only, so they may land on a node whose cores are all
     * taken; the planner gives every task a core as Slurm does. Their placement is a fair yardstick only
     * where it leaves the job those cores.
     */
    private static boolean hasTheCoresThePlannerGives(ClusterState s, JobRequest job, Placement p) {
        int cores = NodeDemand.of(job, job.requestedNodes()).cpus();
        return p.hostNames().stream().allMatch(h -> s.freeCores(h).size() >= cores);
    }

    /** Every host admitted by its kubelet, all hosts in one HyperNode up to the tier and one Kueue domain. */
    private static void withinTheLimits(ClusterState s, JobRequest job, Placement p, PolicyOptions options) {
        KubeletSettings kubelet = KubeletSettings.from(options);
        for (String h : p.hostNames()) {
            Admission a = TopologyManagerAdmission.admit(s, h, PodTemplate.DEFAULT.pod(s, job, 0), kubelet);
            assertThat(a).as("kubelet of %s under %s", h, options.topologyManager()).isInstanceOf(Admission.Admitted.class);
        }
        options.topology().hardVolcanoTier().ifPresent(tier -> assertThat(HyperNodeTree.of(s.cluster()).hyperNodes()
                .values().stream().filter(hn -> hn.tier() <= tier).anyMatch(hn -> hn.realNodes().containsAll(p.hostNames())))
                .as("%s inside one HyperNode up to tier %d", p.hostNames(), tier).isTrue());
        options.topology().requiredKueueLevel().ifPresent(level -> {
            var levels = org.topoplanner.allocator.kueue.TopologyLevels.of(s.cluster());
            int at = levels.indexOf(level);
            assertThat(p.hostNames().stream().map(h -> levels.values().get(h).subList(0, at + 1)).distinct().count())
                    .as("%s in one %s domain", p.hostNames(), level).isEqualTo(1);
        });
    }

    private void compareWith(PlacementPolicy slurm, ClusterState s, JobRequest job) {
        Suggestion other = slurm.suggest(s, job);
        Optional<PlannerPolicy.Plan> plan = planner.plan(s, job);
        plan.ifPresent(p -> respectsTheRequest(s, job, p.placement()));
        plan.ifPresent(p -> assertThat(Objective.of(s, job, p.placement())).isEqualTo(p.score()));
        if (other instanceof Suggestion.Placed placed) {
            assertThat(plan).as("%s placed %s, the planner nothing", slurm.id(), job).isPresent();
            Score theirs = Objective.of(s, job, placed.placement());
            assertThat(plan.get().score().compareTo(theirs)).as("planner %s vs %s %s for %s", plan.get().score(),
                    slurm.id(), theirs, job).isLessThanOrEqualTo(0);
        }
        Suggestion mine = planner.suggest(s, job);
        if (other instanceof Suggestion.Impossible) {
            assertThat(mine).isNotInstanceOf(Suggestion.Placed.class);
        }
    }

    /** Node count, free and distinct resources, GPUs per node, -x, --exclusive and --switches. */
    private static void respectsTheRequest(ClusterState s, JobRequest job, Placement p) {
        assertThat(p.hosts()).hasSize(job.requestedNodes());
        assertThat(p.hostNames()).doesNotHaveDuplicates();
        job.exclude().forEach(x -> assertThat(p.hostNames()).doesNotContain(x));
        for (HostAllocation a : p.hosts()) {
            BitSet used = s.usedGpus(a.host());
            assertThat(a.gpus()).allSatisfy(g -> assertThat(used.get(g)).isFalse());
            assertThat(a.cpus().intersection(s.usedCpus(a.host())).isEmpty()).isTrue();
            assertThat(s.heldWhole(a.host())).isFalse();
            if (job.exclusive()) {
                assertThat(s.isIdle(a.host())).isTrue();
                assertThat(a.gpus()).hasSize(s.cluster().node(a.host()).gpus().size());
            } else {
                assertThat(a.gpus()).hasSize(job.gpusPerNode());
            }
        }
        if (job.switches() != null) {
            var dom = ClusterIndex.of(s.cluster()).domains();
            int[] hosts = p.hostNames().stream().mapToInt(h -> ClusterIndex.of(s.cluster()).number(h)).toArray();
            assertThat(dom.touched(hosts)[1]).as("leaves of %s", p.hostNames()).isLessThanOrEqualTo(job.switches());
        }
    }

    private static List<List<String>> subsets(List<String> all, int k) {
        List<List<String>> out = new ArrayList<>();
        pick(all, k, 0, new ArrayList<>(), out);
        return out;
    }

    private static void pick(List<String> all, int k, int from, List<String> cur, List<List<String>> out) {
        if (cur.size() == k) {
            out.add(List.copyOf(cur));
            return;
        }
        for (int i = from; i < all.size(); i++) {
            cur.add(all.get(i));
            pick(all, k, i + 1, cur, out);
            cur.remove(cur.size() - 1);
        }
    }
}
