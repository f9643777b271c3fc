package org.topoplanner.app.desktop.canvas;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.LinkKind;

class ThemeTokensTest {
    private static final List<String> SEMANTIC = List.of("-color-bg-default", "-color-bg-subtle", "-color-bg-overlay",
            "-color-fg-default", "-color-fg-muted", "-color-fg-subtle", "-color-border-default", "-color-border-muted",
            "-color-accent-fg", "-color-accent-emphasis", "-color-accent-muted", "-color-success-fg",
            "-color-warning-fg", "-color-warning-emphasis", "-color-danger-fg");

    @Test
    void bothThemesDefineTheSameTokens() {
        assertThat(Theme.DARK.palette().tokens().keySet())
                .containsExactlyElementsOf(Theme.LIGHT.palette().tokens().keySet());
        assertThat(Theme.LIGHT.palette().tokens().keySet()).containsAll(SEMANTIC);
    }

    @ParameterizedTest
    @EnumSource(Theme.class)
    void textIsReadableOnTheBackground(Theme theme) {
        Palette p = theme.palette();
        assertThat(contrast(p.fg(), p.bg())).isGreaterThan(7);
        assertThat(contrast(p.fgMuted(), p.bg())).isGreaterThan(4.5);
    }

    @ParameterizedTest
    @EnumSource(Theme.class)
    void jobColoursAreDistinctFromEachOtherAndFromFreeGpus(Theme theme) {
        Palette p = theme.palette();
        Color free = p.token("-tp-gpu-free");
        for (int i = 0; i < 10; i++) {
            assertThat(distance(p.jobColour(i), free)).as("job %d vs free", i).isGreaterThan(0.25);
            for (int j = i + 1; j < 10; j++) {
                assertThat(distance(p.jobColour(i), p.jobColour(j))).as("job %d vs %d", i, j).isGreaterThan(0.12);
            }
        }
        assertThat(p.jobColour(10)).isEqualTo(p.jobColour(0));
    }

    @Test
    void classesReadFromGoodToBad() {
        Palette p = Theme.LIGHT.palette();
        assertThat(p.matrixCell(LinkKind.NV, 18)).isEqualTo(p.token("-tp-mx-nv-high"));
        assertThat(p.matrixCell(LinkKind.NV, 4)).isEqualTo(p.token("-tp-mx-nv-mid"));
        assertThat(p.matrixCell(LinkKind.NV, 2)).isEqualTo(p.token("-tp-mx-nv-low"));
        assertThat(p.matrixCell(LinkKind.SYS, 0)).isEqualTo(p.token("-tp-mx-sys"));
        assertThat(p.link(LinkSpeed.NDR)).isNotEqualTo(p.link(LinkSpeed.HDR));
        assertThat(p.link(LinkSpeed.FDR10)).isEqualTo(p.link(LinkSpeed.QDR));
    }

    @Test
    void readsTokensOnlyFromLiteralColours() {
        var parsed = Palette.parse(".root { -color-fg-default: #112233; -fx-base: #ffffff; -tp-x: -color-fg-default; }");
        assertThat(parsed).containsOnlyKeys("-color-fg-default");
        assertThat(parsed.get("-color-fg-default")).isEqualTo(Color.web("#112233"));
    }

    @ParameterizedTest
    @EnumSource(Theme.class)
    void stylesheetsLoad(Theme theme) {
        assertThat(theme.stylesheets()).hasSize(2).allSatisfy(s -> assertThat(s).endsWith(".css"));
    }

    private static double distance(Color a, Color b) {
        return Math.sqrt(Math.pow(a.getRed() - b.getRed(), 2) + Math.pow(a.getGreen() - b.getGreen(), 2)
                + Math.pow(a.getBlue() - b.getBlue(), 2));
    }

    /** WCAG contrast ratio. */
    private static double contrast(Color a, Color b) {
        double la = luminance(a) + 0.05;
        double lb = luminance(b) + 0.05;
        return Math.max(la, lb) / Math.min(la, lb);
    }

    private static double luminance(Color c) {
        return 0.2126 * lin(c.getRed()) + 0.7152 * lin(c.getGreen()) + 0.0722 * lin(c.getBlue());
    }

    private static double lin(double v) {
        return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    }
}
