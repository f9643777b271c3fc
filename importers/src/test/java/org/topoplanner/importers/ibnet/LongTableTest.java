package org.topoplanner.importers.ibnet;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LongTableTest {
    @Test
    void agreesWithAHashMapThroughGrowthOnGuidLikeKeys() {
        LongTable table = new LongTable(4);
        Map<Long, Long> expected = new HashMap<>();
        Random random = new Random(7);
        // GUIDs of one fabric share their high bits; negative keys are GUIDs with the top bit set.
        for (int i = 0; i < 20_000; i++) {
            long key = random.nextBoolean() ? 0x0c42a10300100000L + random.nextInt(40_000) : random.nextLong();
            long value = random.nextLong();
            table.put(key, value);
            expected.put(key, value);
        }
        assertThat(table.size()).isEqualTo(expected.size());
        expected.forEach((k, v) -> assertThat(table.get(k, -1)).isEqualTo(v));
        assertThat(table.contains(0x0c42a10300100000L + 50_000)).isFalse();
        assertThat(table.get(0x0c42a10300100000L + 50_000, -7)).isEqualTo(-7);
    }

    /** The one key that marks a free slot inside the table (a GUID with only the top bit set) is a key too. */
    @Test
    void keepsTheKeyThatMarksAFreeSlot() {
        LongTable table = new LongTable(2);
        assertThat(table.contains(Long.MIN_VALUE)).isFalse();
        assertThat(table.get(Long.MIN_VALUE, -3)).isEqualTo(-3);
        table.put(Long.MIN_VALUE, 9);
        table.put(Long.MIN_VALUE, 11);
        for (long k = 0; k < 100; k++) {
            table.put(k, k * 2);
        }
        assertThat(table.size()).isEqualTo(101);
        assertThat(table.get(Long.MIN_VALUE, -3)).isEqualTo(11);
        assertThat(table.get(99, -3)).isEqualTo(198);
    }

    @Test
    void putReplacesTheValueOfAKnownKey() {
        LongTable table = new LongTable(1);
        table.put(-2, 1);
        table.put(-2, 5);
        assertThat(table.size()).isEqualTo(1);
        assertThat(table.get(-2, 0)).isEqualTo(5);
    }
}
