package org.topoplanner.app.whatif;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.metrics.BandwidthModel;
import org.topoplanner.allocator.whatif.QueueDiscipline;
import org.topoplanner.allocator.whatif.SlowdownModel;

/**
 * What a what-if models and on what it rests: shown beside the charts in the window and the report, so a
 * figure is never read without its assumptions.
 */
public final class ModelNotes {
    private ModelNotes() {
    }

    /** How each policy's behaviour was obtained. */
    public static String provenance(PolicyId p) {
        return switch (p) {
            case SLURM_TREE, SLURM_BLOCK -> "emulated and checked against real Slurm runs (22.05, 24.11, 26.05) kept"
                    + " in the project's oracle cases";
            case K8S_DEFAULT, KUEUE_TAS, VOLCANO -> "emulated from the project's documentation and source; not"
                    + " checked against a running scheduler in this project";
            case PLANNER -> "the product's own optimum (no real scheduler): also the reference for the slowdown";
        };
    }

    /** The modelled quantities with their constants and sources, as sentences. */
    public static List<String> model(SlowdownModel slowdown, QueueDiscipline discipline) {
        return List.of(
                "Run times are the recorded ones (sacct End - Start, the generator's draw, or a script's time from"
                        + " submission to cancel) and are never stretched: the schedule is the workload's, and the"
                        + " slowdown is reported beside it.",
                "Ring all-reduce bus bandwidth: the slowest step of a ring through the job's GPUs (nccl-tests'"
                        + " bus bandwidth). Inside a node: NVLink " + BandwidthModel.NVLINK4_LINK_GBPS
                        + " GB/s per link and direction for NVLink 4 (NVIDIA H100 whitepaper), PCIe x16 per generation"
                        + " after 128b/130b encoding (PCI-SIG), NCCL's 6/5 overhead through a CPU root complex. Across"
                        + " nodes: the host's cable rate divided by the oversubscription of every switch climbed"
                        + " below the common switch (busy-fabric estimate). All constants: allocator BandwidthModel.",
                "Slowdown = (1 - c) + c x best / got, c = " + slowdown.communicationShare() + " (an assumption: the"
                        + " share of run time in all-reduce at the best bandwidth, not a measurement); best = the"
                        + " planner's placement of the same shape on the empty design; at least 1.",
                "NVLink domains: the model knows NVLink only inside a node, so a job spans as many NVLink domains as"
                        + " hosts (0 when its GPUs have no NVLink).",
                "Stranded GPUs: free GPUs on partly used nodes, which no whole-node job can use.",
                "Queue discipline: " + describe(discipline) + " Greedy and backfill passes look at 100 jobs past the"
                        + " head (Slurm's default_queue_depth).",
                "A job the policy cannot place even on the idle design is recorded as never run and does not hold"
                        + " the queue.");
    }

    /** Every policy id with its provenance, in catalog order. */
    public static Map<String, String> provenance(List<PolicyId> policies) {
        Map<String, String> out = new LinkedHashMap<>();
        policies.forEach(p -> out.put(p.id(), provenance(p)));
        return out;
    }

    static String describe(QueueDiscipline d) {
        return switch (d) {
            case FIFO -> "FIFO: the first job that cannot start holds every later one (Slurm sched/builtin).";
            case EASY_BACKFILL -> "EASY backfill (Lifka 1995; Mu'alem and Feitelson 2001): the head gets a"
                    + " reservation at the earliest time the policy could place it as running jobs end; a later"
                    + " job starts now only if it would end by then. End times come from the time limit when known,"
                    + " else the recorded run time.";
            case GREEDY -> "greedy: every queued job that fits starts, with no reservation (large jobs may starve).";
        };
    }
}
