package org.topoplanner.importers.hwloc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/** External entities and DTDs are never fetched; entity bombs and broken XML end in diagnostics. */
class HwlocXmlSafetyTest {
    private final HwlocXmlReader reader = new HwlocXmlReader();

    @Test
    void doesNotResolveAnExternalEntity(@TempDir Path dir) throws Exception {
        Path secret = dir.resolve("secret.txt");
        Files.writeString(secret, "TOP-SECRET-VALUE");
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE topology [ <!ENTITY xxe SYSTEM "%s"> ]>
                <topology version="2.0">
                  <object type="Machine" os_index="0" cpuset="0x00000001" nodeset="0x00000001" gp_index="1">
                    <info name="HostName" value="n&xxe;"/>
                    <object type="Package" os_index="0" cpuset="0x00000001" nodeset="0x00000001" gp_index="2">
                      <object type="NUMANode" os_index="0" cpuset="0x00000001" nodeset="0x00000001" gp_index="3"/>
                      <object type="Core" os_index="0" cpuset="0x00000001" nodeset="0x00000001" gp_index="4">
                        <object type="PU" os_index="0" cpuset="0x00000001" nodeset="0x00000001" gp_index="5"/>
                      </object>
                    </object>
                  </object>
                </topology>
                """.formatted(secret.toUri());
        ImportResult r = reader.read(new SourceText("xxe.xml", xml));

        assertThat(r.part().nodes().keySet()).noneMatch(h -> h.contains("TOP-SECRET"));
        assertThat(r.part().nodes().toString()).doesNotContain("TOP-SECRET");
        assertThat(r.diagnostics().toString()).doesNotContain("TOP-SECRET");
    }

    @Test
    void doesNotFetchTheDtdItNames() {
        String xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE topology SYSTEM "http://192.0.2.1/hwloc2.dtd">
                <topology version="2.0">
                  <object type="Machine" os_index="0" cpuset="0x00000001" nodeset="0x00000001" gp_index="1">
                    <object type="PU" os_index="0" cpuset="0x00000001" nodeset="0x00000001" gp_index="5"/>
                  </object>
                </topology>
                """;
        // a hang guard (a parser that loops or expands without end), not a speed budget: load cannot reach it
        ImportResult r = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> reader.read(new SourceText("remote-dtd.xml", xml)));
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.part().nodes().values().iterator().next().cores()).isEqualTo(1);
    }

    @Test
    void stopsAnEntityExpansionBombWithAnError() {
        StringBuilder dtd = new StringBuilder("<!DOCTYPE topology [ <!ENTITY a0 \"lol\">");
        for (int i = 1; i < 12; i++) {
            dtd.append("<!ENTITY a").append(i).append(" \"").append(("&a" + (i - 1) + ";").repeat(10)).append("\">");
        }
        dtd.append("]>");
        String xml = dtd + "<topology version=\"2.0\"><info name=\"HostName\" value=\"&a11;\"/></topology>";
        // a hang guard (a parser that loops or expands without end), not a speed budget: load cannot reach it
        ImportResult r = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> reader.read(new SourceText("bomb.xml", xml)));
        assertThat(r.hasErrors()).isTrue();
    }

    @Test
    void reportsWhereTheXmlBreaks() {
        ImportResult r = reader.read(new SourceText("broken.xml", """
                <topology version="2.0">
                  <object type="Machine" cpuset="0x1">
                    <object type="PU" os_index="0" cpuset="0x1">
                  </object>
                </topology>
                """));
        assertThat(r.diagnostics()).anySatisfy(d -> {
            assertThat(d.isError()).isTrue();
            assertThat(d.line()).isEqualTo(5);
            assertThat(d.column()).isPositive();
        });
    }

    @Test
    void rejectsXmlThatIsNotAnHwlocTopology() {
        ImportResult r = reader.read(new SourceText("pom.xml", "<project><modelVersion>4.0.0</modelVersion></project>"));
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.part().nodes()).isEmpty();
        assertThat(reader.detect(new SourceText("pom.xml", "<project/>"))).isZero();
    }
}
