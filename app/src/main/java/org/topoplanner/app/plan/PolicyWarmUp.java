package org.topoplanner.app.plan;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * Lets every policy make its tables before the user asks, off the FX thread: once per cluster right after an
 * import ({@link #prepare(Cluster)}), and for the plan's running state after each edit ({@link #prepare(Plan,
 * PolicyOptions)}). The every-policy table asks each policy about a job on the plan's state without that job;
 * the tables it reads there (each policy's free capacity per domain, the checks' eligible hosts and
 * fragmentation) are updated from the newest ones made under the same key for the hosts that differ. Without the
 * plan's warm-up the newest were the idle cluster's, so the first question on a plan of 38 jobs of 256 hosts
 * recounted 9,472 hosts in every table (a second of CPU at 16,384 hosts); with it they are the plan's own, and
 * the state without one job differs from them on that job's hosts only.
 */
public final class PolicyWarmUp {
    /** Job shapes warmed per plan: the window asks about one selected job at a time, most plans have few shapes. */
    private static final int SHAPES = 3;
    private static final String NAME = "warm-up";

    private PolicyWarmUp() {
    }

    /**
     * Each policy's answer for a one-GPU job on the idle cluster, in catalog order, judged as the window judges a
     * suggestion (checks and metrics included, whose per-cluster tables are made too); a policy that threw gives
     * an impossible answer with the error, so a broken policy shows here and not only on the user's first
     * question. A cluster without GPUs is left alone (every policy's tables are built for GPU jobs).
     */
    public static Map<PolicyId, Advice> prepare(Cluster cluster) {
        if (cluster.gpuCount() == 0) {
            return new LinkedHashMap<>();
        }
        Plan idle = Plan.of(cluster);
        Map<PolicyId, Advice> oneGpu = everyPolicy(idle, JobRequest.nodesWithGpus(NAME, 1, 1), PolicyOptions.DEFAULT, () -> true);
        everyPolicy(idle, manyNodes(cluster), PolicyOptions.DEFAULT, () -> true);
        return oneGpu;
    }

    /**
     * A job of many whole nodes (a 16th of the hosts with the most GPUs, 2 to 64 of them), asked of every policy
     * after the one-GPU job: the window's first question is about a placed job, often of hundreds of nodes, and
     * every policy's, check's and metric's loop over the job's hosts ran interpreted then (the one-GPU job never
     * enters them), while the JIT compiled them beside the rows on the 2 cores. At 16,384 hosts this adds about
     * 0.3 CPU-s to the warm-up after an import and takes about 0.1 CPU-s off the first question's rows.
     */
    static JobRequest manyNodes(Cluster cluster) {
        java.util.Map<Integer, Integer> hostsByGpus = new java.util.TreeMap<>();
        cluster.hostNames().forEach(h -> hostsByGpus.merge(cluster.node(h).gpus().size(), 1, Integer::sum));
        int gpus = ((java.util.TreeMap<Integer, Integer>) hostsByGpus).lastKey();
        int nodes = Math.max(2, Math.min(64, hostsByGpus.get(gpus) / 16));
        return JobRequest.nodesWithGpus(NAME, nodes, gpus);
    }

    /**
     * Every policy asked, under {@code settings}, about each of the first few distinct shapes of the plan's
     * placed jobs on the plan's whole running state, so that the tables of that state exist when the window asks
     * about one of those jobs without it. Returns the answers of the last shape asked (empty when no job is
     * placed), each as {@link #prepare(Cluster)} gives them.
     */
    public static Map<PolicyId, Advice> prepare(Plan plan, PolicyOptions settings) {
        return prepare(plan, settings, () -> true);
    }

    /**
     * As {@link #prepare(Plan, PolicyOptions)}, asking {@code wanted} before each policy and stopping when it says
     * no: once the user asks about a job, the rows make the tables they need themselves (waiting for any the
     * warm-up is making), and the warm-up's own answers would only take CPU from them.
     */
    public static Map<PolicyId, Advice> prepare(Plan plan, PolicyOptions settings, BooleanSupplier wanted) {
        Set<JobRequest> shapes = new LinkedHashSet<>();
        for (String job : plan.placements().keySet()) {
            if (shapes.size() == SHAPES) {
                break;
            }
            if (plan.job(job).isPresent()) {
                shapes.add(plan.request(job).withName(NAME));
            }
        }
        Map<PolicyId, Advice> last = new LinkedHashMap<>();
        for (JobRequest shape : shapes) {
            last = everyPolicy(plan, shape, settings, wanted);
        }
        return last;
    }

    private static Map<PolicyId, Advice> everyPolicy(Plan plan, JobRequest job, PolicyOptions settings,
                                                     BooleanSupplier wanted) {
        PlacementAdvisor advisor = new PlacementAdvisor();
        Map<PolicyId, Advice> out = new LinkedHashMap<>();
        List<PolicyId> policies = PolicyCatalog.policies();
        for (PolicyId id : policies) {
            if (!wanted.getAsBoolean()) {
                break;
            }
            Advice a;
            try {
                a = advisor.suggest(plan, job, DropTarget.ANYWHERE, new PolicyChoice(id, settings));
            } catch (RuntimeException e) {
                a = Advice.impossible("warm-up failed: " + e);
            }
            out.put(id, a);
        }
        return out;
    }
}
