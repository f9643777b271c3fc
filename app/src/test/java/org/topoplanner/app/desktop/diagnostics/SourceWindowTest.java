package org.topoplanner.app.desktop.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Which lines the source viewer reads around a diagnostic's line. */
class SourceWindowTest {

    @ParameterizedTest(name = "line {0}, context {1} -> {2}..{3}")
    @CsvSource(textBlock = """
            # line, context, first, last, target
            100,    10,      90,    110,  100
            3,      10,      1,     13,   3
            1,      0,       1,     1,    1
            0,      10,      1,     21,   0
            2147483647, 5,   2147483642, 2147483647, 2147483647
            """)
    void spansTheContextEitherSideClampedAtTheStart(int line, int context, int first, int last, int target) {
        SourceWindow w = SourceWindow.around(line, context);
        assertThat(w).isEqualTo(new SourceWindow(first, last, target));
        assertThat(w.size()).isEqualTo(last - first + 1);
    }

    @Test
    void containsOnlyItsOwnLines() {
        SourceWindow w = SourceWindow.around(50, 2);
        assertThat(w.contains(47)).isFalse();
        assertThat(w.contains(48)).isTrue();
        assertThat(w.contains(52)).isTrue();
        assertThat(w.contains(53)).isFalse();
    }

    @Test
    void refusesANegativeContext() {
        assertThatThrownBy(() -> SourceWindow.around(5, -1)).isInstanceOf(IllegalArgumentException.class);
    }
}
