package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** {@code templates} shows each template's power figure with its kind, and {@code --json} its source. */
class TemplatesPowerTest {

    @Test
    void theTableShowsPowerWithItsKindAndADashWhenTheTemplateGivesNone() {
        CommandLineTest.Run table = CommandLineTest.run("templates");
        assertThat(table.code()).isZero();
        assertThat(table.out().lines().findFirst()).hasValueSatisfying(h -> assertThat(h).contains("POWER"));
        assertThat(table.out()).containsPattern("(?m)^hgx-h100-sxm .* 10\\.2 kW max ")
                .containsPattern("(?m)^gb200-nvl72-tray .* 6\\.7 kW estimate ")
                .containsPattern("(?m)^workstation-4gpu .* - +4-GPU workstation$");
    }

    @Test
    void theJsonGivesEachFiguresWattsKindAndSource() throws Exception {
        CommandLineTest.Run json = CommandLineTest.run("templates", "--json");
        assertThat(json.code()).isZero();
        JsonNode h100 = null;
        for (JsonNode t : new ObjectMapper().readTree(json.out())) {
            if (t.get("id").asText().equals("hgx-h100-sxm")) {
                h100 = t;
            }
        }
        assertThat(h100).isNotNull();
        JsonNode p = h100.get("power").get(0);
        assertThat(p.get("watts").asInt()).isEqualTo(10_200);
        assertThat(p.get("kind").asText()).isEqualTo("max");
        assertThat(p.get("source").asText()).contains("docs.nvidia.com/dgx/dgxh100-user-guide");
    }
}
