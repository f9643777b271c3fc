package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.validate.Fixture.EXAMPLE;
import static org.topoplanner.allocator.validate.Fixture.VALIDATOR;
import static org.topoplanner.allocator.validate.Fixture.codes;
import static org.topoplanner.allocator.validate.Fixture.request;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.metrics.FabricTree;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Random cluster states built by the slurm-tree policy itself, a placement it suggests for one more job
 * (which must carry no error), then one injected fault that validation must find.
 */
class InjectedFaultPropertiesTest {
    private static final FabricTree TREE = new FabricTree(EXAMPLE.fabric());

    enum Fault {
        TAKE_A_RUNNING_JOBS_GPU_AND_CORE, DROP_A_HOST, DROP_A_GPU, ADD_A_HOST, EXCLUDE_A_USED_HOST, RENAME_TO_UNKNOWN,
        SPREAD_OVER_SWITCH_LIMIT, SPREAD_OVER_TIER_LIMIT, CORES_ON_THE_OTHER_SOCKET, NIC_ACROSS_SOCKETS,
        ADMISSION_REJECTED, LIST_A_HOST_TWICE, SPLIT_GPUS_OVER_NUMA
    }

    private record Case(ClusterState state, JobRequest request, Placement placement, ValidationOptions options) {
    }

    @Property(tries = 420)
    void everyInjectedFaultIsFound(@ForAll long seed, @ForAll Fault fault) {
        Random rnd = new Random(seed);
        SlurmVersion version = rnd.nextBoolean() ? SlurmVersion.V22_05 : SlurmVersion.V24_11;
        SlurmTreePolicy policy = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(version));
        ClusterState state = ClusterState.empty(EXAMPLE);
        int fillers = rnd.nextInt(14);
        for (int i = 0; i < fillers; i++) {
            String line = "-N " + (1 + rnd.nextInt(4)) + " --gpus-per-node=" + (1 + rnd.nextInt(8))
                    + (rnd.nextInt(4) == 0 ? " --exclusive" : "");
            JobRequest r = request(line + " -J fill" + i);
            Optional<Placement> p = placed(policy, state, r);
            if (p.isPresent()) {
                state = state.with(p.get(), r.exclusive() ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED);
            }
        }
        String line = "-N " + (2 + rnd.nextInt(2)) + " --gpus-per-node=" + (1 + rnd.nextInt(4))
                + (rnd.nextBoolean() ? " --cpus-per-gpu=2" : "") + (rnd.nextBoolean() ? " --gres-flags=enforce-binding" : "");
        JobRequest request = request(line + " -J target");
        Optional<Placement> valid = placed(policy, state, request);
        Assume.that(valid.isPresent());
        assertThat(VALIDATOR.validate(state, request, valid.get())).as("the policy's own placement")
                .noneMatch(v -> v.severity() == Severity.ERROR);

