package org.topoplanner.app.desktop.fabric;

import java.util.Comparator;
import java.util.Optional;
import java.util.stream.IntStream;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.LinkBundle;
import org.topoplanner.app.desktop.fabric.layout.RackBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;

/**
 * Where the arrow keys take the selection in the fabric view, so the fabric can be walked without a
 * pointer: left and right to the neighbour in the same row (switches of a tier, hosts in layout
 * order across racks), up from a host to a leaf it is cabled to and from a switch to a switch above
 * it, down the other way to the nearest switch or host below. Of several candidates the one nearest
 * in x to where the selection stands is taken, so up then down comes back. No selection: the arrows
 * start at the top tier's first switch.
 */
public final class FabricKeyboard {
    /** An arrow key. */
    public enum Step { LEFT, RIGHT, UP, DOWN }

    private FabricKeyboard() {
    }

    /** The switch or host the selection moves to; empty when there is nothing that way. */
    public static Optional<String> step(FabricLayout l, String selected, Step step) {
        int sw = selected == null ? -1 : l.switchIndex(selected);
        int host = sw >= 0 || selected == null ? -1 : l.hostIndex(selected);
        if (sw < 0 && host < 0) {
            return l.switches().stream().min(Comparator.comparingInt(SwitchBox::row).thenComparingDouble(SwitchBox::x))
                    .map(SwitchBox::name).or(() -> l.hosts().stream().findFirst().map(HostBox::name));
        }
        return sw >= 0 ? fromSwitch(l, l.switches().get(sw), step) : fromHost(l, l.hosts().get(host), step);
    }

    private static Optional<String> fromSwitch(FabricLayout l, SwitchBox s, Step step) {
        double x = s.centerX();
        return switch (step) {
            case LEFT, RIGHT -> l.switches().stream()
                    .filter(o -> o.row() == s.row() && (step == Step.LEFT ? o.x() < s.x() : o.x() > s.x()))
                    .min(Comparator.comparingDouble(o -> Math.abs(o.x() - s.x()))).map(SwitchBox::name);
            case UP -> nearestSwitch(l, IntStream.of(l.linksOfSwitch(s.index())).mapToObj(i -> l.links().get(i))
                    .filter(b -> !b.toRack() && b.lower() == s.index()).mapToInt(LinkBundle::upper), x);
            case DOWN -> {
                Optional<String> below = nearestSwitch(l, IntStream.of(l.linksOfSwitch(s.index()))
                        .mapToObj(i -> l.links().get(i)).filter(b -> !b.toRack() && !b.lateral() && b.upper() == s.index())
                        .mapToInt(LinkBundle::lower), x);
                yield below.isPresent() ? below : IntStream.of(l.linksOfSwitch(s.index())).mapToObj(i -> l.links().get(i))
                        .filter(b -> b.toRack() && b.upper() == s.index()).map(b -> l.racks().get(b.lower()))
                        .min(Comparator.comparingDouble(r -> Math.abs(r.centerX() - x)))
                        .map(r -> l.hosts().get(r.firstHost()).name());
            }
        };
    }

    private static Optional<String> fromHost(FabricLayout l, HostBox h, Step step) {
        return switch (step) {
            case LEFT -> h.index() == 0 ? Optional.empty() : Optional.of(l.hosts().get(h.index() - 1).name());
            case RIGHT -> h.index() + 1 >= l.hosts().size() ? Optional.empty()
                    : Optional.of(l.hosts().get(h.index() + 1).name());
            case UP -> {
                RackBox r = l.racks().get(h.rack());
                yield nearestSwitch(l, r.uplinks().stream().mapToInt(Integer::intValue), h.x() + h.w() / 2);
            }
            case DOWN -> Optional.empty();
        };
    }

    private static Optional<String> nearestSwitch(FabricLayout l, IntStream indices, double x) {
        return indices.mapToObj(i -> l.switches().get(i)).min(Comparator.comparingDouble(o -> Math.abs(o.centerX() - x)))
                .map(SwitchBox::name);
    }
}
