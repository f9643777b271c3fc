package org.topoplanner.app.desktop.dialogs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.resources.NodeTemplate;

/** Named New cluster designs survive a restart, and a line spoilt by hand costs only that preset. */
class DesignPresetsTest {

    @Test
    void savedPresetsReadBackAndReplaceByName(@TempDir Path dir) throws Exception {
        DesignPresets store = new DesignPresets(dir.resolve("settings").resolve(DesignPresets.FILE));
        FabricDesign rail = new FabricDesign(FabricDesign.Kind.RAIL_OPTIMISED, 16, 32, 16, 8, 0, 32, 8, LinkSpeed.NDR, "node");
        store.save(new DesignPresets.Preset("SU pair", rail, NodeTemplate.HGX_H100_SXM));
        FabricDesign small = FabricDesign.fatTree(4, 8, 2, LinkSpeed.HDR);
        store.save(new DesignPresets.Preset("lab", small, NodeTemplate.HGX_H100_SXM));
        FabricDesign bigger = FabricDesign.fatTree(8, 8, 4, LinkSpeed.HDR);
        store.save(new DesignPresets.Preset("lab", bigger, NodeTemplate.HGX_H100_SXM));

        DesignPresets.Read read = new DesignPresets(store.file()).read();
        assertThat(read.problems()).isEmpty();
        assertThat(read.presets().keySet()).containsExactly("SU pair", "lab");
        assertThat(read.presets().get("SU pair").design()).isEqualTo(rail);
        assertThat(read.presets().get("lab").design()).as("saving under a name replaces it").isEqualTo(bigger);
        try (var left = Files.list(store.file().getParent())) {
            assertThat(left).as("no temporary file left beside it").containsExactly(store.file());
        }
    }

    @Test
    void aBadLineIsLeftOutWithItsLineAndColumn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(DesignPresets.FILE);
        Files.writeString(file, "# presets\n"
                + "ok\tFAT_TREE\t4\t8\t4\t2\t0\t2\t1\tNDR\tHGX_H100_SXM\n"
                + "bad\tFAT_TREE\t4\tmany\t4\t2\t0\t2\t1\tNDR\tHGX_H100_SXM\n");
        DesignPresets.Read read = new DesignPresets(file).read();
        assertThat(read.presets().keySet()).containsExactly("ok");
        assertThat(read.problems()).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(3);
            assertThat(d.column()).isEqualTo("bad\tFAT_TREE\t4\t".length() + 1);
            assertThat(d.message()).contains("many");
        });
    }
}
