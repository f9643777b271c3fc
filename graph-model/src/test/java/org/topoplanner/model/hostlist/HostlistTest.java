package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Behaviour that the Slurm tables cannot show: positions of errors, limits, separators, speed. */
class HostlistTest {

    @ParameterizedTest(name = "\"{0}\" fails at {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            leaf[A-B]            | 5  | Invalid range: `A-B'
            node[1-4],leaf[A-B]  | 15 | only numeric ranges
            n[1-3,5-4]           | 6  | the end is below the start
            n[1,,2]              | 4  | empty
            n[1-3                | 1  | never closed
            n1,n]                | 4  | without a '['
            n[[1-2]]             | 2  | do not nest
            a[1-2]b              | 6  | text after the last ']'
            x[1-2]-y,z           | 6  | text after the last ']'
            n[0-65536]           | 2  | Too many hosts
            n[1234567890123456789] | 2 | more than 18 digits
            """)
    void reportsWhereAnExpressionGoesWrong(String expr, int offset, String reason) {
        assertThatThrownBy(() -> Hostlist.expand(expr))
                .isInstanceOfSatisfying(HostlistSyntaxException.class, e -> {
                    assertThat(e.offset()).isEqualTo(offset);
                    assertThat(e.reason()).contains(reason);
                    assertThat(e.expression()).isEqualTo(expr);
                    assertThat(e.getMessage()).isEqualTo(e.reason());
                });
    }

    @Test
    void separatesNamesWithCommasSpacesTabsAndNewlines() throws Exception {
        assertThat(Hostlist.expand("a1,a2 a3\ta4\na5,, ,b[1-2]")).containsExactly("a1", "a2", "a3", "a4", "a5", "b1", "b2");
    }

    @Test
    void treatsACarriageReturnAsASeparatorUnlikeSlurm() throws Exception {
        assertThat(Hostlist.expand("node[1-2]\r\n")).containsExactly("node1", "node2");
    }

    @Test
    void keepsSeparatorsInsideBracketsForTheRanges() throws Exception {
        assertThat(Hostlist.expand("n[1,3] m[5-6]")).containsExactly("n1", "n3", "m5", "m6");
    }

    @Test
    void expandsAnEmptyExpressionToNoHosts() throws Exception {
        assertThat(Hostlist.expand("")).isEmpty();
        assertThat(Hostlist.expand(" , ")).isEmpty();
        assertThat(Hostlist.compress(List.of())).isEmpty();
        assertThat(Hostlist.compressSorted(List.of())).isEmpty();
    }

    @Test
    void expandsAFullRangeOf65536Hosts() throws Exception {
        List<String> hosts = Hostlist.expand("n[00000-65535]");
        assertThat(hosts).hasSize(65536).startsWith("n00000").endsWith("n65535");
    }

    @Test
    void refusesExpressionsOfMoreThan65536Hosts() {
        assertThatThrownBy(() -> Hostlist.expand("a[1-65536][1-65536]"))
                .isInstanceOf(HostlistSyntaxException.class).hasMessageContaining("more than 65536 hosts");
        assertThatThrownBy(() -> Hostlist.expand("a[1-256][1-256],b1"))
                .isInstanceOf(HostlistSyntaxException.class).hasMessageContaining("more than 65536 hosts");
    }

    @Test
    void expandsThreeBracketsInSlurmsOrder() throws Exception {
        assertThat(Hostlist.expand("r[1-2]s[1-2]n[1-2]")).containsExactly(
                "r1s1n1", "r1s1n2", "r2s1n1", "r2s1n2", "r1s2n1", "r1s2n2", "r2s2n1", "r2s2n2");
    }

    @Test
    void expandsIpAddressesOnlyInsideBrackets() throws Exception {
        assertThat(Hostlist.expand("10.0.0.1,10.0.0.[2-3]")).containsExactly("10.0.0.1", "10.0.0.2", "10.0.0.3");
        assertThat(Hostlist.compressSorted(List.of("10.0.0.3", "10.0.0.1", "10.0.0.2"))).isEqualTo("10.0.0.[1-3]");
    }

    @ParameterizedTest(name = "\"{0}\"")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            ""
            n[1]
            a,b
            "a b"
            n]
            """)
    void refusesNamesThatNoExpressionCouldGiveBack(String name) {
        assertThatThrownBy(() -> Hostlist.compress(List.of("n1", name))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Hostlist.compressSorted(List.of(name))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keepsNamesWithOverlongNumbersWhole() throws Exception {
        String big = "n99999999999999999999";
        assertThat(Hostlist.expand(big)).containsExactly(big);
        assertThat(Hostlist.compressSorted(List.of(big, "n1", big))).isEqualTo("n1," + big);
    }

    /** How fast is HostlistBenchmark's question (benchmarks module); timing it here would let load fail it. */
    @Test
    void compressesSixteenThousandShuffledNames() throws Exception {
        List<String> names = new ArrayList<>();
        for (int i = 1; i <= 16384; i++) {
            names.add("gpu" + Hostlist.pad(i, 5));
            names.add("cpu" + i);
        }
        Collections.shuffle(names, new Random(7));
        String expr = Hostlist.compressSorted(names);
        assertThat(expr).isEqualTo("cpu[1-16384],gpu[00001-16384]");
        assertThat(Hostlist.expand(Hostlist.compress(names))).containsExactlyElementsOf(names);
    }

    @Test
    void sortsRackNumbersNaturallyAndKeepsPaddingApart() {
        assertThat(Hostlist.compressSorted(List.of("rack10-n1", "rack2-n1", "rack1-n2", "rack1-n1")))
                .isEqualTo("rack1-n[1-2],rack2-n1,rack10-n1");
        assertThat(Hostlist.compressSorted(List.of("node10", "node002", "node001"))).isEqualTo("node[10,001-002]");
    }
}
