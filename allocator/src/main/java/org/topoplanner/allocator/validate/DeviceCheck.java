package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.cpu.SlurmCpuIds;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.node.NodeTopology;

/**
 * The devices named on each host: GPU indices, CPU ids (Slurm's abstract ids, see {@link SlurmCpuIds}) and
 * NICs the node has, and GPUs of the type the request asks for. All errors: no scheduler hands out a device
 * that does not exist or is of another type.
 */
final class DeviceCheck implements PlacementCheck {

    @Override
    public List<Violation> check(CheckContext c) {
        List<Violation> out = new ArrayList<>();
        for (HostAllocation a : c.knownAllocations()) {
            String h = a.host();
            NodeTopology node = c.cluster.node(h);
            List<Integer> missing = a.gpus().stream().filter(i -> node.gpu(i).isEmpty()).toList();
            if (!missing.isEmpty()) {
                out.add(Violation.of(ViolationCode.UNKNOWN_GPU, Severity.ERROR, Elements.gpuElements(h, missing),
                        h + " has no " + Elements.gpus(missing) + " (it has " + node.gpus().size() + " GPUs)"));
            }
            SlurmCpuIds ids = ClusterIndex.of(c.cluster).cpuIdsOf(h);
            CpuSet beyond = a.cpus().minus(CpuSet.range(0, ids.cpus() - 1));
            if (!beyond.isEmpty()) {
                out.add(Violation.of(ViolationCode.UNKNOWN_CPU, Severity.ERROR, List.of(h),
                        h + " has no CPU " + beyond + " (its CPU ids are 0-" + (ids.cpus() - 1) + ")"));
            }
            for (Map.Entry<Integer, String> e : a.nicByGpu().entrySet()) {
                if (node.nic(e.getValue()).isEmpty()) {
                    out.add(Violation.of(ViolationCode.UNKNOWN_NIC, Severity.ERROR,
                            List.of(h, Elements.nic(h, e.getValue())),
                            h + " has no NIC " + e.getValue() + " (given to GPU " + e.getKey() + ")"));
                } else if (!a.gpus().contains(e.getKey())) {
                    out.add(Violation.of(ViolationCode.UNKNOWN_NIC, Severity.ERROR,
                            List.of(h, Elements.nic(h, e.getValue())),
                            h + " " + e.getValue() + " is given to GPU " + e.getKey()
                                    + ", which the placement does not hold there"));
                }
            }
            if (c.request.gpuType() != null) {
                GresTypes types = GresTypes.of(c.cluster, h);
                for (int i : a.gpus()) {
                    if (node.gpu(i).isPresent() && !types.matches(i, c.request.gpuType()).orElse(true)) {
                        out.add(Violation.of(ViolationCode.GPU_TYPE, Severity.ERROR, List.of(h, Elements.gpu(h, i)),
                                h + " GPU " + i + " is " + types.describe(i) + ", not the requested type "
                                        + c.request.gpuType()));
                    }
                }
            }
        }
        return out;
    }
}
