package org.topoplanner.app.desktop.fabric;
import org.junit.jupiter.api.Test;
class ProfScratchTest {
    @Test
    void prof() throws Exception {
        var big = FatTreeFixture.large();
        for (int i = 0; i < 6; i++) {
            long t0 = System.nanoTime();
            FabricLayout.compute(big);
            System.out.println("LAYOUT16K ms=" + (System.nanoTime() - t0) / 1e6);
        }
    }
}
