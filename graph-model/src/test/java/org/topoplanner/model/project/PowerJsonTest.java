package org.topoplanner.model.project;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.power.PowerFigure;
import org.topoplanner.model.power.PowerKind;
import org.topoplanner.model.power.SwitchModel;

/** Power figures of node templates and switch models: written, read back, and refused with a location. */
class PowerJsonTest {

    @Property(tries = 200)
    void aNodesPowerFiguresReadBackAsWritten(@ForAll("figures") List<PowerFigure> figures) throws Exception {
        NodeTopology node = NodeTopology.unknown().withPower(figures);
        String text = NodeTopologyJson.write(node).toPrettyString();
        NodeTopology back = NodeTopologyJson.parse(text, "t.json");
        assertThat(back).isEqualTo(node);
        assertThat(back.power()).containsExactlyElementsOf(figures);
    }

    @Property(tries = 100)
    void switchModelsReadBackAsWritten(@ForAll("figures") List<PowerFigure> figures,
                                       @ForAll("speeds") LinkSpeed speed) throws Exception {
        List<SwitchModel> models = List.of(new SwitchModel("QM-test", speed, 64, figures));
        String text = SwitchModelJson.write(models).toPrettyString();
        assertThat(SwitchModelJson.parse(text, "s.json")).isEqualTo(models);
    }

    @Test
    void aNodeWithoutFiguresIsWrittenWithoutAPowerField() {
        assertThat(NodeTopologyJson.write(NodeTopology.unknown()).has("power")).isFalse();
    }

    @Test
    void anUnknownKindIsReportedAtItsLine() {
        String text = """
                {
                  "model" : "x",
                  "power" : [ {
                    "watts" : 700,
                    "kind" : "PEAK",
                    "source" : "a data sheet"
                  } ]
                }
                """;
        assertThatThrownBy(() -> NodeTopologyJson.parse(text, "t.json")).isInstanceOfSatisfying(
                ProjectFormatException.class, e -> {
                    Diagnostic d = e.diagnostics().get(0);
                    assertThat(d.line()).isEqualTo(5);
                    assertThat(d.message()).contains("PEAK");
                });
    }

    @Test
    void aFigureWithoutItsSourceIsRefused() {
        String text = """
                {"switchModels": [ {"model": "m", "speed": "NDR", "ports": 64,
                  "power": [ {"watts": 747, "kind": "TYPICAL", "source": " "} ] } ] }
                """;
        assertThatThrownBy(() -> SwitchModelJson.parse(text, "s.json")).isInstanceOfSatisfying(
                ProjectFormatException.class, e -> assertThat(e.diagnostics().get(0).message()).contains("source"));
    }

    @Provide
    Arbitrary<List<PowerFigure>> figures() {
        Arbitrary<PowerFigure> one = Combinators.combine(Arbitraries.integers().between(1, 200_000),
                Arbitraries.of(PowerKind.class), Arbitraries.strings().ofMinLength(1).ofMaxLength(80)
                        .filter(s -> !s.isBlank())).as(PowerFigure::new);
        return one.list().ofMaxSize(3);
    }

    @Provide
    Arbitrary<LinkSpeed> speeds() {
        return Arbitraries.of(LinkSpeed.class);
    }
}
