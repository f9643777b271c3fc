package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SbatchOptionsTest {

    private static JobRequest parse(String line) throws JobRequestException {
        return SbatchOptions.parseLine(line);
    }

    @Test
    void readsTheOptionsOfCliMdInBothSpellings() throws Exception {
        JobRequest r = SbatchOptions.parse(List.of("-N4", "--ntasks", "32", "--ntasks-per-node=8",
                "--ntasks-per-socket", "4", "--gpus-per-node=h100:8", "--cpus-per-gpu", "4", "--switches=1@0:05",
                "--gres-flags=enforce-binding", "--exclusive", "-w", "node[01-04]", "-x", "node05", "-J", "train",
                "--segment=2"));
        assertThat(r).isEqualTo(JobRequest.builder().name("train").nodes(4).ntasks(32).ntasksPerNode(8)
                .ntasksPerSocket(4).gpusPerNode(8).gpuType("h100").cpusPerGpu(4)
                .switches(1, Duration.ofSeconds(5)).enforceBinding(true).exclusive(true)
                .nodelist(List.of("node01", "node02", "node03", "node04")).exclude(List.of("node05")).segment(2)
                .build());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            -N 4                     | nodes 4
            -N4                      | nodes 4
            --nodes=4                | nodes 4
            --nodes 4                | nodes 4
            -N 2-4                   | nodes 2-4
            -N4-4                    | nodes 4-4
            -n 8                     | ntasks 8
            -n8                      | ntasks 8
            --ntasks=8               | ntasks 8
            -c 2                     | cpusPerTask 2
            -c2                      | cpusPerTask 2
            --cpus-per-task 2        | cpusPerTask 2
            -G 3                     | gpus 3
            --gpus=a100:3            | gpus 3 a100
            --gpus=a100              | gpus 1 a100
            --gpus=0                 | gpus 0
            --gpus-per-task=2        | gpusPerTask 2
            --gpus-per-task=h100:2   | gpusPerTask 2 h100
            --gres=gpu:4             | gpusPerNode 4
            --gres=gpu:a100:2        | gpusPerNode 2 a100
            --gres=gpu               | gpusPerNode 1
            --gres=gpu:h100          | gpusPerNode 1 h100
            --gres=gpu:1g.10gb:2     | gpusPerNode 2 1g.10gb
            --gres=gpu:1g.10gb       | gpusPerNode 1 1g.10gb
            --gres=gres:gpu:2        | gpusPerNode 2
            --gres=gpu:0             | gpusPerNode 0
            --gres=none              | gpusPerNode 0
            --gpus-per-node=3        | gpusPerNode 3
            -J train                 | name train
            -Jtrain                  | name train
            --job-name=big run       | name big run
            """)
    void readsEachOptionInSbatchSpelling(String option, String expected) throws Exception {
        JobRequest r = SbatchOptions.parse(List.of(option.split(" ", option.startsWith("--job-name") ? 1 : 2)));
        String[] e = expected.split(" ", 2);
        String actual = switch (e[0]) {
            case "nodes" -> r.minNodes() + (r.maxNodes() == null ? "" : "-" + r.maxNodes());
            case "ntasks" -> String.valueOf(r.ntasks());
            case "cpusPerTask" -> String.valueOf(r.cpusPerTask());
            case "gpus" -> r.gpus() + (r.gpuType() == null ? "" : " " + r.gpuType());
            case "gpusPerTask" -> r.gpusPerTask() + (r.gpuType() == null ? "" : " " + r.gpuType());
            case "gpusPerNode" -> r.gpusPerNode() + (r.gpuType() == null ? "" : " " + r.gpuType());
            case "name" -> r.name();
            default -> throw new IllegalStateException(e[0]);
        };
        assertThat(actual).isEqualTo(e[1]);
    }

    /** sbatch 22.05.8 echoes these with -v as switches: 2@00:05:00, 2@00:00:05, ... */
    @ParameterizedTest(name = "--switches=2@{0} waits {1} s")
    @CsvSource(textBlock = """
            5,        300
            0:05,     5
            1:2:3,    3723
            1-2,      93600
            1-2:3,    93780
            1-2:3:4,  93784
            0,        0
            1-,       86400
            90,       5400
            0:90,     90
            """)
    void readsSwitchWaitsAsSbatchDoes(String time, long seconds) throws Exception {
        JobRequest r = SbatchOptions.parse(List.of("--switches=2@" + time));
        assertThat(r.switches()).isEqualTo(2);
        assertThat(r.switchesWait()).isEqualTo(Duration.ofSeconds(seconds));
    }

    @ParameterizedTest(name = "--switches=2@{0} means no wait of its own")
    @CsvSource(textBlock = """
            INFINITE
            UNLIMITED
            unlimited
            -1
            """)
    void readsAnInfiniteWaitAsSlurmsDefault(String time) throws Exception {
        // Slurm's INFINITE is the same value as "not set" for wait4switch: max_switch_wait applies.
        assertThat(SbatchOptions.parse(List.of("--switches=2@" + time)).switchesWait()).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --frobnicate=1              | unknown option --frobnicate
            --gpus-per=8                | option --gpus-per (word 1) is ambiguous, as in sbatch: it begins --gpus-per-node, --gpus-per-socket, --gpus-per-task
            -y                          | unknown option -y (word 1)
            -N 2 -q                     | --qos needs a value (word 3)
            --hold=yes                  | option --hold (word 1) takes no value
            --constraint=a100           | --constraint=a100 (word 1): changes where Slurm places the job and is not emulated
            -N1 -C a100                 | --constraint=a100 (word 2): changes where Slurm places the job
            -N1 --help                  | --help (word 2): sbatch prints and exits with it, submitting no job
            -V                          | --version (word 1): sbatch prints and exits
            -N1 --spread-segments       | --spread-segments (word 2): changes where Slurm places the job and is not emulated (it puts each --segment segment in its own base block) (sbatch 22.05 and 24.11 have no --spread-segments)
            -N x                        | --nodes=x: not a whole number
            -N=4                        | --nodes==4: not a whole number
            -N 0                        | --nodes=0: must be at least 1
            -N 4-2                      | maximum node count 2 is less than minimum node count 4
            -N 2-                       | --nodes=: not a whole number
            -n 0                        | --ntasks=0: must be at least 1
            -n 3x                       | --ntasks=3x: not a whole number
            --ntasks-per-node=0         | --ntasks-per-node=0: must be at least 1
            -c 0                        | --cpus-per-task=0: must be at least 1
            --switches=0                | --switches=0: must be at least 1
            --switches=2@soon           | bad time 'soon'
            --switches=2@5:             | bad time '5:'
            --switches=2@1:2:3:4        | bad time '1:2:3:4'
            --switches=2@1-:            | bad time '1-:'
            --gres=mps:10               | --gres=mps:10: only gpu GRES are supported
            --gres=GPU:2                | case-sensitive
            --gres=gpu:2k               | unit suffix
            --gres=gpu:a100:2,gpu:v100:1 | more than one gpu entry
            --gpus=a100:2,v100:1        | several types in one request are not supported
            --gres-flags=foo            | expected enforce-binding or disable-binding
            --exclusive=node            | expected user, mcs or topo
            -w leaf[A-B]                | --nodelist=leaf[A-B]: Invalid range: `A-B'
            -x n[1-3                    | --exclude=n[1-3: unclosed bracket
            -w ./nodes.txt              | node list files are not supported
            --nodes                     | --nodes needs a value
            script.sh                   | unexpected argument 'script.sh'
            -N 2 -- -N 3                | unexpected argument '-N'
            -c 2 --cpus-per-gpu=4       | --cpus-per-gpu is mutually exclusive with --cpus-per-task
            --gpus=a100:2 --gpus-per-node=h100:1 | GPU type 'h100' differs from 'a100' of --gpus
            --mem=8G --mem-per-gpu=4G   | --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.
            --mem-per-gpu=lots          | --mem-per-gpu=lots: expected a size such as 64G
            -N 1 --mem-per-gpu=8G       | Requested mem_per_tres=gres/gpu:8192 but did not request any GPU.
            -N 1 --mem-per-cpu=4X       | --mem-per-cpu=4X: expected a size
            -N 1 --threads-per-core=0   | --threads-per-core=0: must be at least 1
            -N 1 --hint=fast            | unrecognized --hint argument 'fast'
            -N 1 --hint=memory_bound    | --hint=memory_bound is not supported
            -N 1 --mem=8000 --mem-per-cpu=1000 | --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.
            --gpus=2 --mem-per-gpu=1G --mem-per-cpu=1G | --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.
            -N 2 --gpus=1               | Failed to validate job spec, --gpus < -N
            -N 3-4 --gpus=a100:2        | Failed to validate job spec, --gpus < -N
            -w k2,g1,s2 --gpus=2        | Failed to validate job spec, --gpus < -N
            -N 1 --partition=           | Invalid partition name specified
            -N 1 -p a=b                 | --partition needs names
            """)
    void namesTheOptionOfEveryProblem(String line, String problem) {
        assertThatThrownBy(() -> parse(line)).isInstanceOfSatisfying(JobRequestException.class,
                e -> assertThat(e.problems()).anyMatch(p -> p.contains(problem)));
    }

    /** {@code --mem-per-gpu} in sbatch's units (M by default), written back as sbatch reads it. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            -N 1 --gpus-per-node=2 --mem-per-gpu=16G | 16384 | --mem-per-gpu=16G
            --gpus=3 --mem-per-gpu=4096              | 4096  | --mem-per-gpu=4G
            --gpus=3 --mem-per-gpu=1500              | 1500  | --mem-per-gpu=1500M
            -n 2 --gpus-per-task=1 --mem-per-gpu=1T  | 1048576 | --mem-per-gpu=1024G
            """)
    void readsMemPerGpu(String line, long mib, String written) throws Exception {
        JobRequest r = parse(line);
        assertThat(r.memPerGpuMiB()).isEqualTo(mib);
        assertThat(r.memMiB()).isNull();
        assertThat(r.toSbatchArgs()).contains(written);
        assertThat(SbatchOptions.parse(r.toSbatchArgs())).isEqualTo(r);
    }

    /**
     * {@code --mem-per-cpu} in sbatch's units (M by default), written back as sbatch reads it. Own case optprobe1
     * p10 ({@code --mem-per-cpu=5G}) ran in real 22.05.8, 24.11.5 and 26.05.5; p9 ({@code --mem} with it) was
     * refused by sbatch ("mutually exclusive").
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            -N1 -c3 --mem-per-cpu=5G   | 5120 | --mem-per-cpu=5G
            -n4 --mem-per-cpu=5000     | 5000 | --mem-per-cpu=5000M
            -N1 --mem-per-cpu 2048K    | 2    | --mem-per-cpu=2M
            -N1 --mem-per-cpu=0        | 0    | --mem-per-cpu=0M
            """)
    void readsMemPerCpu(String line, long mib, String written) throws Exception {
        JobRequest r = parse(line);
        assertThat(r.memPerCpuMiB()).isEqualTo(mib);
        assertThat(r.memMiB()).isNull();
        assertThat(r.toSbatchArgs()).contains(written);
        assertThat(SbatchOptions.parse(r.toSbatchArgs())).isEqualTo(r);
    }

    /**
     * {@code --threads-per-core}, and {@code --hint} as sbatch's {@code verify_hint} reads it; {@code --hint} is
     * ignored beside {@code --threads-per-core} ({@code validate_hint_option}). Own case optprobe3 p2, p8, p11
     * (real 22.05.8, 24.11.5, 26.05.5). Written back as {@code --threads-per-core}, which reads back the same.
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            -w b1 -c4 --threads-per-core=1                    | 1
            -N1 -c4 --threads-per-core 2                      | 2
            -w b1 -c4 --hint=nomultithread                    | 1
            -c4 --hint=compute_bound                          | 1
            -w b1 -c4 --hint=multithread                      | -
            -c2 --hint=nomultithread --threads-per-core=2     | 2
            -c2 --hint=nomultithread --hint=multithread       | -
            """)
    void readsThreadsPerCoreAndHint(String line, Integer threads) throws Exception {
        JobRequest r = parse(line);
        assertThat(r.threadsPerCore()).isEqualTo(threads);
        assertThat(SbatchOptions.parse(r.toSbatchArgs())).isEqualTo(r);
    }

    /** sbatch lowers -N to -n before slurmctld compares --gpus with the node count (own case fuzz07 f53). */
    @Test
    void fewerGpusThanNodesIsFineOnceTasksLowerTheNodeCount() throws Exception {
        assertThat(parse("-N2 -n1 -c2 --gpus=1").gpus()).isEqualTo(1);
    }

    /** {@code -O} and {@code --overcommit} (a flag in every release), written back as {@code --overcommit}. */
    @Test
    void readsOvercommitInBothSpellings() throws Exception {
        JobRequest r = parse("-N2 -n8 -O");
        assertThat(r.overcommit()).isTrue();
        assertThat(r.ntasks()).isEqualTo(8);
        assertThat(r.toSbatchArgs()).contains("--overcommit");
        assertThat(SbatchOptions.parse(r.toSbatchArgs())).isEqualTo(r);
        assertThat(parse("-n4 --overc").overcommit()).isTrue();
        assertThat(parse("-On4").ntasks()).isEqualTo(4);
        assertThat(parse("-n4").overcommit()).isFalse();
        assertThat(parse("-n4").toSbatchArgs()).doesNotContain("--overcommit");
        assertThatThrownBy(() -> parse("--overcommit=yes")).isInstanceOf(JobRequestException.class);
    }

    /** sbatch passes {@code -p a,b} on as a list; slurmctld tries each (SeveralPartitions in the allocator). */
    @Test
    void keepsSeveralPartitionsInTheOrderGiven() throws Exception {
        JobRequest r = parse("-N1 -p gpu,cpu,gpu");
        assertThat(r.partition()).isEqualTo("gpu,cpu,gpu");
        assertThat(r.partitions()).containsExactly("gpu", "cpu");
        assertThat(SbatchOptions.parse(SbatchOptions.toArgs(r))).isEqualTo(r);
        assertThat(parse("-N1 --partition=b,a").partitions()).containsExactly("b", "a");
        assertThat(parse("-N1").partitions()).isEmpty();
    }

    /** slurmctld's {@code get_part_list} splits {@code -p} with {@code strtok_r}, which skips empty names. */
    @Test
    void readsEmptyNamesInAPartitionListAsStrtokDoes() throws Exception {
        assertThat(parse("-N1 -p gpu,,cpu").partition()).isEqualTo("gpu,cpu");
        assertThat(parse("-N1 -p ,gpu,cpu,").partitions()).containsExactly("gpu", "cpu");
        // a trailing comma leaves one partition, which slurmctld then runs the job in alone
        assertThat(parse("-N1 -p gpu,").partition()).isEqualTo("gpu");
        assertThat(SbatchOptions.parse(SbatchOptions.toArgs(parse("-N1 -p gpu,,cpu")))).isEqualTo(parse("-N1 -p gpu,cpu"));
    }

    /**
     * A {@code -p} of commas only names no partition: kept (as one comma) for the Slurm policies, since 22.05 and 24.11
     * refuse it and 26.05 runs the job in the default partition (own probe c16b1 b6).
     */
    @Test
    void keepsAPartitionListOfCommasOnlyForTheRelease() throws Exception {
        JobRequest r = parse("-N1 -p ,,");
        assertThat(r.partition()).isEqualTo(",");
        assertThat(r.partitions()).isEmpty();
        assertThat(parse("-N1 -p ,")).isEqualTo(r);
        assertThat(SbatchOptions.parse(SbatchOptions.toArgs(r))).isEqualTo(r);
    }

    /** A real job script's options that do not place the job are kept as notes, in canonical spelling, and read back. */
    @Test
    void keepsWhatDoesNotPlaceTheJobAsNotes() throws Exception {
        JobRequest r = parse("-N2 --gpus-per-node=4 -t 01:00:00 -o out.%j --account proj --mail-type=END,FAIL"
                + " -A other --qos=high -Hk --nice --time=5");
        assertThat(r.minNodes()).isEqualTo(2);
        assertThat(r.notes()).containsExactly("--output=out.%j", "--mail-type=END,FAIL", "--account=other",
                "--qos=high", "--hold", "--no-kill", "--nice", "--time=5");
        assertThat(SbatchOptions.parse(r.toSbatchArgs())).isEqualTo(r);
        assertThat(SbatchOptions.noteMessages(r)).contains("read, not used for placement (held against a partition's MaxTime): --time=5");
        assertThat(SbatchOptions.noteMessages(parse("-N1 --power=x"))).containsExactly(
                "read, not used for placement: --power=x (sbatch 24.11 and 26.05 have no --power)");
    }

    /** The options a release's sbatch lacks: real 22.05.8 and 24.11.5 said unrecognized option to these. */
    @Test
    void namesTheOptionsAReleaseLacks() throws Exception {
        JobRequest r = parse("-N 2 --segment=2 --oom-kill-step --time=5");
        assertThat(SbatchOptions.lackedBy(r, "22.05")).containsExactly("--segment", "--oom-kill-step");
        assertThat(SbatchOptions.lackedBy(r, "24.11")).isEmpty();
        assertThat(SbatchOptions.lackedBy(parse("-N1 --power=x"), "26.05")).containsExactly("--power");
    }

    /** getopt_long: an optional value only after '=', so the next word is an argument of its own. */
    @Test
    void readsAnOptionalValueOnlyAfterEquals() throws Exception {
        assertThat(parse("--nice=5 -N1").notes()).containsExactly("--nice=5");
        assertThatThrownBy(() -> parse("--nice 5 -N1")).isInstanceOfSatisfying(JobRequestException.class,
                e -> assertThat(e.problems()).containsExactly("unexpected argument '5' (word 2): only sbatch options"
                        + " are read here, no batch script or its arguments"));
    }

    @Test
    void listsEveryProblemAtOnce() {
        assertThatThrownBy(() -> parse("--frobnicate -N x --gres=mps:10 --switches=2@soon -w leaf[A-B] --time=5 -C x"))
                .isInstanceOfSatisfying(JobRequestException.class, e -> assertThat(e.problems()).hasSize(6)
                        .anyMatch(p -> p.contains("--frobnicate")).anyMatch(p -> p.contains("--constraint=x"))
                        .noneMatch(p -> p.contains("--time")));
    }

    @Test
    void letsALaterOptionReplaceAnEarlierOne() throws Exception {
        assertThat(parse("--nodes=3 -N 4").minNodes()).isEqualTo(4);
        assertThat(parse("--gres-flags=enforce-binding --gres-flags=disable-binding").enforceBinding()).isFalse();
        assertThat(parse("--exclusive --exclusive=topo").exclusive()).isFalse();
        assertThat(parse("--exclusive --exclusive=topo").exclusiveTopo()).isTrue();
        assertThat(parse("--exclusive=topo --exclusive=user").exclusiveTopo()).isFalse();
        assertThat(parse("--switches=2@5 --switches=3").switchesWait()).isNull();
    }

    @Test
    void readsGresFlagsInAnyCase() throws Exception {
        assertThat(parse("--gres-flags=ENFORCE-BINDING").enforceBinding()).isTrue();
    }

    @Test
    void namesTheJobByDefault() throws Exception {
        assertThat(SbatchOptions.parse(List.of("-N1")).name()).isEqualTo(JobRequest.DEFAULT_NAME);
        assertThat(SbatchOptions.parse(List.of("-N1"), "s1").name()).isEqualTo("s1");
    }

    @Test
    void readsATypedLineWithQuotes() throws Exception {
        JobRequest r = SbatchOptions.parseLine("-N 12 --gpus-per-node=8 --switches=2 -J 'big run'");
        assertThat(r.minNodes()).isEqualTo(12);
        assertThat(r.switches()).isEqualTo(2);
        assertThat(r.name()).isEqualTo("big run");
        assertThat(SbatchOptions.parseLine("-J \"a \\\"b\\\" \\c\"").name()).isEqualTo("a \"b\" \\c");
        assertThat(SbatchOptions.parseLine("-J a\\ b").name()).isEqualTo("a b");
        assertThatThrownBy(() -> SbatchOptions.parseLine("-J 'open")).isInstanceOf(JobRequestException.class)
                .hasMessageContaining("unclosed");
    }

    @Test
    void writesCanonicalSbatchSpelling() {
        JobRequest r = JobRequest.builder().name("j").nodes(2, 4).gpusPerNode(8).gpuType("h100")
                .switches(1, Duration.ofSeconds(5)).exclusive(true).nodelist(List.of("n1", "n2", "n3")).build();
        assertThat(r.toSbatchArgs()).containsExactly("--job-name=j", "--nodes=2-4", "--gpus-per-node=h100:8",
                "--switches=1@0:05", "--exclusive", "--nodelist=n[1-3]");
        assertThat(JobRequest.builder().switches(2, Duration.ofDays(1).plusSeconds(4)).build().toSbatchArgs())
                .contains("--switches=2@1-00:00:04");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            wait without count    | --switches: a wait needs a switch count
            both exclusives       | last one given wins
            max without min       | a maximum node count needs a minimum
            type without count    | without a GPU count
            """)
    void refusesRequestsNoCommandLineCouldSay(String what, String message) {
        JobRequest.Builder b = JobRequest.builder();
        switch (what) {
            case "wait without count" -> b.switches(null, Duration.ofSeconds(5));
            case "both exclusives" -> b.exclusive(true).exclusiveTopo(true);
            case "max without min" -> b.nodes(null, 4);
            default -> b.gpuType("h100");
        }
        assertThatThrownBy(b::build).isInstanceOf(IllegalArgumentException.class).hasMessageContaining(message);
    }

    @Test
    void keepsTheOldWithMethods() {
        JobRequest r = JobRequest.nodesWithGpus("a", 2, 8);
        assertThat(r.withName("b").name()).isEqualTo("b");
        assertThat(r.withNodelist(Arrays.asList("n1", "n2")).requestedNodes()).isEqualTo(2);
        assertThat(r.withSwitches(1, Duration.ofMinutes(1)).switchesWait()).isEqualTo(Duration.ofMinutes(1));
        assertThat(r.asksForGpus()).isTrue();
    }
}
