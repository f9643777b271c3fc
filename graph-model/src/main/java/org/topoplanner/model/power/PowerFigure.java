package org.topoplanner.model.power;

import java.util.Locale;
import java.util.Objects;

/**
 * One power figure of a piece of hardware, with where it comes from, as a node template or a switch model
 * carries it.
 *
 * @param watts  the figure in watts
 * @param kind   maximum, typical or an estimate
 * @param source the data sheet or document the figure is read from (title and address), and for an estimate
 *               how it was worked out
 */
public record PowerFigure(int watts, PowerKind kind, String source) {
    public PowerFigure {
        Objects.requireNonNull(kind, "power kind");
        if (watts <= 0) {
            throw new IllegalArgumentException("a power figure must be positive watts, not " + watts);
        }
        if (source == null || source.isBlank()) {
            throw new IllegalArgumentException("a power figure needs its source");
        }
    }

    /** {@code 10.2 kW} or {@code 1,720 W}: watts below 2 kW, as switch data sheets print them, else kilowatts. */
    public static String format(double watts) {
        if (watts < 2000) {
            return String.format(Locale.ROOT, "%,.0f W", watts);
        }
        double kw = watts / 1000;
        return kw >= 100 ? String.format(Locale.ROOT, "%,.0f kW", kw) : String.format(Locale.ROOT, "%.1f kW", kw);
    }

    /** {@code 10.2 kW max}. */
    @Override
    public String toString() {
        return format(watts) + " " + kind.word();
    }
}
