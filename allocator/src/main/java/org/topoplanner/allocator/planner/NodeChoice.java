package org.topoplanner.allocator.planner;

import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.topoplanner.allocator.NodeShape;

/**
 * The best use of one node for one job: the GPUs (as {@link NodeShape} positions), the cores
 * (Slurm numbering), each GPU's NIC, and the quality vector it was chosen by ({@link NodeFit}).
 *
 * @param gpus    chosen GPU positions
 * @param cores   chosen cores; do not modify
 * @param nics    for each chosen position, the NIC position it should use (-1: the node lists no NIC)
 * @param quality {@link NodeFit#QUALITY} entries, smaller is better
 */
public record NodeChoice(long gpus, BitSet cores, int[] nics, long[] quality) {

    /** GPU index to NIC id, for {@code HostAllocation.nicByGpu}. */
    public Map<Integer, String> nicByGpu(NodeShape shape) {
        Map<Integer, String> out = new LinkedHashMap<>();
        for (int g = 0; g < shape.gpus(); g++) {
            if ((gpus & (1L << g)) != 0 && nics[g] >= 0) {
                out.put(shape.gpuIndex(g), shape.nicId(nics[g]));
            }
        }
        return out;
    }
}
