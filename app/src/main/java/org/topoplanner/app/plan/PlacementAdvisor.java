package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.metrics.PlacementMetrics;
import org.topoplanner.allocator.validate.PlacementValidator;
import org.topoplanner.allocator.validate.SchedulerSettings;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * Asks the chosen policy where a job would go for a drop target, and validates any placement: the
 * logic behind the live ghost while a job is dragged, kept free of JavaFX so it is tested plainly.
 *
 * <p>A switch target confines the job to that switch's subtree by holding every other host for the
 * question (as if taken whole), which every policy honours and which costs one pass over the hosts.
 * A target inside a host ({@link DropTarget.WithinHost}) works the same way one level down: the
 * policy is asked once on that host alone to learn how many GPUs the job takes there, then again with
 * the host's GPUs and cores outside the {@link HostRegion} held, so its own rules (cores near the
 * GPUs, the kubelet's NUMA alignment) still decide inside the region. GPUs picked by hand, exactly as
 * many as a one-node job needs, are placed as they are and judged.
 */
public final class PlacementAdvisor {
    private final PlacementValidator validator = new PlacementValidator();

    public Advice suggest(Plan plan, JobRequest request, DropTarget target, PolicyChoice choice) {
        return suggest(plan, plan.stateWithout(request.name()), request, target, choice);
    }

    /**
     * As {@link #suggest(Plan, JobRequest, DropTarget, PolicyChoice)} on {@code others}, which must be
     * {@code plan.stateWithout(request.name())}: callers asking several policies about one job pass the same
     * state to each, so the tables derived from it (free capacity per domain, eligible hosts, fragmentation)
     * are built once for all of them instead of once per policy.
     */
    public Advice suggest(Plan plan, ClusterState others, JobRequest request, DropTarget target, PolicyChoice choice) {
        PlacementPolicy policy = choice.create();
        if (target instanceof DropTarget.WithinHost w) {
            return withinHost(plan, request, w, choice, policy, others);
        }
        ClusterState asked = others;
        JobRequest r = request;
        if (target instanceof DropTarget.OnSwitch s) {
            asked = confine(plan, others, s.name());
        } else if (target instanceof DropTarget.OnHost h) {
            r = request.withNodelist(List.of(h.name()));
        }
        return advised(plan, request, ask(policy, asked, r, choice), others, choice, "");
    }

    private Advice withinHost(Plan plan, JobRequest request, DropTarget.WithinHost w, PolicyChoice choice,
                              PlacementPolicy policy, ClusterState others) {
        if (!plan.cluster().hostNames().contains(w.host())) {
            return Advice.impossible("no host " + w.host());
        }
        JobRequest r = request.withNodelist(List.of(w.host()));
        Suggestion free = ask(policy, others, r, choice);
        Optional<Placement> unconfined = placementOf(free);
        if (unconfined.isEmpty() && w instanceof DropTarget.OnGpus g && request.requestedNodes() == 1
                && g.gpus().size() == gpusPerNode(request)) {
            return byHand(plan, request, g, choice);
        }
        if (unconfined.isEmpty()) {
            return Advice.impossible(w.host() + ": " + SuggestionSentence.reason(free));
        }
        // a host the policy would not use (full, say) still takes GPUs placed there by hand: the request says how many
        int need = unconfined.get().on(w.host()).map(h -> h.gpus().size()).orElseGet(() -> gpusPerNode(request));
        if (w instanceof DropTarget.OnGpus g && g.gpus().size() == need && request.requestedNodes() == 1) {
            return byHand(plan, request, g, choice);
        }
        List<Integer> freeGpus = others.freeGpus(w.host());
        HostRegion region = HostRegion.of(w, plan.cluster().node(w.host()), freeGpus, need);
        if (region.freeGpus(freeGpus) < need) {
            return Advice.impossible(region.name() + " has " + region.freeGpus(freeGpus) + " free GPU"
                    + (region.freeGpus(freeGpus) == 1 ? "" : "s") + "; the job needs " + need + " there");
        }
        Suggestion s = ask(policy, confine(plan, others, region), r, choice);
        return advised(plan, request, s, others, choice, region.name() + ": ");
    }

    /** Exactly the GPUs pointed at, judged as a placement by hand (kept even when it breaks a rule; the checks say which). */
    private Advice byHand(Plan plan, JobRequest request, DropTarget.OnGpus g, PolicyChoice choice) {
        Placement p = new Placement(request.name(), List.of(new HostAllocation(g.host(), g.gpus(),
                coresFor(plan, g.host(), g.gpus()), java.util.Map.of())));
        return check(plan, request, p, choice);
    }

    /** The GPUs the request asks for on each node, as far as it says (0 when it does not). */
    private static int gpusPerNode(JobRequest r) {
        if (r.gpusPerNode() != null) {
            return r.gpusPerNode();
        }
        if (r.gpus() != null && r.requestedNodes() == 1) {
            return r.gpus();
        }
        return 0;
    }

