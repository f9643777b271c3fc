package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeNameOrderTest {

    /** The order {@code scontrol show node} printed in own probe nameorder (22.05.8 and 24.11.5). */
    @Test
    void sortsNodeNamesAsSlurmctldDoes() {
        List<String> names = new ArrayList<>(List.of("zz1", "aa1", "mm1", "d7", "d10", "gpu1", "gpu-b1", "n02", "n1"));
        names.sort(NodeNameOrder.INSTANCE);
        assertThat(names).containsExactly("aa1", "d7", "d10", "gpu-b1", "gpu1", "mm1", "n02", "n1", "zz1");
    }

    @Test
    void comparesDigitRunsByValueUnlessZeroPadded() {
        assertThat(NodeNameOrder.INSTANCE.compare("dgx9", "dgx10")).isNegative();
        assertThat(NodeNameOrder.INSTANCE.compare("x010", "x009")).isPositive();
        assertThat(NodeNameOrder.INSTANCE.compare("x01", "x1")).isNegative();
        assertThat(NodeNameOrder.INSTANCE.compare("gpu-a4", "gpu-b04")).isNegative();
        assertThat(NodeNameOrder.INSTANCE.compare("n1", "n1")).isZero();
    }
}
