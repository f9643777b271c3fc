package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.diag.Diagnostic;

class SlurmConfLexerTest {
    private final Diagnostics d = new Diagnostics("t.conf");

    private List<SlurmConfLine> lex(String text) {
        return SlurmConfLexer.lex(text, d);
    }

    @Test
    void readsKeysCaseInsensitivelyWithTabsAndSpaces() {
        List<SlurmConfLine> lines = lex("Nodename=n1\tSOCKETS=2   coresPerSocket=16");
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).value("NodeName")).isEqualTo("n1");
        assertThat(lines.get(0).value("Sockets")).isEqualTo("2");
        assertThat(lines.get(0).value("CoresPerSocket")).isEqualTo("16");
        assertThat(d.list()).isEmpty();
    }

    @Test
    void dropsCommentsAnywhereIncludingInlineAfterValues() {
        List<SlurmConfLine> lines = lex("# header\n   # indented\nPartitionName=p Nodes=n1 #QOS=zprod\n");
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0).pairs()).extracting(SlurmConfPair::key).containsExactly("PartitionName", "Nodes");
        assertThat(lines.get(0).line()).isEqualTo(3);
    }

    @Test
    void unquotesValuesThatHoldSpaces() {
        SlurmConfLine line = lex("NodeName=n1 Feature=\"80G,ib big\" Weight=5").get(0);
        assertThat(line.value("Feature")).isEqualTo("80G,ib big");
        assertThat(line.pair("Feature").orElseThrow().valueColumn()).isEqualTo(21);
        assertThat(line.value("Weight")).isEqualTo("5");
    }

    @Test
    void joinsContinuedLinesWithoutAddingASpaceAndKeepsPositions() {
        List<SlurmConfLine> lines = lex("NodeName=n1 \\\n  Sockets=2 \\  \nThreadsPerCore=2\nNodeName=n2");
        assertThat(lines).hasSize(2);
        SlurmConfLine first = lines.get(0);
        assertThat(first.value("Sockets")).isEqualTo("2");
        SlurmConfPair tpc = first.pair("ThreadsPerCore").orElseThrow();
        assertThat(tpc.line()).isEqualTo(3);
        assertThat(tpc.column()).isEqualTo(1);
        assertThat(first.pair("Sockets").orElseThrow().column()).isEqualTo(3);
        assertThat(lines.get(1).line()).isEqualTo(4);
    }

    @Test
    void anEvenRunOfBackslashesDoesNotContinueAndEscapesAHash() {
        List<SlurmConfLine> lines = lex("A=x\\\\\nB=y\\#z");
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0).value("A")).isEqualTo("x\\");
        assertThat(lines.get(1).value("B")).isEqualTo("y#z");
    }

    @Test
    void allowsBlanksAroundTheEqualsSignAndReadsOperators() {
        SlurmConfLine line = lex("SchedulerType = sched/backfill Features+=a").get(0);
        assertThat(line.value("SchedulerType")).isEqualTo("sched/backfill");
        assertThat(line.pair("Features").orElseThrow().operator()).isEqualTo('+');
    }

    @Test
    void recognisesIncludeDirectives() {
        SlurmConfLine line = lex("include /etc/slurm/nodes.conf").get(0);
        assertThat(line.include()).isEqualTo("/etc/slurm/nodes.conf");
        assertThat(line.pairs()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            NodeName=n1 garbage Sockets=2 | 1 | 13 | garbage
            'A=1\n  B=2 =3'               | 2 | 7  | =3
            '\n\nName=gpu File'           | 3 | 10 | File
            """)
    void reportsStrayTextAtItsLineAndColumnAndKeepsTheRest(String text, int line, int column, String stray) {
        List<SlurmConfLine> lines = lex(text.replace("\\n", "\n"));
        assertThat(d.list()).hasSize(1);
        Diagnostic diag = d.list().get(0);
        assertThat(diag.line()).isEqualTo(line);
        assertThat(diag.column()).isEqualTo(column);
        assertThat(diag.message()).contains("'" + stray + "'");
        assertThat(lines.get(lines.size() - 1).pairs()).isNotEmpty();
    }

    @Test
    void readsAFileWithoutTrailingNewlineAndWithCrLf() {
        List<SlurmConfLine> lines = lex("A=1\r\nB=2");
        assertThat(lines).extracting(l -> l.pairs().get(0).value()).containsExactly("1", "2");
    }
}
