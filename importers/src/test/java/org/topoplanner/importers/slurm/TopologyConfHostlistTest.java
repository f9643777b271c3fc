package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TopologyConfHostlistTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            node[01-03,05]                       | node01 node02 node03 node05
            hpc[001-002],gpu[9-10],submit1       | hpc001 hpc002 gpu9 gpu10 submit1
            switch.2.[1-3]                       | switch.2.1 switch.2.2 switch.2.3
            10.0.0.[1-2]                         | 10.0.0.1 10.0.0.2
            rack[1-2]-n[1-2]                     | rack1-n1 rack1-n2 rack2-n1 rack2-n2
            tara-dgx1-[001-002]                  | tara-dgx1-001 tara-dgx1-002
            slurm_node1                          | slurm_node1
            n[8-10]                              | n8 n9 n10
            """)
    void expandsLikeSlurm(String hostlist, String names) {
        TopologyConfHostlist.Expansion e = TopologyConfHostlist.expand(hostlist);
        assertThat(e.ok()).isTrue();
        assertThat(e.names()).containsExactly(names.split(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            leaf[A-B]       | only numeric ranges
            node[1-2        | unclosed bracket
            node[5-1]       | descending
            n[0-99999999]   | Too many hosts
            """)
    void reportsBadRangesWithAnOffsetInsideTheText(String hostlist, String message) {
        TopologyConfHostlist.Expansion e = TopologyConfHostlist.expand(hostlist);
        assertThat(e.ok()).isFalse();
        assertThat(e.errorOffset()).isBetween(0, hostlist.length());
        assertThat(e.error()).contains(message);
        assertThat(e.names()).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            node01 node02 node03 node05                | node[01-03,05]
            node05 node01 node02 node01                | node[01-02,05]
            hpc001 gpu001 gpu002                       | gpu[001-002],hpc001
            n9 n10 n11                                 | n[9-11]
            n1 n01 n2 n02                              | n[1-2,01-02]
            n001 n1000                                 | n[001,1000]
            switch.1.1 switch.1.10 switch.1.2          | switch.1.[1-2,10]
            saturn4                                    | saturn4
            alpha beta                                 | alpha,beta
            """)
    void compressesLikeScontrolShowHostlistOfASortedList(String names, String hostlist) {
        List<String> list = Arrays.asList(names.split(" "));
        assertThat(TopologyConfHostlist.compress(list)).isEqualTo(hostlist);
        assertThat(TopologyConfHostlist.expand(hostlist).names()).containsExactlyInAnyOrderElementsOf(
                list.stream().distinct().toList());
    }
}
