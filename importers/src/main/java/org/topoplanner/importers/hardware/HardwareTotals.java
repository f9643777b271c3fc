package org.topoplanner.importers.hardware;

import java.util.Collection;
import org.topoplanner.importers.merge.NodeInsides;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.NodeTopology;

/**
 * What a cluster adds up to: hosts, those with and without hardware, GPUs, cores and CPUs (hardware
 * threads, as Slurm counts CPUs; a node that gives no thread count counts its cores).
 */
public record HardwareTotals(int hosts, int described, int gpus, long cores, long cpus) {

    public static HardwareTotals of(Cluster cluster) {
        return of(cluster, cluster.hostNames());
    }

    /** The totals of some of the cluster's hosts (a group, a selection). */
    public static HardwareTotals of(Cluster cluster, Collection<String> hostNames) {
        int hosts = 0;
        int described = 0;
        int gpus = 0;
        long cores = 0;
        long cpus = 0;
        for (String h : hostNames) {
            NodeTopology n = cluster.node(h);
            hosts++;
            if (!NodeInsides.isUnknown(n)) {
                described++;
            }
            gpus += n.gpus().size();
            int c = n.cores() == null ? 0 : n.cores();
            cores += c;
            cpus += n.threads() == null ? c : n.threads();
        }
        return new HardwareTotals(hosts, described, gpus, cores, cpus);
    }

    public int withoutHardware() {
        return hosts - described;
    }

    /** "4096 hosts, 32768 GPUs, 458752 cores, 917504 CPUs". */
    @Override
    public String toString() {
        return hosts + " hosts, " + gpus + " GPUs, " + cores + " cores, " + cpus + " CPUs"
                + (withoutHardware() == 0 ? "" : " (" + withoutHardware() + " hosts without hardware)");
    }
}
