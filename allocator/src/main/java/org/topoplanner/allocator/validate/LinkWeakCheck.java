package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.metrics.NodeMetrics;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.NodeTopology;

/**
 * {@code GPU_LINK_WEAK} (warning): a node's GPUs for the job cannot form a ring over NVLink alone, so some
 * step goes over PCIe or across sockets, while as many free GPUs of that node could ({@link NvlinkSets}).
 * Slurm 24.11's inverted {@code Links} preference produces exactly this.
 */
final class LinkWeakCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        for (HostAllocation a : c.knownAllocations()) {
            NodeTopology node = c.cluster.node(a.host());
            int k = a.gpus().size();
            if (k < 2 || a.gpus().stream().anyMatch(i -> node.gpu(i).isEmpty())
                    || RingAnswers.of(c.cluster).formsRing(node, a.gpus())) {
                continue;
            }
            Optional<List<Integer>> better = NvlinkSets.find(node, c.state.freeGpus(a.host()), k);
            if (better.isPresent()) {
                String slow = NodeMetrics.of(node, a).ringBottleneck();
                out.add(Violation.of(ViolationCode.GPU_LINK_WEAK, Severity.WARNING,
                        Elements.gpuElements(a.host(), a.gpus()),
                        a.host() + " " + Elements.gpus(a.gpus()) + " cannot form an NVLink ring (slowest step "
                                + slow + "), while free " + Elements.gpus(better.get()) + " are joined by NVLink"));
            }
        }
        return out;
    }
}
