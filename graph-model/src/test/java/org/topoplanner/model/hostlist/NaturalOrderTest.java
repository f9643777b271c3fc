package org.topoplanner.model.hostlist;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Slurm's node-name order, one comparator for hostlists and the node table. The probe's order comes
 * from {@code allocator/src/test/resources/oracle/results/nameorder.jsonl} (own case nameorder).
 */
class NaturalOrderTest {

    /** The order {@code scontrol show node} printed in own probe nameorder (22.05.8 and 24.11.5). */
    @Test
    void sortsNodeNamesAsSlurmctldDoes() {
        List<String> names = new ArrayList<>(List.of("zz1", "aa1", "mm1", "d7", "d10", "gpu1", "gpu-b1", "n02", "n1"));
        names.sort(NaturalOrder.INSTANCE);
        assertThat(names).containsExactly("aa1", "d7", "d10", "gpu-b1", "gpu1", "mm1", "n02", "n1", "zz1");
    }

    @Test
    void comparesDigitRunsByValueUnlessZeroPadded() {
        assertThat(NaturalOrder.INSTANCE.compare("dgx9", "dgx10")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("x010", "x009")).isPositive();
        assertThat(NaturalOrder.INSTANCE.compare("x01", "x1")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("gpu-a4", "gpu-b04")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("n1", "n1")).isZero();
    }

    @Test
    void tellsEveryTwoDifferentNamesApartSoSortingIsTotal() {
        assertThat(NaturalOrder.INSTANCE.compare("n01", "n1")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("n1", "n01")).isPositive();
        assertThat(NaturalOrder.INSTANCE.compare("n1a", "n1")).isPositive();
        assertThat(NaturalOrder.INSTANCE.compare("n10", "n010")).isPositive();
    }

    /** C's signed char: a UTF-8 lead byte is negative, so a non-ASCII name sorts before every ASCII one. */
    @Test
    void putsNonAsciiCharactersBeforeAsciiAsSignedCharsDo() {
        assertThat(NaturalOrder.INSTANCE.compare("nöde1", "node1")).isNegative();
        assertThat(NaturalOrder.INSTANCE.compare("node1", "nöde1")).isPositive();
    }
}
