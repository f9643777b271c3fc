package org.topoplanner.importers.nvsmi;

import java.util.ArrayList;
import java.util.List;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;

/**
 * Renders a node as {@code nvidia-smi topo -m} prints it (driver 535+ layout): tab-separated, the
 * diagonal as {@code " X "}, {@code CPU Affinity}, {@code NUMA Affinity} and, after two tabs,
 * {@code GPU NUMA ID}, then the legend and the {@code NIC Legend}. Unknown affinity is written as
 * an empty CPU cell and {@code N/A}, as the driver does. {@link NvidiaSmiTopoReader} reads it back
 * to the same node.
 */
public final class NvidiaSmiTopoWriter {
    private static final String LEGEND = """
            Legend:

              X    = Self
              SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
              NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
              PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
              PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
              PIX  = Connection traversing at most a single PCIe bridge
              NV#  = Connection traversing a bonded set of # NVLinks
            """;

    /** The matrix alone, as in a paste that does not name its host. */
    public String write(NodeTopology node) {
        StringBuilder out = new StringBuilder();
        List<String> ids = node.deviceIds();
        for (String id : ids) {
            out.append('\t').append(id);
        }
        out.append("\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n");
        for (String row : ids) {
            out.append(row);
            for (String column : ids) {
                out.append('\t').append(row.equals(column) ? " X " : cell(node, row, column));
            }
            Gpu gpu = node.gpu(row).orElse(null);
            if (gpu != null) {
                out.append('\t').append(gpu.cpus().toString())
                        .append('\t').append(gpu.numaNodes().isEmpty() ? "N/A" : CpuSet.of(gpu.numaNodes()).toString())
                        .append("\t\t").append(gpu.memoryNuma() == null ? "N/A" : gpu.memoryNuma().toString());
            } else {
                out.append("\t\t\t\t");
            }
            out.append('\n');
        }
        out.append('\n').append(LEGEND);
        List<String> legend = new ArrayList<>();
        for (Nic nic : node.nics()) {
            if (nic.device() != null) {
                legend.add("  " + nic.id() + ": " + nic.device());
            }
        }
        if (!legend.isEmpty()) {
            out.append("\nNIC Legend:\n\n");
            legend.forEach(l -> out.append(l).append('\n'));
        }
        return out.toString();
    }

    /** The matrix under a shell prompt that names the host, so that the host survives a round trip. */
    public String write(String host, NodeTopology node) {
        return ShellPrompt.line(host, "nvidia-smi topo -m") + "\n" + write(node);
    }

    private static String cell(NodeTopology node, String a, String b) {
        return node.link(a, b).map(l -> l.token()).orElse("N/A");
    }
}
