package org.topoplanner.app.plan;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.app.desktop.BigFabrics;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The every-policy table's computation without the window, as {@code BigWindowBenchmark}'s table part asks it:
 * ft3-16384 with every host an HGX H100, 38 jobs of 256 whole hosts (every fifth block free), the per-cluster
 * warm-up the window runs after an import, the warm-up of the plan's state the window runs after an edit, then
 * every policy's row for two of the jobs, one after the other on this thread. Prints each row's CPU time (this
 * thread) and wall, so a change to the per-state tables shows without the window's noise. Optional: reads the
 * shared ibsim folder ({@code -Dtopoplanner.ibsim=DIR}) and is skipped, saying so, when it is not there; run
 * with {@code mvn -o -q -pl app -am test -Dtest=ComparisonTableBenchmark -Dsurefire.failIfNoSpecifiedTests=false}
 * (add {@code -Dtopoplanner.table.cold=true} through {@code headless.argLine} to skip the plan's warm-up).
 */
class ComparisonTableBenchmark {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    @Test
    void everyPolicyRowForTwoJobsAt16384Hosts() throws Exception {
        Optional<Cluster> read = BigFabrics.ft3x16384();
        assumeTrue(read.isPresent(), BigFabrics.SHARED_16384 + " is not there: this optional benchmark reads the shared ibsim fabrics");
        Cluster cluster = read.get();
        line("load average at start: %.2f", OS.getSystemLoadAverage());
        long c0 = THREADS.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        PolicyWarmUp.prepare(cluster);
        line("per-cluster warm-up: CPU %s, wall %s", ms(THREADS.getCurrentThreadCpuTime() - c0), ms(System.nanoTime() - w0));
        Plan plan = occupied(cluster, 38, 256);
        if (Boolean.getBoolean("topoplanner.table.cold")) {
            line("plan-state warm-up skipped (-Dtopoplanner.table.cold=true): the first job asked as soon as the plan is made");
        } else {
            c0 = THREADS.getCurrentThreadCpuTime();
            w0 = System.nanoTime();
            PolicyWarmUp.prepare(plan, PolicyOptions.DEFAULT);
            line("plan-state warm-up: CPU %s, wall %s", ms(THREADS.getCurrentThreadCpuTime() - c0), ms(System.nanoTime() - w0));
        }
        Thread rows = new Thread(() -> everyRow(plan), "comparison-rows"); // its own name, for profiles
        rows.start();
        rows.join();
        line("load average at end: %.2f", OS.getSystemLoadAverage());
    }

    private static void everyRow(Plan plan) {
        PolicyComparison comparison = new PolicyComparison();
        for (String job : List.of("train0", "train1", "train0")) {
            JobRequest r = plan.request(job);
            List<String> rows = new ArrayList<>();
            long all = 0;
            long wall = System.nanoTime();
            for (PolicyId id : PolicyCatalog.policies()) {
                long c = THREADS.getCurrentThreadCpuTime();
                comparison.row(plan, r, PolicyOptions.DEFAULT, id);
                long used = THREADS.getCurrentThreadCpuTime() - c;
                all += used;
                rows.add(id.id() + " " + ms(used));
            }
            line("%s: CPU %s (wall %s): %s", job, ms(all), ms(System.nanoTime() - wall), String.join(", ", rows));
        }
    }

    /** As {@code BigFabrics.occupy}, on a plan without a window: {@code jobs} jobs of {@code size} whole hosts. */
    static Plan occupied(Cluster cluster, int jobs, int size) {
        Plan plan = Plan.of(cluster);
        List<String> hosts = cluster.hostNames();
        int job = 0;
        for (int start = 0; start + size <= hosts.size() && job < jobs; start += size) {
            if ((start / size) % 5 == 4) {
                continue;
            }
            List<HostAllocation> on = new ArrayList<>();
            for (String h : hosts.subList(start, start + size)) {
                on.add(HostAllocation.of(h, List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.parse("0-111")));
            }
            String name = "train" + job++;
            plan = plan.withJob(new Job(name, JobLine.toArgs(JobRequest.nodesWithGpus(name, size, 8))), new Placement(name, on));
        }
        return plan;
    }

    private static void line(String format, Object... args) {
        System.out.println(String.format(Locale.ROOT, format, args));
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }
}
