package org.topoplanner.importers.ibnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.Samples;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.fabric.Cable;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;

class IblinkinfoReaderTest {
    private final IblinkinfoReader reader = new IblinkinfoReader();

    @Test
    void readsQdrLinkinfoAsTheSameFabricAsItsIbnetdiscover() {
        ImportResult r = reader.read(Samples.load("ibnetdiscover/qdr-infiniscale4-1switch-iblinkinfo.txt"));
        Fabric f = r.part().fabric();
        Fabric plain = new IbnetdiscoverReader()
                .read(Samples.load("ibnetdiscover/qdr-infiniscale4-1switch-5ca-spaces.txt")).part().fabric();
        assertThat(r.diagnostics()).isEmpty();
        assertThat(f.switches()).isEqualTo(plain.switches());
        assertThat(ends(f)).isEqualTo(ends(plain));
        assertThat(f.cables()).allSatisfy(c -> {
            assertThat(c.width()).isEqualTo(LinkWidth.X4);
            assertThat(c.speed()).isEqualTo(LinkSpeed.QDR);
        });
    }

    private static Set<String> ends(Fabric f) {
        return f.cables().stream().map(c -> key(c)).collect(Collectors.toSet());
    }

    private static String key(Cable c) {
        String a = c.a().node() + ":" + c.a().port() + ":" + c.a().hca() + ":" + c.a().guid();
        String b = c.b().node() + ":" + c.b().port() + ":" + c.b().hca() + ":" + c.b().guid();
        return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
    }

    @Test
    void readsPerLaneRatesAndDropsPeersNotInTheDump() {
        ImportResult r = reader.read(new SourceText("l", """
                Switch: 0x0000000000000010 MF0;leaf1:MQM9700/U1:
                           2    1[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>       6    1[  ] "n1 mlx5_0" ( )
                           2    2[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>      77    9[  ] "spine9" ( )
                           2    3[  ] ==(                Down/ Polling)==>             [  ] "" ( )
                CA: n1 mlx5_0:
                      0x0000000000000002      6    1[  ] ==( 4X        106.25 Gbps Active/  LinkUp)==>       2    1[  ] "MF0;leaf1:MQM9700/U1" ( )
                """));
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(s -> s.name()).containsExactly("MF0;leaf1:MQM9700/U1");
        assertThat(f.cables()).singleElement().satisfies(c -> assertThat(c.speed()).isEqualTo(LinkSpeed.NDR));
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(3);
            assertThat(d.message()).contains("spine9", "LID 77");
        });
    }
}
