package org.topoplanner.model.cpu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CpuSetTest {

    @ParameterizedTest(name = "\"{0}\" is \"{1}\"")
    @CsvSource(delimiter = '|', quoteCharacter = '"', emptyValue = "", textBlock = """
            0-15,32-47          | 0-15,32-47
            0,2,4,6             | 0,2,4,6
            0-0,8-8             | 0,8
            [0-3]               | 0-3
            ""                  | ""
            "   "               | ""
            []                  | ""
            " 0 - 3 , 8 "       | 0-3,8
            " [ 1,2 ] "         | 1-2
            8,0-3,2             | 0-3,8
            0-3,4-7             | 0-7
            3,1,2               | 1-3
            1048575             | 1048575
            """)
    void parsesCpuListsIntoTheCanonicalForm(String text, String canonical) {
        assertThat(CpuSet.parse(text)).hasToString(canonical);
    }

    @ParameterizedTest(name = "\"{0}\" fails at {1}: {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            0-3,x      | 4  | expected a CPU id, not 'x'
            0-3,       | 4  | missing at the end
            ,1         | 0  | expected a CPU id, not ','
            1,,2       | 2  | expected a CPU id, not ','
            5-2        | 1  | descending range 5-2
            1-2-3      | 3  | expected ',' between items, not '-'
            +1         | 0  | expected a CPU id, not '+'
            -1         | 0  | expected a CPU id, not '-'
            [0-3       | 4  | expected ']' closing the '[' at the end
            0-3]       | 3  | expected ',' between items, not ']'
            0-3 4      | 4  | expected ',' between items, not '4'
            0x0f       | 1  | expected ',' between items, not 'x'
            1048576    | 0  | CPU id above 1048575
            0-99999999999 | 2 | CPU id above 1048575
            """)
    void reportsTheColumnOfAMalformedList(String text, int column, String reason) {
        assertThatThrownBy(() -> CpuSet.parse(text)).isInstanceOfSatisfying(CpuSetSyntaxException.class, e -> {
            assertThat(e.column()).isEqualTo(column);
            assertThat(e.reason()).contains(reason);
            assertThat(e.text()).isEqualTo(text);
            assertThat(e).isInstanceOf(IllegalArgumentException.class);
        });
    }

    @ParameterizedTest(name = "{0} is \"{1}\"")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            0x000000ff                 | 0-7
            0x000000ff,0x0000ff00      | 8-15,32-39
            0x0000000f,,0xff           | 0-7,64-67
            0x00000001,,,0x0           | 96
            0x00000006,0x0             | 33-34
            0x0000000f,,,0x0000000f    | 0-3,96-99
            0x0                        | ""
            0xFF                       | 0-7
            ffffffff                   | 0-31
            """)
    void readsHwlocMasks(String mask, String canonical) {
        assertThat(CpuSet.fromHwlocMask(mask)).hasToString(canonical);
    }

    /** Written by hwloc-calc 2.9.0 on a synthetic "pack:2 core:32 pu:2" machine. */
    @ParameterizedTest(name = "{0} is written {1}")
    @CsvSource(delimiter = '|', textBlock = """
            0          | 0x00000001
            32         | 0x00000001,0x0
            64         | 0x00000001,,0x0
            96         | 0x00000001,,,0x0
            0,64       | 0x00000001,,0x00000001
            0-3,96-99  | 0x0000000f,,,0x0000000f
            33-34      | 0x00000006,0x0
            0-7        | 0x000000ff
            0-127      | 0xffffffff,0xffffffff,0xffffffff,0xffffffff
            """)
    void writesHwlocMasksAsHwlocCalcDoes(String list, String mask) {
        assertThat(CpuSet.parse(list).toHwlocMask()).isEqualTo(mask);
        assertThat(CpuSet.fromHwlocMask(mask)).isEqualTo(CpuSet.parse(list));
    }

    @Test
    void writesTheEmptySetAsAZeroMask() {
        assertThat(CpuSet.empty().toHwlocMask()).isEqualTo("0x0");
    }

    @Test
    void needsTheMachineSizeForAnInfiniteMask() {
        assertThatThrownBy(() -> CpuSet.fromHwlocMask("0xf...f,0x000000ff"))
                .isInstanceOf(CpuSetSyntaxException.class).hasMessageContaining("infinite");
        assertThat(CpuSet.fromHwlocMask("0xf...f,0x0000ff00", 40)).hasToString("8-15,32-39");
        assertThat(CpuSet.fromHwlocMask("0xf...f", 16)).hasToString("0-15");
        assertThat(CpuSet.fromHwlocMask("0x0000ff0f,0x000000ff", 36)).hasToString("0-7,32-35");
    }

    @ParameterizedTest(name = "\"{0}\" fails at {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            0x123456789       | 0
            0x00ff,0xzz       | 7
            ""                | 0
            0x                | 0
            """)
    void reportsTheColumnOfAMalformedMask(String mask, int column) {
        assertThatThrownBy(() -> CpuSet.fromHwlocMask(mask))
                .isInstanceOfSatisfying(CpuSetSyntaxException.class, e -> assertThat(e.column()).isEqualTo(column));
    }

    @Test
    void combinesSets() {
        CpuSet a = CpuSet.range(0, 7);
        CpuSet b = CpuSet.of(4, 5, 6, 7, 8, 9);
        assertThat(a.union(b)).hasToString("0-9");
        assertThat(a.intersection(b)).hasToString("4-7");
        assertThat(a.minus(b)).hasToString("0-3");
        assertThat(a.containsAll(CpuSet.range(2, 3))).isTrue();
        assertThat(a.containsAll(b)).isFalse();
        assertThat(a).hasToString("0-7");
    }

    @Test
    void answersQuestionsAboutItsMembers() {
        CpuSet s = CpuSet.parse("3,5-6");
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.first()).isEqualTo(3);
        assertThat(s.contains(5)).isTrue();
        assertThat(s.contains(4)).isFalse();
        assertThat(s.contains(-1)).isFalse();
        assertThat(s.toList()).containsExactly(3, 5, 6);
        assertThat(s.stream().toArray()).containsExactly(3, 5, 6);
        assertThat(CpuSet.empty().isEmpty()).isTrue();
        assertThat(CpuSet.empty().first()).isEqualTo(-1);
    }

    @Test
    void isEqualByMembersWhateverTheSpelling() {
        assertThat(CpuSet.parse("0-0,1-1")).isEqualTo(CpuSet.of(1, 0)).hasSameHashCodeAs(CpuSet.range(0, 1));
        assertThat(CpuSet.of(List.of(2, 2, 3))).isEqualTo(CpuSet.parse("2-3"));
        assertThat(CpuSet.parse("")).isSameAs(CpuSet.empty());
    }

    @Test
    void refusesIdsOutsideItsRange() {
        assertThatThrownBy(() -> CpuSet.of(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuSet.of(CpuSet.MAX_ID + 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuSet.of(java.util.Arrays.asList(1, null))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuSet.range(5, 4)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CpuSet.range(0, Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
    }
}
