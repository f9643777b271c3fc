package org.topoplanner.app.desktop.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.paint.Color;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The colour-blind-safe job colours tell jobs apart for readers with protanopia, deuteranopia and
 * tritanopia, and the themes' own colours do not (so the option is needed). Vision is simulated
 * with the severity-1.0 matrices of Machado, Oliveira and Fernandes (2009), "A physiologically-based
 * model for simulation of color vision deficiency", IEEE TVCG 15(6), applied in linear sRGB; colours
 * count as apart when their CIE76 distance in L*a*b* is at least 15 (two GPU cells side by side
 * differing by less read as one job). No toolkit: Palette reads the stylesheets as text.
 */
class ColourBlindJobColoursTest {
    private static final double APART = 15;
    private static final double[][] PROTAN = {{0.152286, 1.052583, -0.204868}, {0.114503, 0.786281, 0.099216},
            {-0.003882, -0.048116, 1.051998}};
    private static final double[][] DEUTAN = {{0.367322, 0.860646, -0.227968}, {0.280085, 0.672501, 0.047413},
            {-0.011820, 0.042940, 0.968881}};
    private static final double[][] TRITAN = {{1.255528, -0.076749, -0.178779}, {-0.078411, 0.930809, 0.147602},
            {0.004733, 0.691367, 0.303900}};

    @ParameterizedTest
    @EnumSource(Theme.class)
    void everyPairOfSafeJobColoursStaysApartForProtanDeutanAndTritanReaders(Theme theme) {
        Palette safe = theme.palette().withColourBlindSafeJobs(true);
        assertThat(safe.colourBlindSafe()).isTrue();
        for (double[][] vision : List.of(PROTAN, DEUTAN, TRITAN)) {
            assertThat(closestPair(safe.jobColours(), vision)).isGreaterThanOrEqualTo(APART);
        }
        assertThat(safe.jobColour(0)).isEqualTo(Color.web("#E69F00"));
        assertThat(safe.jobColour(safe.jobColours().size())).as("cycling").isEqualTo(safe.jobColour(0));
        assertThat(safe.bg()).as("only the jobs change").isEqualTo(theme.palette().bg());
        assertThat(safe.withColourBlindSafeJobs(false).jobColours()).isEqualTo(theme.palette().jobColours());
    }

    @ParameterizedTest
    @EnumSource(Theme.class)
    void theThemesOwnJobColoursRunTogetherForSomeColourBlindReaders(Theme theme) {
        List<Color> own = theme.palette().jobColours();
        assertThat(List.of(PROTAN, DEUTAN, TRITAN)).anySatisfy(vision ->
                assertThat(closestPair(own, vision)).isLessThan(APART));
    }

    private static double closestPair(List<Color> colours, double[][] vision) {
        double closest = Double.MAX_VALUE;
        for (int i = 0; i < colours.size(); i++) {
            for (int j = i + 1; j < colours.size(); j++) {
                closest = Math.min(closest, distance(lab(seen(colours.get(i), vision)), lab(seen(colours.get(j), vision))));
            }
        }
        return closest;
    }

    /** Linear RGB as the simulated reader sees it. */
    private static double[] seen(Color c, double[][] m) {
        double[] rgb = {linear(c.getRed()), linear(c.getGreen()), linear(c.getBlue())};
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            out[i] = Math.max(0, Math.min(1, m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2]));
        }
        return out;
    }

    private static double linear(double c) {
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    /** CIE L*a*b* (D65) of a linear sRGB colour. */
    private static double[] lab(double[] rgb) {
        double x = (0.4124 * rgb[0] + 0.3576 * rgb[1] + 0.1805 * rgb[2]) / 0.95047;
        double y = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
        double z = (0.0193 * rgb[0] + 0.1192 * rgb[1] + 0.9505 * rgb[2]) / 1.08883;
        double fx = f(x);
        double fy = f(y);
        double fz = f(z);
        return new double[] {116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)};
    }

    private static double f(double t) {
        return t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16.0 / 116;
    }

    private static double distance(double[] a, double[] b) {
        return Math.sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
    }
}
