package org.topoplanner.model.power;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.topoplanner.model.fabric.LinkSpeed;

/**
 * A fixed-configuration switch whose data sheet gives its power: the box a designed tier of a given link
 * speed is built from when its ports fit.
 *
 * @param model the vendor's model name ({@code NVIDIA Quantum-2 QM9700})
 * @param speed the link speed of its ports
 * @param ports how many ports of that speed it has
 * @param power its power figures (typical and maximum as the data sheet gives them)
 */
public record SwitchModel(String model, LinkSpeed speed, int ports, List<PowerFigure> power) {
    public SwitchModel {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(speed, "speed");
        if (ports < 1) {
            throw new IllegalArgumentException("a switch model needs ports, not " + ports);
        }
        power = List.copyOf(power);
    }

    /** The figure of one kind, when the data sheet gives it. */
    public Optional<PowerFigure> power(PowerKind kind) {
        return power.stream().filter(p -> p.kind() == kind).findFirst();
    }
}
