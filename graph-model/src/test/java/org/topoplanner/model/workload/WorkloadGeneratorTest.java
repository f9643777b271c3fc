package org.topoplanner.model.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadGeneratorTest {
    private static List<WorkloadJob> jobs(String spec) throws WorkloadSpecException {
        List<WorkloadJob> out = new ArrayList<>();
        WorkloadGenerator.parse(spec).forEach(out::add);
        return out;
    }

    @Test
    void sameSpecGivesTheSameJobsAndAnotherSeedOthers() throws Exception {
        assertThat(jobs("gen:helios:jobs=500:seed=7")).isEqualTo(jobs("gen:helios:jobs=500:seed=7"));
        assertThat(jobs("gen:helios:jobs=500:seed=8")).isNotEqualTo(jobs("gen:helios:jobs=500:seed=7"));
    }

    @Test
    void sizesFollowTheProfilesWeights() throws Exception {
        List<WorkloadJob> js = jobs("gen:philly:jobs=20000:seed=3");
        Map<Integer, Integer> count = new HashMap<>();
        js.forEach(j -> count.merge(j.gpus(), 1, Integer::sum));
        assertThat(count.keySet()).isSubsetOf(WorkloadProfile.PHILLY.sizeWeights().keySet());
        assertThat(count.get(1) / 20000.0).isCloseTo(0.70, org.assertj.core.data.Offset.offset(0.015));
        assertThat(count.get(8) / 20000.0).isCloseTo(0.07, org.assertj.core.data.Offset.offset(0.01));
    }

    @Test
    void largeJobsTakeWholeNodesOfTheGivenWidth() throws Exception {
        for (WorkloadJob j : jobs("gen:large-training:jobs=300:gpn=4")) {
            assertThat(j.request().gpusPerNode()).isEqualTo(4);
            assertThat(j.nodes() * 4).isEqualTo(j.gpus());
        }
    }

    @Test
    void arrivalsAreInOrderAtTheRequestedRateAndRunTimesAroundTheMedian() throws Exception {
        List<WorkloadJob> js = jobs("gen:pai:jobs=20000:rate=360:median=100");
        for (int i = 1; i < js.size(); i++) {
            assertThat(js.get(i).submit()).isGreaterThanOrEqualTo(js.get(i - 1).submit());
        }
        double meanGap = js.get(js.size() - 1).submit() / (double) (js.size() - 1);
        assertThat(meanGap).isCloseTo(10.0, org.assertj.core.data.Offset.offset(0.5));
        long[] runs = js.stream().mapToLong(WorkloadJob::runSeconds).sorted().toArray();
        assertThat(runs[runs.length / 2]).isBetween(90L, 110L);
    }

    @Test
    void specRoundTripsThroughItsText() throws Exception {
        WorkloadGenerator g = WorkloadGenerator.parse("gen:pai:jobs=12:seed=-4:rate=2.5");
        assertThat(WorkloadGenerator.parse(g.spec())).isEqualTo(g);
    }

    @Test
    void badSpecsSayWhat() {
        assertThatThrownBy(() -> WorkloadGenerator.parse("gen:nosuch")).hasMessageContaining("unknown profile 'nosuch'")
                .hasMessageContaining("philly");
        assertThatThrownBy(() -> WorkloadGenerator.parse("gen:pai:jobs=x")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> WorkloadGenerator.parse("gen:pai:rate=-1")).hasMessageContaining("positive");
        assertThatThrownBy(() -> WorkloadGenerator.parse("gen:pai:colour=red")).hasMessageContaining("unknown key");
        assertThatThrownBy(() -> WorkloadGenerator.parse("gen:pai:jobs")).hasMessageContaining("not key=value");
    }
}
