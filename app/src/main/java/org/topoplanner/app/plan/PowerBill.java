package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.power.PowerFigure;
import org.topoplanner.model.power.PowerKind;
import org.topoplanner.model.power.SwitchModel;

/**
 * The power part of a designed cluster's bill: hosts by their template's figure, switches per tier by the
 * switch model of the design's speed, and the total of the figures known.
 *
 * <p>Each line is sized with the figure a feed is planned for: the maximum when the data sheet gives one,
 * else an estimate, else the typical draw; the kinds are never mixed without saying so. A tier whose
 * switches use more ports than the model has is not one box of that model (it would be a director switch),
 * so it gets no figure rather than a wrong one.
 *
 * @param lines hosts first, then switches bottom up
 */
public record PowerBill(List<PowerLine> lines) {
    public PowerBill {
        lines = List.copyOf(lines);
    }

    public static PowerBill of(Cluster cluster, BillOfMaterials bill, Optional<SwitchModel> model) {
        List<PowerLine> out = new ArrayList<>();
        Map<Optional<PowerFigure>, Integer> hostsByFigure = new LinkedHashMap<>();
        Map<Optional<PowerFigure>, Optional<PowerFigure>> typicalOf = new LinkedHashMap<>();
        for (String host : cluster.hostNames()) {
            NodeTopology n = cluster.node(host);
            Optional<PowerFigure> sizing = sizing(n.power(PowerKind.MAXIMUM), n.power(PowerKind.ESTIMATE),
                    n.power(PowerKind.TYPICAL));
            hostsByFigure.merge(sizing, 1, Integer::sum);
            typicalOf.putIfAbsent(sizing, n.power(PowerKind.TYPICAL));
        }
        hostsByFigure.forEach((figure, count) -> out.add(figure
                .map(f -> PowerLine.known("hosts", count, f, typicalOf.get(figure), "Per host, the node template's figure."))
                .orElseGet(() -> PowerLine.unknown("hosts", count, "the node template gives no power figure"))));
        bill.switchesPerTier().forEach((tier, count) -> {
            String item = BillOfMaterials.tierName(tier) + " switch" + (count == 1 ? "" : "es");
            int ports = bill.portsPerTier().getOrDefault(tier, 0);
            if (model.isEmpty()) {
                out.add(PowerLine.unknown(item, count, "no switch data sheet is shipped for this link speed"));
            } else if (ports > model.get().ports()) {
                out.add(PowerLine.unknown(item, count, "each uses " + ports + " ports, more than the "
                        + model.get().ports() + " of a " + model.get().model() + ": no figure for a bigger box"));
            } else {
                SwitchModel m = model.get();
                sizing(m.power(PowerKind.MAXIMUM), m.power(PowerKind.ESTIMATE), m.power(PowerKind.TYPICAL))
                        .ifPresentOrElse(f -> out.add(PowerLine.known(item, count, f, m.power(PowerKind.TYPICAL),
                                        m.model() + " (" + m.ports() + " " + m.speed().name() + " ports; up to "
                                                + ports + " used), the fixed switch a " + m.speed().name()
                                                + " design is built from.")),
                                () -> out.add(PowerLine.unknown(item, count, m.model() + " has no power figure")));
            }
        });
        return new PowerBill(out);
    }

    private static Optional<PowerFigure> sizing(Optional<PowerFigure> max, Optional<PowerFigure> estimate,
                                                Optional<PowerFigure> typical) {
        return max.or(() -> estimate).or(() -> typical);
    }

    /** The sum of every known line, in watts. */
    public double totalWatts() {
        return lines.stream().mapToDouble(PowerLine::watts).sum();
    }

    /** Whether every line has a figure, so the total is the whole cluster's. */
    public boolean complete() {
        return lines.stream().allMatch(l -> l.each().isPresent());
    }

    /** {@code total 1,326 kW (max figures)}, saying which kinds it adds and what it leaves out. */
    public String totalText() {
        if (lines.stream().noneMatch(l -> l.each().isPresent())) {
            return "total power unknown: no figure for any item";
        }
        List<String> kinds = lines.stream().flatMap(l -> l.each().stream()).map(p -> p.kind().word()).distinct()
                .toList();
        String text = "total " + PowerFigure.format(totalWatts()) + " (" + String.join(" and ", kinds) + " figures)";
        if (!complete()) {
            List<String> left = lines.stream().filter(l -> l.each().isEmpty()).map(l -> l.count() + " " + l.item())
                    .toList();
            text += ", without " + String.join(", ", left);
        }
        return text;
    }
}
