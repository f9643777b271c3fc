package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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
 */
public final class PlacementAdvisor {
    private final PlacementValidator validator = new PlacementValidator();

    public Advice suggest(Plan plan, JobRequest request, DropTarget target, PolicyChoice choice) {
        PlacementPolicy policy = choice.create();
        ClusterState others = plan.stateWithout(request.name());
        if (target instanceof DropTarget.OnGpus g) {
            Placement p = new Placement(request.name(), List.of(new HostAllocation(g.host(), g.gpus(),
                    coresFor(plan, g.host(), g.gpus()), java.util.Map.of())));
            return check(plan, request, p, choice);
        }
        ClusterState asked = others;
        JobRequest r = request;
        if (target instanceof DropTarget.OnSwitch s) {
            asked = confine(plan, others, s.name());
        } else if (target instanceof DropTarget.OnHost h) {
            r = request.withNodelist(List.of(h.name()));
        }
        Suggestion s;
        try {
            s = policy.suggest(asked, r);
        } catch (RuntimeException e) {
            // A policy bug must not take the window down mid-drag; it shows as a red ghost with the reason.
            return Advice.impossible(choice.id() + " failed: " + e.getMessage());
        }
        if (s instanceof Suggestion.Placed p) {
            return withChecks(plan, request, p.placement(), others, SuggestionSentence.reason(s), choice);
        }
        if (s instanceof Suggestion.Waiting w) {
            return withChecks(plan, request, w.placement(), others, SuggestionSentence.reason(s), choice);
        }
        return Advice.impossible(SuggestionSentence.reason(s));
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
        PlacementMetrics metrics = PlacementMetrics.of(others.with(placement), placement);
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