    private static Suggestion ask(PlacementPolicy policy, ClusterState state, JobRequest r, PolicyChoice choice) {
        try {
            return policy.suggest(state, r);
        } catch (RuntimeException e) {
            // A policy bug must not take the window down mid-drag; it shows as a red ghost with the reason.
            return new Suggestion.Impossible(choice.id() + " failed: " + e.getMessage());
        }
    }

    private static Optional<Placement> placementOf(Suggestion s) {
        if (s instanceof Suggestion.Placed p) {
            return Optional.of(p.placement());
        }
        if (s instanceof Suggestion.Waiting w) {
            return Optional.of(w.placement());
        }
        return Optional.empty();
    }

    private Advice advised(Plan plan, JobRequest request, Suggestion s, ClusterState others, PolicyChoice choice,
                           String where) {
        return placementOf(s)
                .map(p -> withChecks(plan, request, p, others, SuggestionSentence.reason(s), choice))
                .orElseGet(() -> Advice.impossible(where + SuggestionSentence.reason(s, plan.cluster(), request)));
    }

    /**
     * Validates a placement made by hand (a dropped or dragged job) against everything else, under the
     * chosen policy's settings: its tier limit and, for the Kubernetes policies, the kubelet's admission.
     */
    public Advice check(Plan plan, JobRequest request, Placement placement, PolicyChoice choice) {
        return withChecks(plan, request, placement, plan.stateWithout(request.name()), "placed by hand", choice);
    }

    private Advice withChecks(Plan plan, JobRequest request, Placement placement, ClusterState others, String note,
                              PolicyChoice choice) {
        List<Violation> violations = validator.validate(others, request, placement,
                SchedulerSettings.options(others, request, placement, choice));
        PlacementMetrics metrics = PlacementMetrics.ofAdded(others, placement);
        boolean errors = violations.stream().anyMatch(v -> v.severity() == Severity.ERROR);
        boolean warnings = violations.stream().anyMatch(v -> v.severity() == Severity.WARNING);
        Verdict verdict = errors ? Verdict.IMPOSSIBLE : warnings ? Verdict.WARNINGS : Verdict.VALID;
        String reason = violations.isEmpty() ? note : violations.get(0).code() + ": " + violations.get(0).sentence();
        return new Advice(placement, violations, metrics, verdict, reason);
    }

    /** The state with every host outside {@code switchName}'s subtree held whole. */
    private static ClusterState confine(Plan plan, ClusterState state, String switchName) {
        Set<String> inside = new HashSet<>(plan.cluster().fabric().hostsUnder(switchName));
        List<HostAllocation> outside = new ArrayList<>();
        for (String h : plan.cluster().hostNames()) {
            if (!inside.contains(h) && !state.heldWhole(h)) {
                outside.add(HostAllocation.of(h, List.of(), CpuSet.empty()));
            }
        }
        return outside.isEmpty() ? state
                : state.with(new Placement("(outside " + switchName + ")", outside), ClusterState.Hold.WHOLE_NODES);
    }

    /** The state with the free GPUs and cores of the region's host outside the region held. */
    private static ClusterState confine(Plan plan, ClusterState state, HostRegion region) {
        List<Integer> gpus = state.freeGpus(region.host()).stream().filter(g -> !region.gpus().contains(g)).toList();
        var ids = org.topoplanner.allocator.ClusterIndex.of(plan.cluster()).cpuIdsOf(region.host());
        List<Integer> coresOutside = plan.cluster().node(region.host()).coreList().stream()
                .map(org.topoplanner.model.node.Core::id).filter(c -> !region.cores().contains(c)).toList();
        CpuSet cpus = ids.cpusOfCores(coresOutside).minus(state.usedCpus(region.host()));
        if (gpus.isEmpty() && cpus.isEmpty()) {
            return state;
        }
        return state.with(new Placement("(outside " + region.name() + ")",
                List.of(HostAllocation.of(region.host(), gpus, cpus))), ClusterState.Hold.LISTED);
    }

    /** One core per GPU on the GPU's own socket, for GPUs dropped by hand (the user moves cores later). */
    private static CpuSet coresFor(Plan plan, String host, List<Integer> gpus) {
        var node = plan.cluster().node(host);
        var ids = org.topoplanner.allocator.ClusterIndex.of(plan.cluster()).cpuIdsOf(host);
        List<Integer> cores = new ArrayList<>();
        for (int g : gpus) {
            node.gpu(g).ifPresent(gpu -> node.coreList().stream()
                    .filter(c -> gpu.cpus().containsAll(c.pus()) && !cores.contains(c.id()))
                    .findFirst().ifPresent(c -> cores.add(c.id())));
        }
        return ids.cpusOfCores(cores);
    }
}
