package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Cases answered by the real {@code scontrol} 22.05.8, kept as plain tables (see the .tsv headers). */
class HostlistCasesTest {

    static Stream<Arguments> expandCases() throws IOException {
        return table("expand-cases.tsv");
    }

    static Stream<Arguments> compressCases() throws IOException {
        return table("compress-cases.tsv");
    }

    private static Stream<Arguments> table(String name) throws IOException {
        try (InputStream in = HostlistCasesTest.class.getResourceAsStream("/hostlist/" + name)) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return text.lines().filter(l -> !l.startsWith("#") && !l.isEmpty())
                    .map(l -> l.split("\t", -1)).map(p -> Arguments.of(p[0], p[1])).toList().stream();
        }
    }

    @ParameterizedTest(name = "expand \"{0}\"")
    @MethodSource("expandCases")
    void expandsLikeScontrolShowHostnames(String expr, String expected) throws Exception {
        if (expected.equals("ERROR")) {
            assertThatThrownBy(() -> Hostlist.expand(expr)).isInstanceOf(HostlistSyntaxException.class);
        } else {
            assertThat(Hostlist.expand(expr)).containsExactlyElementsOf(Arrays.asList(expected.split(" ")));
        }
    }

    @ParameterizedTest(name = "compress {0}")
    @MethodSource("compressCases")
    void compressesLikeScontrolShowHostlist(String names, String expected) throws Exception {
        List<String> list = Arrays.asList(names.split(","));
        assertThat(Hostlist.compress(list)).isEqualTo(expected);
        assertThat(Hostlist.expand(expected)).containsExactlyElementsOf(list);
    }
}
