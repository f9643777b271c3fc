package org.topoplanner.app.plan;

import java.util.Optional;
import org.topoplanner.model.power.PowerFigure;

/**
 * One line of a bill's power: a count of identical items and the figure each draws, or why there is no
 * figure.
 *
 * @param item    what is counted ({@code hosts}, {@code leaf switches (NVIDIA Quantum-2 QM9700)})
 * @param count   how many
 * @param each    the figure the total is sized with (a maximum, else an estimate, else a typical draw), when known
 * @param typical the typical draw as well, when the data sheet gives both
 * @param missing why there is no figure, when {@code each} is empty
 * @param about   what each item is, for the tooltip ({@code NVIDIA Quantum-2 QM9700, 64 NDR ports}); may be empty
 */
public record PowerLine(String item, int count, Optional<PowerFigure> each, Optional<PowerFigure> typical,
                        String missing, String about) {
    public static PowerLine known(String item, int count, PowerFigure each, Optional<PowerFigure> typical,
                                  String about) {
        return new PowerLine(item, count, Optional.of(each), typical.filter(t -> !t.equals(each)), "", about);
    }

    public static PowerLine unknown(String item, int count, String why) {
        return new PowerLine(item, count, Optional.empty(), Optional.empty(), why, "");
    }

    /** The line's watts: count times the figure, 0 when unknown. */
    public double watts() {
        return each.map(p -> (double) count * p.watts()).orElse(0.0);
    }

    /** {@code 128 hosts × 10.2 kW max = 1,306 kW}, as the dialog shows it. */
    public String text() {
        if (each.isEmpty()) {
            return count + " " + item + ": " + missing;
        }
        String line = count + " " + item + " \u00d7 " + each.get() + " = " + PowerFigure.format(watts());
        return typical.map(t -> line + " (" + PowerFigure.format(t.watts()) + " " + t.kind().word() + " each)")
                .orElse(line);
    }

    /** What the figure is and where it comes from, for the line's tooltip. */
    public String detail() {
        if (each.isEmpty()) {
            return missing;
        }
        StringBuilder b = new StringBuilder(about.isEmpty() ? "" : about + "\n\n").append(describe(each.get()));
        typical.ifPresent(t -> b.append("\n\n").append(describe(t)));
        return b.toString();
    }

    private static String describe(PowerFigure p) {
        String kind = switch (p.kind()) {
            case MAXIMUM -> "maximum (vendor's figure)";
            case TYPICAL -> "typical draw (vendor's figure)";
            case ESTIMATE -> "estimate (no vendor figure for this part)";
        };
        return PowerFigure.format(p.watts()) + " each, " + kind + ".\nSource: " + p.source();
    }
}
