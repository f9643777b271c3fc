package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class ViewportTest {

    @ParameterizedTest(name = "world {0}x{1}")
    @CsvSource({"600, 500", "120000, 900", "400, 4000"})
    void fitShowsTheWholeWorldAndKeepsTheHeight(double worldW, double worldH) {
        Viewport v = Viewport.fit(1600, 1000, worldW, worldH);
        assertThat(v.showsAll()).isTrue();
        double[] vis = v.visibleWorld();
        // One dimension is tight.
        assertThat(Math.min(vis[2] - vis[0] - worldW, vis[3] - vis[1] - worldH)).isCloseTo(0, within(1e-6));
        assertThat(v.sy()).isGreaterThanOrEqualTo(v.sx());
        assertThat(v.sy()).isGreaterThanOrEqualTo(1000 / worldH - 1e-12);
    }

    @Test
    void squeezesAWideFabricSidewaysButNotInHeight() {
        Viewport v = Viewport.fit(1600, 1000, 120000, 900);
        assertThat(v.sx()).isCloseTo(1600 / 120000.0, within(1e-12));
        assertThat(v.sy()).isCloseTo(1000 / 900.0, within(1e-12));
        Viewport in = v.zoomAt(200, 800, 500);
        assertThat(in.sy()).isEqualTo(in.sx());
    }

    @ParameterizedTest(name = "zoom {0} at ({1},{2})")
    @CsvSource({"2.0, 100, 100", "0.9, 1500, 20", "8.0, 800, 500", "1.3, 0, 999"})
    void zoomKeepsThePointUnderThePointer(double factor, double px, double py) {
        Viewport v = Viewport.fit(1600, 1000, 20000, 900).zoomAt(3, 800, 500);
        double wx = v.toWorldX(px);
        double wy = v.toWorldY(py);
        Viewport z = v.zoomAt(factor, px, py);
        assertThat(z.sx()).isCloseTo(v.sx() * factor, within(1e-12));
        assertThat(z.toWorldX(px)).isCloseTo(wx, within(1e-6));
        assertThat(z.toWorldY(py)).isCloseTo(wy, within(1e-6));
        assertThat(z.sx()).isBetween(z.minScale(), Viewport.MAX_SCALE);
    }

    @Test
    void panMovesByPixelsAndStaysNearTheWorld() {
        Viewport v = Viewport.fit(1600, 1000, 20000, 900).zoomAt(4, 800, 500);
        Viewport p = v.panBy(100, 0);
        assertThat(p.ox()).isCloseTo(v.ox() - 100 / v.sx(), within(1e-9));
        Viewport far = v.panBy(1e9, 1e9);
        assertThat(far.visibleWorld()[2]).isGreaterThan(0);
        assertThat(far.visibleWorld()[3]).isGreaterThan(0);
    }

    @Test
    void showingARectangleFitsItWithAMargin() {
        Viewport v = Viewport.fit(1600, 1000, 20000, 900).showing(5000, 400, 5400, 900, 4);
        double[] vis = v.visibleWorld();
        assertThat(vis[0]).isLessThan(5000);
        assertThat(vis[2]).isGreaterThan(5400);
        assertThat(vis[1]).isLessThanOrEqualTo(400);
        assertThat(vis[3]).isGreaterThanOrEqualTo(900);
    }

    @Test
    void reservedStripsStayFreeAtFit() {
        Viewport v = Viewport.fit(1600, 1000, 3000, 500, 70, 230);
        assertThat(v.toScreenX(0)).isCloseTo(70, within(1e-6));
        assertThat(v.toScreenX(3000)).isCloseTo(1600 - 230, within(1e-6));
    }

    @ParameterizedTest(name = "sx {0}: hosts {1}, tiles {2}")
    @CsvSource({"0.05, false, false", "0.1, false, true", "0.5, false, true", "0.6, true, true", "2, true, true"})
    void levelOfDetailFollowsTheHostCellWidth(double sx, boolean hosts, boolean tiles) {
        Viewport v = new Viewport(1600, 1000, 100000, 900, sx, 0, 0);
        LevelOfDetail lod = LevelOfDetail.of(v, 10);
        assertThat(lod.hosts()).isEqualTo(hosts);
        assertThat(lod.tiles()).isEqualTo(tiles);
        assertThat(LevelOfDetail.of(v, LevelOfDetail.DENSE_LINKS + 1).denseLinks()).isTrue();
        assertThat(LevelOfDetail.of(v, LevelOfDetail.DENSE_LINKS + 1).linkCounts()).isFalse();
    }
}
