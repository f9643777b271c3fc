package org.topoplanner.allocator.replay;

import java.util.List;
import java.util.Set;

/**
 * A pending job the pass does not look at: its reason is {@code ReqNodeNotAvail} ({@code WAIT_NODE_NOT_AVAIL}, in
 * any wording) and one of its {@code -w} nodes is out of the pass. {@code schedule()} ({@code slurmctld/job_scheduler.c},
 * 22.05.8, 24.11.5 and 26.05.5 alike) tests this right after the blocked partition ({@code _failed_partition}, {@code
 * PART_FLAG_SCHED_FAILED}) and before the partition's node count ("Nodes required for job are DOWN, DRAINED or
 * reserved for jobs in higher priority partitions") and {@code select_nodes}: {@code if ((job_ptr->state_reason ==
 * WAIT_NODE_NOT_AVAIL) && job_ptr->details->req_node_bitmap && !bit_super_set(req_node_bitmap,
 * avail_node_bitmap)) continue;}. So the job keeps its reason text (the nodes an earlier pass named, in 22.05),
 * blocks no partition, and takes no node out. Own case featfz8 f50 ({@code -w b2 -p fat,all}, waiting ReqNodeNotAvail
 * since its submission): in the last pass fat and mix are blocked and its fat record took b2 out, so its all record,
 * with no node of all left, is skipped, where the emulation worded it "Nodes required ..." and blocked all; f64
 * ({@code -N2}, all) behind it then gets that text (real final lines, all three releases).
 */
final class RequiredNodesStillOut {
    private RequiredNodesStillOut() {
    }

    /** Whether the pass skips a job of {@code reason} naming {@code nodelist} while {@code out} are out of it. */
    static boolean skips(String reason, List<String> nodelist, Set<String> out) {
        return reason != null && reason.startsWith("ReqNodeNotAvail") && nodelist.stream().anyMatch(out::contains);
    }
}
