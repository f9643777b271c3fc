package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Expected values are what the real {@code scontrol show hostnames/hostlist} of Slurm 22.05.8 printed. */
class HostlistMoreCasesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            node[01-08,10]            | node01 node02 node03 node04 node05 node06 node07 node08 node10
            hpc[001-003],gpu[01-02]   | hpc001 hpc002 hpc003 gpu01 gpu02
            switch.2.[1-3]            | switch.2.1 switch.2.2 switch.2.3
            10.21.105.[11-14]         | 10.21.105.11 10.21.105.12 10.21.105.13 10.21.105.14
            a[1-2]b[3-4]              | a1b3 a1b4 a2b3 a2b4
            n[01-3]                   | n01 n02 n03
            n[9-11]                   | n9 n10 n11
            n[1,1]                    | n1 n1
            a,,b                      | a b
            /dev/nvidia[0-3]          | /dev/nvidia0 /dev/nvidia1 /dev/nvidia2 /dev/nvidia3
            """)
    void expandsAsScontrolShowHostnames(String expression, String hosts) throws Exception {
        assertThat(Hostlist.expand(expression)).containsExactly(hosts.split(" "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            n[3-1]
            leaf[A-B]
            n[1-2]-ib
            n[]
            n[1-2
            n[0-99999999]
            """)
    void rejectsWhatScontrolRejects(String expression) {
        assertThatThrownBy(() -> Hostlist.expand(expression)).isInstanceOf(HostlistSyntaxException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            node9,node10                         | node[9-10]
            node09,node10                        | node[09-10]
            node1,node01                         | node[1,01]
            a1,b1,a2                             | a1,b1,a2
            a1,a2,b1,a3                          | a[1-2],b1,a3
            node01                               | node01
            node01,node03                        | node[01,03]
            10.21.105.11,10.21.105.12,10.21.105.13 | 10.21.105.[11-13]
            n3,n1,n2                             | n[3,1-2]
            n1,n1,n2                             | n[1,1-2]
            x,y                                  | x,y
            n8,n9,n10,n11                        | n[8-11]
            n08,n9                               | n[08,9]
            n1-ib,n2-ib                          | n1-ib,n2-ib
            node001,node002,node10               | node[001-002,10]
            n00,n01,n1                           | n[00-01,1]
            node,node1                           | node,node1
            a.1,a.2                              | a.[1-2]
            """)
    void compressesAsScontrolShowHostlist(String hosts, String expected) {
        assertThat(Hostlist.compress(Arrays.asList(hosts.split(",")))).isEqualTo(expected);
    }

    @Property(tries = 300)
    void expandingTheCompressedListGivesTheListBack(
            @ForAll @Size(min = 1, max = 30) List<@IntRange(min = 0, max = 120) Integer> numbers,
            @ForAll @IntRange(min = 0, max = 3) int padding, @ForAll("prefixes") String prefix) throws Exception {
        List<String> hosts = numbers.stream().map(n -> prefix + String.format("%0" + (padding + 1) + "d", n)).toList();
        assertThat(Hostlist.expand(Hostlist.compress(hosts))).isEqualTo(hosts);
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> prefixes() {
        return net.jqwik.api.Arbitraries.of("node", "gpu-a", "rack1n", "10.0.0.", "x.");
    }
}
