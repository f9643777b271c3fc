package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The {@code --gpus-per-socket} requests sbatch refuses itself ({@link GpusPerSocketRefusal}): the refusal names what
 * sbatch says, not "not emulated", because no release submits such a job (own case sb7a s4, REJECTED by 22.05.8,
 * 24.11.5 and 26.05.5 with "--gpus-per-socket option requires --sockets-per-node specification"). With
 * {@code --sockets-per-node} the pair is read (emulated since branch g12c), and {@code --sockets-per-node} alone is
 * still refused as not emulated.
 */
class GpusPerSocketRefusalTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        // line; the refusal begins with
        "-N1 --gpus-per-socket=1;                                 --gpus-per-socket option requires --sockets-per-node",
        "-w q1 --gpus-per-socket=2 -n2;                           --gpus-per-socket option requires --sockets-per-node",
        "-N1 --gpus-per-socket=1 --ntasks-per-gpu=1;              --gpus-per-socket is mutually exclusive with --ntasks-per-gpu",
        "-N1 --sockets-per-node=2 --gpus-per-socket=1 --ntasks-per-gpu=2; --gpus-per-socket is mutually exclusive",
    })
    void sbatchRefusesTheJob(String line, String refusal) {
        assertThatThrownBy(() -> SbatchOptions.parseLine(line, "j"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> {
                    assertThat(e.problems()).anyMatch(p -> p.startsWith(refusal));
                    assertThat(e.problems()).noneMatch(p -> p.contains("not emulated"));
                });
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        // line; --gpus-per-socket; --sockets-per-node
        "-N1 --sockets-per-node=2 --gpus-per-socket=1;          1; 2",
        "-N2 --gpus-per-socket=2 --sockets-per-node=1 -c3;      2; 1",
        "-w q1 --gpus-per-socket=a100:1 --sockets-per-node=4;   1; 4",
    })
    void withSocketsPerNodeThePairIsRead(String line, int perSocket, int sockets) throws Exception {
        JobRequest r = SbatchOptions.parseLine(line, "j");
        assertThat(r.gpusPerSocket()).isEqualTo(perSocket);
        assertThat(r.socketsPerNode()).isEqualTo(sockets);
        assertThat(r.asksForGpus()).isTrue();
        // written back and read again, the same request (the GPU type too)
        assertThat(SbatchOptions.parse(r.toSbatchArgs(), "j")).isEqualTo(r);
    }

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
        "-N1 --sockets-per-node=2",
        "-N2 --sockets-per-node=1 --gpus-per-node=2",
    })
    void socketsPerNodeAloneIsNotEmulated(String line) {
        assertThatThrownBy(() -> SbatchOptions.parseLine(line, "j"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems())
                        .anyMatch(p -> p.startsWith("--sockets-per-node=")
                                && p.contains("changes where Slurm places the job and is not emulated")));
    }
}
