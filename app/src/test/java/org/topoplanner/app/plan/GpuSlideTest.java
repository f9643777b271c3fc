package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Where a share's GPUs land when dragged by one of them onto another GPU of an 8-GPU node. */
class GpuSlideTest {
    private static final List<Integer> EIGHT = List.of(0, 1, 2, 3, 4, 5, 6, 7);

    @ParameterizedTest(name = "share {0} grabbed by {1}, dropped on {2} (selected: {3}) lands on {4}")
    @CsvSource(delimiter = '|', textBlock = """
            0 1     | 0 | 4 |       | 4 5
            0 1     | 1 | 5 |       | 4 5
            0 1     | 0 | 3 |       | 3 4
            0 1     | 0 | 7 |       | 6 7
            4 5 6 7 | 7 | 2 |       | 0 1 2 3
            0 2     | 0 | 5 |       | 5 7
            0 2     | 2 | 7 |       | 5 7
            0 1     | 0 | 6 | 2 6   | 2 6
            0 1     | 0 | 6 | 2 5 6 | 6 7
            0 1     | 0 | 1 | 2 6   | 1 2
            """)
    void landsWhereTheGrabbedGpuIsDroppedKeepingTheOthersDistances(String share, int grabbed, int pointed,
                                                                    String selected, String expected) {
        GpuSlide slide = new GpuSlide(EIGHT, ints(share), grabbed);
        assertThat(slide.landing(pointed, Set.copyOf(ints(selected)))).containsExactlyElementsOf(ints(expected));
    }

    @ParameterizedTest(name = "gaps in the numbering: share {0} grabbed by {1}, dropped on {2} lands on {3}")
    @CsvSource(delimiter = '|', textBlock = """
            0 2 | 0 | 4 | 4 6
            0 2 | 2 | 6 | 4 6
            4 6 | 4 | 0 | 0 2
            """)
    void countsDistancesInTheNodesGpuOrder(String share, int grabbed, int pointed, String expected) {
        GpuSlide slide = new GpuSlide(List.of(6, 0, 4, 2), ints(share), grabbed);
        assertThat(slide.landing(pointed, Set.of())).containsExactlyElementsOf(ints(expected));
    }

    @ParameterizedTest(name = "share {0} grabbed by {1}, dropped on {2}: nowhere")
    @CsvSource(delimiter = '|', textBlock = """
            0 1 | 0 | 9
            0 1 | 3 | 4
            0 9 | 0 | 4
            """)
    void landsNowhereWhenAGpuIsNotTheNodes(String share, int grabbed, int pointed) {
        assertThat(new GpuSlide(EIGHT, ints(share), grabbed).landing(pointed, Set.of())).isEmpty();
    }

    private static List<Integer> ints(String s) {
        return s == null || s.isBlank() ? List.of()
                : Arrays.stream(s.trim().split("\\s+")).map(Integer::valueOf).collect(Collectors.toList());
    }
}
