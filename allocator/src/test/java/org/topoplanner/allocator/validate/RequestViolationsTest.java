package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.validate.Fixture.EXAMPLE;
import static org.topoplanner.allocator.validate.Fixture.VALIDATOR;
import static org.topoplanner.allocator.validate.Fixture.codes;
import static org.topoplanner.allocator.validate.Fixture.placement;
import static org.topoplanner.allocator.validate.Fixture.request;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.diag.Severity;

/** The placement against the request itself, on the idle example cluster (8 GPUs, 32 cores per node). */
class RequestViolationsTest {

    @ParameterizedTest(name = "{0}: {1} / {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # code             | request                                | placement (hosts separated by spaces)  | sentence
            GANG_INCOMPLETE    | -N 2 --gpus-per-node=4                  | node01:0,1,2,3:0                       | job is placed on 1 node of the 2 it asks for; the job starts only when all are placed
            GANG_INCOMPLETE    | -N 1 --gpus-per-node=4                  | node01:0,1,2:0                         | node01 gives job 3 GPUs of the 4 it asks for per node
            GANG_INCOMPLETE    | --gpus=4                                | node01:0,1:0                           | job gets 2 GPUs of the 4 it asks for
            NODE_COUNT         | -N 1 --gpus-per-node=1                  | node01:0:0 node02:0:0                  | job is placed on 2 nodes, more than the 1 it allows (-N)
            GPU_COUNT          | -N 1 --gpus-per-node=1                  | node01:0,1:0                           | node01 gives job 2 GPUs, more than the 1 per node it asks for
            GPU_COUNT          | -N 1                                    | node01:0:0                             | node01 gives job 1 GPU, more than none asked for
            CPU_COUNT          | -N 1 --gpus-per-node=2 --cpus-per-gpu=4 | node01:0,1:0-3                         | node01 gives job 4 CPUs; it needs 8 there (--cpus-per-gpu=4 x 2 GPUs)
            UNKNOWN_HOST       | -N 1                                    | node99::0                              | The cluster has no host node99; Slurm rejects the name (Invalid node name specified)
            UNKNOWN_GPU        | -N 1 --gpus-per-node=1                  | node01:8:0                             | node01 has no GPU 8 (it has 8 GPUs)
            UNKNOWN_CPU        | -N 1                                    | node01::32                             | node01 has no CPU 32 (its CPU ids are 0-31)
            UNKNOWN_NIC        | -N 1 --gpus-per-node=1                  | node01:0:0:0=NIC9                      | node01 has no NIC NIC9 (given to GPU 0)
            DUPLICATE_HOST     | -N 1 --gpus-per-node=1                  | node01:0:0 node01:1:1                  | node01 is listed more than once in the placement of job; a job holds a host once
            NODELIST_VIOLATED  | -N 2 -w node01,node03                   | node01::0 node02::0                    | node03 is in the request's --nodelist but not in the placement; Slurm gives a job every host of its node list
            EXCLUDED_NODE      | -N 1 -x node01                          | node01::0                              | node01 is in the request's --exclude but the placement uses it
            GPU_TYPE           | -N 1 --gpus-per-node=h100:1             | node01:0:0                             | node01 GPU 0 is NVIDIA A100-SXM4-80GB, not the requested type h100
            """)
    void firesWithASentenceThatNamesTheElements(String code, String req, String hosts, String sentence) {
        List<Violation> v = VALIDATOR.validate(ClusterState.empty(EXAMPLE), request(req),
                placement("job", hosts.split(" ")));
        assertThat(v).filteredOn(x -> x.code().equals(code)).singleElement().satisfies(x -> {
            assertThat(x.sentence()).isEqualTo(sentence);
            assertThat(x.severity()).isEqualTo(Severity.ERROR);
        });
    }

    @ParameterizedTest(name = "{0}: {1} / {2}")
    @CsvSource(delimiter = '|', textBlock = """
            # code             | request                                | placement that is right
            GANG_INCOMPLETE    | -N 2 --gpus-per-node=4                  | node01:0,1,2,3:0 node02:0,1,2,3:0
            GANG_INCOMPLETE    | --gpus=4                                | node01:0,1:0 node02:0,1:0
            NODE_COUNT         | -N 1-2 --gpus-per-node=1                | node01:0:0 node02:0:0
            GPU_COUNT          | -N 1 --exclusive                        | node01:0,1,2,3,4,5,6,7:0-31
            CPU_COUNT          | -N 1 --gpus-per-node=2 --cpus-per-gpu=4 | node01:0,1:0-7
            UNKNOWN_HOST       | -N 1                                    | node32::0
            UNKNOWN_GPU        | -N 1 --gpus-per-node=1                  | node01:7:0
            UNKNOWN_CPU        | -N 1                                    | node01::31
            UNKNOWN_NIC        | -N 1 --gpus-per-node=1                  | node01:0:0:0=NIC0
            DUPLICATE_HOST     | -N 2 --gpus-per-node=1                  | node01:0:0 node02:0:0
            NODELIST_VIOLATED  | -N 2 -w node01,node03                   | node03::0 node01::0
            EXCLUDED_NODE      | -N 1 -x node01                          | node02::0
            GPU_TYPE           | -N 1 --gpus-per-node=a100:1             | node01:0:0
            """)
    void doesNotFireOnTheNearRightPlacement(String code, String req, String hosts) {
        List<Violation> v = VALIDATOR.validate(ClusterState.empty(EXAMPLE), request(req),
                placement("job", hosts.split(" ")));
        assertThat(codes(v)).doesNotContain(code);
    }
}
