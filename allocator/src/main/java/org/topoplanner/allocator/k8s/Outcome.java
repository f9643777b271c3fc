package org.topoplanner.allocator.k8s;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.topoplanner.allocator.PendingReason;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * What a Kubernetes scheduler and the kubelets did with a job's pods: every pod bound to a node with its
 * kubelet's answer, and the pods left pending with the scheduler's reason.
 *
 * @param job           the job
 * @param requestedPods the pods the job asked for
 * @param bound         pods bound to nodes, in binding order, each admitted or rejected by its kubelet
 * @param pending       pods the scheduler could not bind
 * @param why           the scheduler's message for the pending pods ({@code 0/32 nodes are available: ...}),
 *                      empty when none pend
 * @param notes         how the scheduler chose, in sentences
 */
public record Outcome(String job, int requestedPods, List<Admission> bound, int pending, String why,
                      List<String> notes) {
    public Outcome {
        Objects.requireNonNull(job, "job");
        bound = List.copyOf(bound);
        notes = List.copyOf(notes);
    }

    public List<Admission.Rejected> rejected() {
        return bound.stream().filter(a -> a instanceof Admission.Rejected).map(a -> (Admission.Rejected) a).toList();
    }

    /** The admitted pods merged per host (several pods on one node add up), hosts in binding order. */
    public Placement placement() {
        Map<String, HostAllocation> byHost = new LinkedHashMap<>();
        for (Admission a : bound) {
            if (a instanceof Admission.Admitted ok) {
                HostAllocation h = ok.allocation();
                byHost.merge(h.host(), h, (x, y) -> {
                    List<Integer> gpus = new ArrayList<>(x.gpus());
                    gpus.addAll(y.gpus());
                    CpuSet cpus = x.cpus().union(y.cpus());
                    Map<Integer, String> nics = new LinkedHashMap<>(x.nicByGpu());
                    nics.putAll(y.nicByGpu());
                    return new HostAllocation(x.host(), gpus, cpus, nics);
                });
            }
        }
        return new Placement(job, List.copyOf(byHost.values()));
    }

    /**
     * The outcome as a {@link Suggestion}. Every pod admitted: {@code Placed}. Some pods bound and
     * admitted but others pending or rejected: {@code Placed} with what runs, and notes naming each
     * rejected pod ({@code TopologyAffinityError}: the pod was scheduled, then failed at admission) and
     * the pending ones ({@code GANG_INCOMPLETE}). Nothing runs: {@code Pending}, with the same reasons.
     */
    public Suggestion toSuggestion() {
        List<String> all = new ArrayList<>(notes);
        for (Admission.Rejected r : rejected()) {
            all.add(r.reason() + ": pod " + r.pod() + " was bound to " + r.host() + " and rejected by its kubelet: "
                    + r.message());
        }
        int running = (int) bound.stream().filter(a -> a instanceof Admission.Admitted).count();
        if (pending > 0) {
            all.add(pending + " of " + requestedPods + " pods pending (Unschedulable): " + why);
        }
        if (running < requestedPods && running > 0) {
            all.add("GANG_INCOMPLETE: " + running + " of " + requestedPods + " pods run; nothing holds the rest back");
        }
        if (running == 0) {
            return new Suggestion.Pending(PendingReason.RESOURCES, String.join("; ", all));
        }
        return new Suggestion.Placed(placement(), all);
    }
}
