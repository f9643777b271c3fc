package org.topoplanner.model.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code --topology-manager-policy-options} read as the kubelet's {@code NewPolicyOptions} reads them. */
class TopologyManagerOptionsTest {
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            ''                                                          | closest=false max=8
            prefer-closest-numa-nodes=true                              | closest=true max=8
            prefer-closest-numa-nodes=1                                 | closest=true max=8
            max-allowable-numa-nodes=16                                 | closest=false max=16
            prefer-closest-numa-nodes=True,max-allowable-numa-nodes=9   | closest=true max=9
            prefer-closest-numa-nodes=true;max-allowable-numa-nodes=12  | closest=true max=12
            """)
    void readsWhatTheKubeletAccepts(String items, String expected) {
        List<String> list = items.isEmpty() ? List.of() : Arrays.asList(items.split(";"));
        TopologyManagerOptions.Parsed p = TopologyManagerOptions.parse(list);
        assertThat(p).isInstanceOf(TopologyManagerOptions.Valid.class);
        TopologyManagerOptions o = ((TopologyManagerOptions.Valid) p).options();
        assertThat("closest=" + o.preferClosestNumaNodes() + " max=" + o.maxAllowableNumaNodes()).isEqualTo(expected);
        assertThat(TopologyManagerOptions.parse(o.flag().isEmpty() ? List.of() : List.of(o.flag())))
                .isEqualTo(new TopologyManagerOptions.Valid(o));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            max-allowable-numa-nodes=4       | should not be less than 8
            max-allowable-numa-nodes=many    | not a number
            prefer-closest-numa-nodes=yes    | not true or false
            unknown-option=true              | unknown Topology Manager Policy option
            prefer-closest-numa-nodes        | key=value
            """)
    void refusesWhatTheKubeletRefuses(String item, String message) {
        TopologyManagerOptions.Parsed p = TopologyManagerOptions.parse(List.of(item));
        assertThat(p).isInstanceOf(TopologyManagerOptions.Invalid.class);
        assertThat(((TopologyManagerOptions.Invalid) p).message()).contains(message);
    }
}
