package org.topoplanner.allocator.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The estimated bus bandwidth of a ring all-reduce over a placement: the slowest step of the ring.
 * Inside a node the ring follows {@link GpuRing}; across nodes it is ordered along the {@link FabricTree}
 * so that every domain below the top switch is entered and left once. A step leaving a host runs at the
 * host's cable rate; one that climbs through switches is divided by each one's oversubscription ratio
 * below the top switch ({@link BandwidthModel}, busy-fabric estimate). The worst climb over all hosts is
 * taken, since the model does not know which host of a domain carries the crossing step.
 *
 * @param busGBps     GB/s per direction; {@code +Infinity} for a single GPU on a single host; 0 when some
 *                    host is unreachable
 * @param bottleneck  the slowest step in words
 * @param assumptions what the estimate had to assume (unknown GPU models, unknown cable rates)
 */
public record RingEstimate(double busGBps, String bottleneck, List<String> assumptions) {
    public RingEstimate {
        assumptions = List.copyOf(assumptions);
    }

    public static RingEstimate of(FabricTree tree, UplinkRatio rates, List<NodeMetrics> nodes) {
        List<String> assumptions = new ArrayList<>();
        double best = Double.POSITIVE_INFINITY;
        String why = "a single GPU: no ring step";
        for (NodeMetrics n : nodes) {
            if (n.ratesAssumed()) {
                assumptions.add(n.host() + ": GPU model not recognised, " + BandwidthModel.UNKNOWN_MODEL.family()
                        + " rates taken as NVLink 3 and PCIe Gen4");
            }
            if (n.ringGBps() < best) {
                best = n.ringGBps();
                why = "inside " + n.host() + ": " + n.ringBottleneck();
            }
        }
        List<String> hosts = nodes.stream().map(NodeMetrics::host).distinct().toList();
        if (hosts.size() < 2) {
            return new RingEstimate(best, why, assumptions);
        }
        for (String h : hosts) {
            if (tree.leaf(h).isEmpty()) {
                return new RingEstimate(0.0, h + " is reached by no switch", assumptions);
            }
        }
        Optional<String> top = FabricSpan.commonSwitch(tree, hosts);
        if (top.isEmpty()) {
            return new RingEstimate(0.0, "the hosts share no switch", assumptions);
        }
        for (String h : hosts) {
            double rate = rates.hostGBps(h);
            if (rate <= 0) {
                assumptions.add(h + ": cable width or speed unknown, left out of the estimate");
                continue;
            }
            double divisor = 1.0;
            StringBuilder path = new StringBuilder();
            int topTier = tree.tier(top.get());
            for (String s : tree.chain(h)) {
                if (tree.tier(s) >= topTier) {
                    break;
                }
                double r = rates.ratio(s);
                if (r > 1.0) {
                    divisor *= r;
                    path.append(path.length() == 0 ? "" : ", ").append(s).append(' ').append(ratio(r)).append(":1");
                }
            }
            double step = rate / divisor;
            if (step < best) {
                best = step;
                why = path.length() == 0 ? h + "'s network link (" + gb(rate) + " GB/s)"
                        : h + "'s network link (" + gb(rate) + " GB/s) shared on the uplinks of " + path;
            }
        }
        return new RingEstimate(best, why, assumptions);
    }

    private static String gb(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String ratio(double r) {
        return gb(r);
    }
}
