package org.topoplanner.model.node;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GpuTypeMatchTest {
    @ParameterizedTest(name = "{1} on {0}: {2}")
    @CsvSource(delimiter = '|', value = {
        "NVIDIA H100 80GB HBM3 | h100      | true",
        "NVIDIA H100 80GB HBM3 | H100-80GB | true",
        "NVIDIA H100 80GB HBM3 | nvidia h100 80gb hbm3 | true",
        "A100-SXM4-80GB        | a100      | true",
        "A100-SXM4-80GB        | a100_sxm4 | true",
        "A100-SXM4-80GB        | -8        | false",
        "A100-SXM4-80GB        | 80        | false",
        "A100-SXM4-80GB        | 100       | false",
        "A100-SXM4-80GB        | a10       | false",
        "NVIDIA H100 80GB HBM3 | h10       | false",
    })
    void aTypeIsTheModelOrARunOfItsWords(String model, String type, boolean answers) {
        assertThat(GpuTypeMatch.answers(model, type)).isEqualTo(answers);
    }
}
