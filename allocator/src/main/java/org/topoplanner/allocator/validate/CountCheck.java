package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.PodShape;

/**
 * Counts against the request: too few nodes or GPUs is a partial gang ({@code GANG_INCOMPLETE}: the job
 * cannot start until all of it is placed), too many nodes or GPUs, or too few CPUs on a node, is a
 * placement the scheduler would never make. All errors. Hosts the cluster lacks are not counted.
 * An {@code --exclusive} job may hold more GPUs than it asked for (it holds the whole node).
 * Under a scheduler that runs a job once its gang is placed ({@link GangRule.AtLeast}, Volcano's
 * {@code minAvailable}), fewer pods than the job's are an error only below the gang, and a warning at or
 * above it (the other pods stay Pending). Under the default kube-scheduler ({@link GangRule.OneByOne})
 * fewer pods stay an error, said as what happens: the pods placed run, the others stay Pending.
 */
final class CountCheck implements PlacementCheck {
    private static final String ONE_BY_ONE =
            "the default scheduler has no gang, it binds pods one by one: those placed run, the other ";

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        JobDemand d = c.demand;
        List<HostAllocation> hosts = c.knownAllocations();
        int n = hosts.size();
        Integer gang = c.options.gang() instanceof GangRule.AtLeast a ? a.pods() : null;
        PodShape shape = gang == null ? null : c.request.podShape();
        int gangNodes = shape != null && shape.onePerNode() ? Math.min(d.minNodes(), gang) : d.minNodes();
        if (n < gangNodes && c.options.gang() instanceof GangRule.OneByOne) {
            out.add(Violation.of(ViolationCode.GANG_INCOMPLETE, Severity.ERROR, c.knownHostNames(),
                    c.job() + " runs on " + Elements.count(n, "node") + " of the " + d.minNodes() + " it asks for: "
                            + ONE_BY_ONE + (d.minNodes() - n) + " stay Pending"));
        } else if (n < gangNodes) {
            out.add(Violation.of(ViolationCode.GANG_INCOMPLETE, Severity.ERROR, c.knownHostNames(),
                    c.job() + " is placed on " + Elements.count(n, "node") + " of the " + gangNodes
                            + (gangNodes < d.minNodes() ? " its gang (minMember) needs" : " it asks for")
                            + "; the job starts only when all are placed"));
        }
        if (d.maxNodes() != null && n > d.maxNodes()) {
            out.add(Violation.of(ViolationCode.NODE_COUNT, Severity.ERROR, c.knownHostNames(),
                    c.job() + " is placed on " + n + " nodes, more than the " + d.maxNodes() + " it allows (-N)"));
        }
        int total = 0;
        for (HostAllocation a : hosts) {
            int g = a.gpus().size();
            total += g;
            String h = a.host();
            if (d.gpusPerNode() > 0 && g < d.gpusPerNode()) {
                out.add(Violation.of(ViolationCode.GANG_INCOMPLETE, Severity.ERROR, Elements.gpuElements(h, a.gpus()),
                        h + " gives " + c.job() + " " + Elements.count(g, "GPU") + " of the "
                                + d.gpusPerNode() + " it asks for per node"));
            }
            if (!c.request.exclusive() && g > 0 && (!d.asksForGpus() || (d.gpusPerNode() > 0 && g > d.gpusPerNode()))) {
                String asked = d.asksForGpus() ? "the " + d.gpusPerNode() + " per node it asks for" : "none asked for";
                out.add(Violation.of(ViolationCode.GPU_COUNT, Severity.ERROR, Elements.gpuElements(h, a.gpus()),
                        h + " gives " + c.job() + " " + Elements.count(g, "GPU") + ", more than " + asked));
            }
            int need = d.cpusNeeded(g);
            if (a.cpus().size() < need) {
                out.add(Violation.of(ViolationCode.CPU_COUNT, Severity.ERROR, List.of(h),
                        h + " gives " + c.job() + " " + Elements.count(a.cpus().size(), "CPU") + "; it needs " + need
                                + " there"
                                + cpuReason(c, g)));
            }
        }
        int gangGpus = shape != null && !shape.onePerNode()
                ? Math.min(d.gpusTotal(), gang * shape.gpusPerPod()) : d.gpusTotal();
        if (shape != null) {
            partialGang(c, shape, gang, n, total).ifPresent(out::add);
        }
        if (gangGpus < d.gpusTotal() && total < gangGpus) {
            out.add(Violation.of(ViolationCode.GANG_INCOMPLETE, Severity.ERROR, c.knownHostNames(),
                    c.job() + " gets " + Elements.count(total, "GPU") + " of the " + gangGpus
                            + " its gang (minMember) needs"));
        } else if (gangGpus == d.gpusTotal() && d.gpusTotal() > 0 && total < d.gpusTotal()) {
            out.add(Violation.of(ViolationCode.GANG_INCOMPLETE, Severity.ERROR, c.knownHostNames(),
                    c.job() + " gets " + Elements.count(total, "GPU") + " of the " + d.gpusTotal() + " it asks for"
                            + (c.options.gang() instanceof GangRule.OneByOne
                            ? ": " + ONE_BY_ONE + "pods without a node stay Pending" : "")));
        }
        if (d.gpusTotal() > 0 && total > d.gpusTotal() && !c.request.exclusive()) {
            out.add(Violation.of(ViolationCode.GPU_COUNT, Severity.ERROR, c.knownHostNames(),
                    c.job() + " gets " + total + " GPUs, more than the " + d.gpusTotal() + " it asks for (--gpus)"));
        }
        return out;
    }

    /**
     * The warning for a job run with at least its gang but fewer than all its pods: pods counted as hosts
     * (one per node) or as GPUs per pod; nothing when they cannot be counted (pods without GPUs sharing nodes).
     */
    private static Optional<Violation> partialGang(CheckContext c, PodShape shape, int gang, int hosts, int gpus) {
        int pods = shape.onePerNode() ? hosts : shape.gpusPerPod() > 0 ? gpus / shape.gpusPerPod() : -1;
        if (pods < gang || pods >= shape.pods()) {
            return Optional.empty();
        }
        return Optional.of(Violation.of(ViolationCode.GANG_INCOMPLETE, Severity.WARNING,
                c.knownHostNames(), c.job() + " runs " + pods + " of its " + shape.pods()
                        + " pods, at least its gang (minMember " + gang
                        + "); the other " + (shape.pods() - pods) + " stay Pending"));
    }

    private static String cpuReason(CheckContext c, int gpus) {
        JobDemand d = c.demand;
        List<String> why = new ArrayList<>();
        if (d.cpusPerGpu() != null) {
            why.add("--cpus-per-gpu=" + d.cpusPerGpu() + " x " + gpus + " GPUs");
        }
        if (d.ntasksPerNode() != null) {
            why.add("--ntasks-per-node=" + d.ntasksPerNode() + " x " + d.cpusPerTask() + " CPUs per task");
        }
        return why.isEmpty() ? "" : " (" + String.join(", ", why) + ")";
    }
}
