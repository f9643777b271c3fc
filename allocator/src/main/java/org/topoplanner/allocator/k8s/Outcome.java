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
 * @param gang          the pods that must run for the job to run at all: the whole job under Kueue and
 *                      coscheduling, Volcano's {@code minAvailable}, 1 under the default scheduler (no gang)
 */
public record Outcome(String job, int requestedPods, List<Admission> bound, int pending, String why,
                      List<String> notes, int gang) {
    public Outcome {
        Objects.requireNonNull(job, "job");
        bound = List.copyOf(bound);
        notes = List.copyOf(notes);
        if (gang < 1 || gang > Math.max(1, requestedPods)) {
            throw new IllegalArgumentException("gang " + gang + " must be from 1 to the " + requestedPods + " pods");
        }
    }

    /** An outcome whose gang is every pod asked for (all or nothing). */
    public Outcome(String job, int requestedPods, List<Admission> bound, int pending, String why, List<String> notes) {
        this(job, requestedPods, bound, pending, why, notes, Math.max(1, requestedPods));
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
     * the pending ones. Fewer pods run than the job has: {@code GANG_INCOMPLETE} when fewer than the gang
     * run, or when there is no gang to hold the rest (the default scheduler binds pods one by one); a
     * note that the gang is met when at least {@link #gang} run. Nothing runs: {@code Pending}, with the
     * same reasons.
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
            all.add(shortfall(running));
        }
        if (running == 0) {
            return new Suggestion.Pending(PendingReason.RESOURCES, String.join("; ", all));
        }
        return new Suggestion.Placed(placement(), all);
    }

    /** The sentence for {@code running} pods of fewer than all. */
    private String shortfall(int running) {
        int rest = requestedPods - running;
        String runs = running + " of " + requestedPods + " pods run (on " + String.join(",", placement().hostNames())
                + "), the other " + rest + " stay Pending";
        if (gang == 1) {
            return "GANG_INCOMPLETE: no gang holds the job's pods together; the scheduler bound them one by one: "
                    + runs;
        }
        if (running >= gang) {
            return "gang met (minAvailable " + gang + "): " + runs + " until they fit";
        }
        return "GANG_INCOMPLETE: " + runs + "; the gang needs " + gang;
    }
}