        Optional<Case> bad = inject(fault, rnd, new Case(state, request, valid.get(), ValidationOptions.NONE));
        Assume.that(bad.isPresent());
        Case c = bad.get();
        Statistics.label("injected").collect(fault);
        // every kind of fault must really have been injected, not only assumed away; 420 tries give each of the
        // faults about 30 on average, so the floor of 3 is not a coin toss (120 tries failed it now and then)
        Statistics.label("injected").coverage(check -> {
            for (Fault f : Fault.values()) {
                check.check(f).count(n -> n >= 3);
            }
        });
        assertThat(codes(VALIDATOR.validate(c.state(), c.request(), c.placement(), c.options())))
                .contains(expected(fault).name());
    }

    private static ViolationCode expected(Fault f) {
        return switch (f) {
            case TAKE_A_RUNNING_JOBS_GPU_AND_CORE -> ViolationCode.RESOURCE_OVERCOMMIT;
            case DROP_A_HOST, DROP_A_GPU -> ViolationCode.GANG_INCOMPLETE;
            case ADD_A_HOST -> ViolationCode.NODE_COUNT;
            case EXCLUDE_A_USED_HOST -> ViolationCode.EXCLUDED_NODE;
            case RENAME_TO_UNKNOWN -> ViolationCode.UNKNOWN_HOST;
            case SPREAD_OVER_SWITCH_LIMIT -> ViolationCode.SWITCH_LIMIT;
            case SPREAD_OVER_TIER_LIMIT -> ViolationCode.TIER_LIMIT;
            case CORES_ON_THE_OTHER_SOCKET -> ViolationCode.CPU_NOT_LOCAL;
            case NIC_ACROSS_SOCKETS -> ViolationCode.NIC_NOT_LOCAL;
            case ADMISSION_REJECTED -> ViolationCode.TOPOLOGY_MANAGER_REJECT;
            case LIST_A_HOST_TWICE -> ViolationCode.DUPLICATE_HOST;
            case SPLIT_GPUS_OVER_NUMA -> ViolationCode.GPU_NUMA_SPLIT;
        };
    }

    private static Optional<Placement> placed(SlurmTreePolicy policy, ClusterState state, JobRequest r) {
        Suggestion s = policy.suggest(state, r);
        return s instanceof Suggestion.Placed p ? Optional.of(p.placement()) : Optional.empty();
    }

    private static Optional<Case> inject(Fault fault, Random rnd, Case c) {
        List<HostAllocation> hosts = new ArrayList<>(c.placement().hosts());
        HostAllocation first = hosts.get(0);
        switch (fault) {
            case TAKE_A_RUNNING_JOBS_GPU_AND_CORE -> {
                for (Placement run : c.state().running().values()) {
                    HostAllocation theirs = run.hosts().get(0);
                    if (!theirs.gpus().isEmpty()) {
                        hosts.set(0, HostAllocation.of(theirs.host(), List.of(theirs.gpus().get(0)),
                                CpuSet.of(theirs.cpus().first())));
                        return with(c, hosts);
                    }
                }
                return Optional.empty();
            }
            case DROP_A_HOST -> {
                hosts.remove(hosts.size() - 1);
                return with(c, hosts);
            }
            case DROP_A_GPU -> {
                hosts.set(0, HostAllocation.of(first.host(), first.gpus().subList(1, first.gpus().size()), first.cpus()));
                return with(c, hosts);
            }
            case ADD_A_HOST -> {
                return idleHostOffLeafOf(c, null).flatMap(h -> {
                    hosts.add(HostAllocation.of(h, first.gpus(), first.cpus()));
                    return with(c, hosts);
                });
            }
            case EXCLUDE_A_USED_HOST -> {
                JobRequest r = c.request();
                JobRequest ex = new JobRequest(r.name(), r.minNodes(), r.maxNodes(), r.ntasks(), r.ntasksPerNode(),
                        r.ntasksPerSocket(), r.cpusPerTask(), r.gpus(), r.gpusPerNode(), r.gpusPerTask(), r.gpuType(),
                        r.cpusPerGpu(), r.switches(), r.switchesWait(), r.enforceBinding(), r.exclusive(),
                        r.exclusiveTopo(), r.nodelist(), List.of(first.host()), r.segment());
                return Optional.of(new Case(c.state(), ex, c.placement(), c.options()));
            }
            case RENAME_TO_UNKNOWN -> {
                hosts.set(0, new HostAllocation("node99", first.gpus(), first.cpus(), first.nicByGpu()));
                return with(c, hosts);
            }
            case SPREAD_OVER_SWITCH_LIMIT, SPREAD_OVER_TIER_LIMIT -> {
                String leaf = TREE.leaf(first.host()).orElseThrow();
                Optional<String> far = idleHostOffLeafOf(c, leaf);
                if (far.isEmpty()) {
                    return Optional.empty();
                }
                HostAllocation last = hosts.get(hosts.size() - 1);
                hosts.set(hosts.size() - 1, HostAllocation.of(far.get(), last.gpus(), last.cpus()));
                Placement spread = new Placement(c.placement().job(), hosts);
                if (fault == Fault.SPREAD_OVER_SWITCH_LIMIT) {
                    return Optional.of(new Case(c.state(), c.request().withSwitches(1, null), spread, c.options()));
                }
                return Optional.of(new Case(c.state(), c.request(), spread,
                        ValidationOptions.NONE.withTierLimit(new TierLimit(1, true, "Volcano highestTierAllowed=1"))));
            }
            case CORES_ON_THE_OTHER_SOCKET -> {
                NodeTopology node = EXAMPLE.node(first.host());
                java.util.Set<Integer> sockets = new java.util.TreeSet<>();
                first.gpus().forEach(g -> sockets.add(CpuLocalityCheck.socketOf(node, node.gpu(g).orElseThrow())));
                if (sockets.size() > 1) {
                    // GPUs on both sockets: no core is on "the other" socket
                    return Optional.empty();
                }
                int socket = sockets.iterator().next();
                int core = socket == 0 ? 16 + rnd.nextInt(16) : rnd.nextInt(16);
                hosts.set(0, HostAllocation.of(first.host(), first.gpus(), CpuSet.of(core)));
                return with(c, hosts);
            }
            case NIC_ACROSS_SOCKETS -> {
                int g = first.gpus().get(0);
                hosts.set(0, new HostAllocation(first.host(), first.gpus(), first.cpus(), Map.of(g, g < 4 ? "NIC2" : "NIC0")));
                return with(c, hosts);
            }
            case ADMISSION_REJECTED -> {
                return Optional.of(new Case(c.state(), c.request(), c.placement(), ValidationOptions.NONE.withAdmissions(
                        List.of(new TopologyAdmission(first.host(), false,
                                TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.POD, "")))));
            }
            case LIST_A_HOST_TWICE -> {
                hosts.add(first);
                return with(c, hosts);
            }
            case SPLIT_GPUS_OVER_NUMA -> {
                return splitOverNuma(c, hosts, first);
            }
        }
        return Optional.empty();
    }

    /** Keeps k-1 GPUs on a NUMA node with k free GPUs and moves one to the other NUMA node. */
    private static Optional<Case> splitOverNuma(Case c, List<HostAllocation> hosts, HostAllocation first) {
        int k = first.gpus().size();
        if (k < 2) {
            return Optional.empty();
        }
        List<Integer> free = c.state().freeGpus(first.host());
        for (int numa = 0; numa < 2; numa++) {
            int n = numa;
            List<Integer> here = free.stream().filter(i -> (i < 4 ? 0 : 1) == n).toList();
            if (here.size() >= k) {
                List<Integer> gpus = new ArrayList<>(here.subList(0, k - 1));
                gpus.add(n == 0 ? 4 : 0);
                hosts.set(0, HostAllocation.of(first.host(), gpus, first.cpus()));
                return with(c, hosts);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> idleHostOffLeafOf(Case c, String leaf) {
        for (String h : EXAMPLE.hostNames()) {
            boolean used = c.placement().on(h).isPresent();
            if (!used && c.state().isIdle(h) && (leaf == null || !TREE.leaf(h).orElseThrow().equals(leaf))) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    private static Optional<Case> with(Case c, List<HostAllocation> hosts) {
        return Optional.of(new Case(c.state(), c.request(), new Placement(c.placement().job(), hosts), c.options()));
    }
}
