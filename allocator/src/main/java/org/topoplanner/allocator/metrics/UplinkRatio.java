package org.topoplanner.allocator.metrics;

import java.util.HashMap;
import java.util.Map;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricNode;
import org.topoplanner.model.fabric.HostNode;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * Cable bandwidth around each switch and host, read from the cables' width and speed: a host's
 * network rate and a switch's oversubscription ratio ({@link BandwidthModel#oversubscription}).
 */
public final class UplinkRatio {
    private final Map<String, Double> down = new HashMap<>();
    private final Map<String, Double> up = new HashMap<>();
    private final Map<String, Double> hostRate = new HashMap<>();

    /** The ratios of {@code cluster}'s fabric, counted once per cluster (every cable is read). */
    public static UplinkRatio of(org.topoplanner.model.cluster.Cluster cluster) {
        return org.topoplanner.allocator.ClusterIndex.of(cluster).derived(UplinkRatio.class, c -> new UplinkRatio(c.fabric()));
    }

    public UplinkRatio(Fabric fabric) {
        for (Cable c : fabric.cables()) {
            FabricNode a = fabric.node(c.a().node()).orElseThrow();
            FabricNode b = fabric.node(c.b().node()).orElseThrow();
            double gbps = BandwidthModel.cableGBps(c);
            count(a, b, gbps);
            count(b, a, gbps);
        }
    }

    /** Adds the cable as seen from {@code self}. */
    private void count(FabricNode self, FabricNode other, double gbps) {
        if (self instanceof HostNode h) {
            if (other instanceof SwitchNode) {
                hostRate.merge(h.name(), gbps, Double::sum);
            }
        } else if (self instanceof SwitchNode s) {
            if (other instanceof HostNode || (other instanceof SwitchNode o && o.tier() < s.tier())) {
                down.merge(s.name(), gbps, Double::sum);
            } else if (other instanceof SwitchNode o && o.tier() > s.tier()) {
                up.merge(s.name(), gbps, Double::sum);
            }
        }
    }

    /** The sum of a host's cables to switches, GB/s per direction; 0 when unknown. */
    public double hostGBps(String host) {
        return hostRate.getOrDefault(host, 0.0);
    }

    public double downGBps(String switchName) {
        return down.getOrDefault(switchName, 0.0);
    }

    public double upGBps(String switchName) {
        return up.getOrDefault(switchName, 0.0);
    }

    /** Down over up bandwidth, at least 1; 1 for a switch without uplinks or unknown rates. */
    public double ratio(String switchName) {
        return BandwidthModel.oversubscription(downGBps(switchName), upGBps(switchName));
    }
}
