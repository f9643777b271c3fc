package org.topoplanner.allocator.planner;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.planner.PlannerPolicy.Plan;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The planner's texts on its own answers: why it does not search a request {@code slurm-tree} alone emulates, the
 * notes beside a placement, and why a job waits where Slurm's binding or its first test rules the nodes out. The
 * texts on the settings' limits are {@link LimitTexts}'; those on the cluster's fit, {@link Explanation}'s.
 */
final class AnswerTexts {
    private AnswerTexts() {
    }

    /**
     * The planner's refusal of a request whose layout {@code slurm-tree} alone emulates ({@code --gpus-per-socket},
     * {@code -m plane}, {@code -O}), or {@code null} when the planner searches it.
     */
    static Suggestion.Impossible notSearched(JobRequest request) {
        if (request.gpusPerSocket() != null) {
            // slurm-tree emulates Slurm's answer (PROVENANCE g12c); the planner's search has no per-socket GPU count,
            // and a placement without it could be one Slurm refuses (g9b s3, sb7a s10)
            return new Suggestion.Impossible("--gpus-per-socket is emulated by slurm-tree only; the planner does not"
                    + " search placements for it");
        }
        if (request.distribution() != null && request.distribution().planeSize() != null) {
            // slurm-tree emulates Slurm's plane layout (PlaneTasks), which may fail a job its nodes hold
            // (ESLURM_BAD_TASK_COUNT in 24.11/26.05); the planner's search knows no planes
            return new Suggestion.Impossible("-m " + request.distribution().spelling() + " is emulated by slurm-tree"
                    + " only; the planner does not search placements for it");
        }
        if (request.overcommit()) {
            // slurm-tree lays an -O job out one task per node with -n still bounding its nodes (Overcommit); the
            // planner's search counts every task's CPUs, so it would refuse or misplace what Slurm starts
            return new Suggestion.Impossible("-O/--overcommit is emulated by slurm-tree only; the planner does not"
                    + " search placements for it");
        }
        if (request.nodeChoice().any()) {
            // slurm-tree and slurm-block emulate which nodes Slurm gives these jobs (NodeChoiceEvaluation, a -N range's
            // pick by its minimum); the planner's search optimises the topology, which these flags set aside
            return new Suggestion.Impossible(String.join(" ", request.nodeChoice().options()) + " is emulated by"
                    + " slurm-tree and slurm-block only; the planner does not search placements for it");
        }
        return null;
    }

    /**
     * The notes beside the planner's own optimum: the NVLink domains it was kept in ({@code null} when it was not),
     * its score, its leaves.
     */
    static List<String> placed(Plan p, Integer nvlinkDomains) {
        List<String> notes = new ArrayList<>();
        if (nvlinkDomains != null) {
            notes.add(nvlinkDomains == 1 ? "kept inside one NVLink domain (its ring stays on NVLink), though the fabric"
                    + " score alone would span several" : "kept inside the fewest NVLink domains, " + nvlinkDomains
                    + ", though the fabric score alone would span more");
        }
        notes.add("score: " + p.score());
        if (!p.leaves().isEmpty()) {
            notes.add("leaves " + String.join(",", p.leaves()));
        }
        return notes;
    }

    /** The note beside Slurm's uneven split taken on fewer leaves than any even split. */
    static String unevenOnFewerLeaves(String shares, SlurmVersion slurm) {
        return "split unevenly (" + shares + ") as Slurm " + slurm.label()
                + " splits it: on fewer leaves than any even split";
    }

    /** The note beside Slurm's uneven split taken where no even split fits now. */
    static String unevenWhereNoEvenSplitFits(String shares, SlurmVersion slurm) {
        return "split unevenly (" + shares + ") as Slurm " + slurm.label() + " splits it: no even split fits now";
    }

    /** Why a job waits that 22.05's first test ({@code _job_test}'s test 0, every core free) fails in this state. */
    static String failsWithEveryCoreFree(SlurmVersion slurm) {
        return "Slurm " + slurm.label() + " first tests the job with every core free and the memory and GPUs held as"
                + " now (_job_test's test 0), and it fails there, so the job waits whatever the free cores would give"
                + " (Reason=Resources)";
    }

    /** Why a job waits whose {@code -w} names node {@code host}, which Slurm's core selection refuses now. */
    static String namedNodeUnbound(String host, JobRequest job, SlurmVersion slurm) {
        return "-w " + host + ": Slurm " + slurm.label()
                + (LimitTexts.bindsToGpus(job) ? " binds the job's CPUs to its GPUs' sockets, and the free cores of"
                + " that node's sockets cannot now hold them" : "'s core selection finds too few free whole"
                + " cores there") + " (Reason=Resources there too)";
    }
}
