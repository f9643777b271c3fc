package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Reading pod shapes from the command line, the job line that carries them, and Kubernetes memory quantities. */
class PodShapeOptionsTest {
    private static PodShapeOptions.Given given(Integer pods, List<String> containers, String perNode, Integer min,
                                               Integer sliceSize, String sliceLevel) {
        return new PodShapeOptions.Given(pods, containers, perNode, min, sliceSize, sliceLevel);
    }

    @Test
    void readsPodsContainersGangAndSlices() throws Exception {
        PodShape s = PodShapeOptions.parse(given(4, List.of("gpu=4,cpu=16,mem=64Gi,rdma=1", "gpu=4,cpu=16,hugepages=2Gi"),
                "any", 2, 2, "topoplanner.org/tier-1"));
        assertThat(s.pods()).isEqualTo(4);
        assertThat(s.containers()).containsExactly(new ContainerSpec(4, 16, 65536, 0, 1),
                new ContainerSpec(4, 16, 0, 2048, 0));
        assertThat(s.podsPerNode()).isEqualTo(PodShape.PodsPerNode.ANY);
        assertThat(s.gang()).isEqualTo(2);
        assertThat(s.sliceSize()).isEqualTo(2);
        assertThat(s.sliceLevel()).isEqualTo("topoplanner.org/tier-1");
        assertThat(PodShapeOptions.parse(given(1, List.of("gpu=8"), null, null, null, null)).onePerNode()).isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            no --pods            |   | gpu=1          |     |   |   |       | --pods is needed
            no --container       | 2 |                |     |   |   |       | --container is needed with --pods
            unknown key          | 2 | gpu=1,tpu=2    |     |   |   |       | unknown key 'tpu'
            not key=value        | 2 | gpu            |     |   |   |       | 'gpu' is not key=value
            key twice            | 2 | gpu=1,gpu=2    |     |   |   |       | gpu is given twice
            bad count            | 2 | gpu=-1         |     |   |   |       | gpu '-1' is not a whole count
            bad memory           | 2 | mem=64GB       |     |   |   |       | mem '64GB': unknown unit 'GB'
            bad pods per node    | 2 | gpu=1          | few |   |   |       | --pods-per-node=few: expected one or any
            gang above the pods  | 2 | gpu=1          |     | 3 |   |       | --min-member 3 must be from 1 to the 2 pods
            slice not dividing   | 4 | gpu=1          |     |   | 3 | rack  | --slice-size 3 must divide the 4 pods
            slice without level  | 4 | gpu=1          |     |   | 2 |       | --slice-size and --slice-level go together
            zero pods            | 0 | gpu=1          |     |   |   |       | --pods must be at least 1, not 0
            """)
    void namesEveryProblem(String what, Integer pods, String container, String perNode, Integer min, Integer sliceSize,
                           String sliceLevel, String problem) {
        List<String> cs = container == null ? List.of() : List.of(container);
        assertThatThrownBy(() -> PodShapeOptions.parse(given(pods, cs, perNode, min, sliceSize, sliceLevel)))
                .isInstanceOfSatisfying(JobRequestException.class,
                        e -> assertThat(String.join("; ", e.problems())).contains(problem));
    }

    @ParameterizedTest(name = "{0} = {1} MiB")
    @CsvSource({"64Gi, 65536", "512Mi, 512", "1.5Gi, 1536", "1Ti, 1048576", "1G, 954", "1000M, 954", "1048576, 1",
            "1, 1", "0, 0", "2048Ki, 2"})
    void readsKubernetesMemoryQuantities(String text, long mib) {
        assertThat(KubeQuantity.parseMiB(text)).isEqualTo(mib);
    }

    @Test
    void writesTheShortestExactBinarySpelling() {
        assertThat(KubeQuantity.format(65536)).isEqualTo("64Gi");
        assertThat(KubeQuantity.format(1536)).isEqualTo("1536Mi");
        assertThat(KubeQuantity.format(2 * 1024 * 1024)).isEqualTo("2Ti");
        assertThat(KubeQuantity.parseMiB(KubeQuantity.format(123456))).isEqualTo(123456);
    }

    @Test
    void aJobLineCarriesThePodShapeAndReadsBackItsOwnSpelling() throws Exception {
        JobRequest r = JobLine.parse(List.of("-J", "train", "--pods", "2", "--container=gpu=4,cpu=8,rdma=1",
                "--container", "gpu=4,cpu=8", "--min-member=2"), "job");
        assertThat(r.name()).isEqualTo("train");
        assertThat(r.podShape().containers()).hasSize(2);
        assertThat(r.podShape().gang()).isEqualTo(2);
        assertThat(JobLine.parse(JobLine.toArgs(r), "job")).isEqualTo(r);
        JobRequest plain = JobLine.parse(List.of("-N", "4", "--gpus-per-node=8", "--mem=64G"), "job");
        assertThat(plain).isEqualTo(SbatchOptions.parseLine("-N 4 --gpus-per-node=8 --mem=64G"));
        assertThat(plain.memMiB()).isEqualTo(65536);
        assertThat(JobLine.parse(JobLine.toArgs(plain), "job")).isEqualTo(plain);
        assertThatThrownBy(() -> JobLine.parse(List.of("-N", "x", "--pods=y"), "job"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems()).hasSize(2));
    }

    @Test
    void sbatchMemTakesSlurmUnits() throws Exception {
        assertThat(SbatchOptions.parseLine("--mem=2T").memMiB()).isEqualTo(2L * 1024 * 1024);
        assertThat(SbatchOptions.parseLine("--mem=1500").memMiB()).isEqualTo(1500);
        assertThat(SbatchOptions.parseLine("--mem=1536K").memMiB()).isEqualTo(2);
        assertThatThrownBy(() -> SbatchOptions.parseLine("--mem=lots"))
                .isInstanceOfSatisfying(JobRequestException.class,
                        e -> assertThat(e.problems()).containsExactly(
                                "--mem=lots: expected a size such as 64G or 512M (units K, M, G, T)"));
    }

    @Test
    void aJobLineGivesAShapeWhenAnyShapeOptionStandsInIt() {
        assertThat(JobLine.hasShapeOptions(List.of("-N", "2", "--gpus-per-node=8"))).isFalse();
        assertThat(JobLine.hasShapeOptions(List.of("-N", "2", "--min-member=1"))).isTrue();
        assertThat(JobLine.hasShapeOptions(List.of("--pods", "2", "--container", "gpu=8"))).isTrue();
        // only the options themselves count, not names that begin like them
        assertThat(JobLine.hasShapeOptions(List.of("-J", "--podsx"))).isFalse();
    }
}
