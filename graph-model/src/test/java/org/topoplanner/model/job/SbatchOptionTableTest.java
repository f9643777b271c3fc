package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.model.job.SbatchOption.Use;
import org.topoplanner.model.job.SbatchOptionTable.Lookup;

/**
 * The option table against what real sbatch answered (22.05.8 on the host, 24.11.5 and 26.05.5 in their roots,
 * branch sbatch7: {@code sbatch OPTION --wrap=true} with a controller-less slurm.conf, which reads every option
 * before it fails to reach the controller).
 */
class SbatchOptionTableTest {

    /** Prefixes real sbatch took for one option (it went on to submit, or refused the value, not the name). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            gpus-per-n     | gpus-per-node
            ntasks-per-g   | ntasks-per-gpu
            exclusiv       | exclusive
            time           | time
            tasks-per-n    | tasks-per-node
            ntasks-per-n   | ntasks-per-node
            cluster        | cluster
            """)
    void findsTheOptionOfAUniquePrefixAsGetoptLongDoes(String given, String option) {
        assertThat(SbatchOptionTable.ofLong(given)).isInstanceOfSatisfying(Lookup.Found.class,
                f -> assertThat(f.option().name()).isEqualTo(option));
    }

    /** The possibilities real sbatch listed ({@code option '--co=x' is ambiguous; possibilities: ...}). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            tim      | time time-min
            gpus-per | gpus-per-node gpus-per-socket gpus-per-task
            nt       | ntasks ntasks-per-core ntasks-per-gpu ntasks-per-node ntasks-per-socket ntasks-per-tres
            mem-p    | mem-per-cpu mem-per-gpu
            acc      | account acctg-freq
            co       | comment consolidate-segments constraint container container-id container-type context contiguous core-spec cores-per-socket
            """)
    void refusesAPrefixOfSeveralOptions(String given, String options) {
        // real 22.05.8 listed the same for co without 26.05's consolidate-segments, container-id and container-type
        assertThat(SbatchOptionTable.ofLong(given)).isInstanceOfSatisfying(Lookup.Ambiguous.class,
                a -> assertThat(a.options().stream().map(SbatchOption::name).sorted().toList())
                        .isEqualTo(List.of(options.split(" "))));
    }

    @Test
    void knowsNoOptionSbatchLacks() {
        assertThat(SbatchOptionTable.ofLong("foo")).isInstanceOf(Lookup.Unknown.class);
        assertThat(SbatchOptionTable.ofLong("")).isInstanceOf(Lookup.Unknown.class);
        assertThat(SbatchOptionTable.ofShort('y')).isNull();
        assertThat(SbatchOptionTable.ofShort('t').name()).isEqualTo("time");
    }

    /** 24.11.5 and 26.05.5 said {@code unrecognized option '--power=x'}; 24.11.5 {@code '--spread-segments'}. */
    @Test
    void namesTheReleasesThatLackAnOption() {
        assertThat(found("power").lackingReleases()).containsExactly("24.11", "26.05");
        assertThat(found("spread-segments").lackingReleases()).containsExactly("22.05", "24.11");
        assertThat(found("segment").lackingReleases()).containsExactly("22.05");
        assertThat(found("time").lackingReleases()).isEmpty();
        assertThat(found("external").releaseRemark()).isEqualTo(" (sbatch 22.05 and 24.11 have no --external)");
    }

    @Test
    void sortsEveryOptionIntoOneUse() {
        assertThat(SbatchOptionTable.all()).hasSize(121);
        assertThat(SbatchOptionTable.all()).filteredOn(o -> o.use() == Use.NO_JOB).extracting(SbatchOption::name)
                .containsExactly("help", "usage", "version");
        assertThat(SbatchOptionTable.all()).filteredOn(o -> o.use() == Use.NOT_EMULATED).allMatch(o -> !o.why().isEmpty());
        assertThat(List.of("time", "output", "account", "qos", "mail-type", "mail-user", "error", "chdir", "array"))
                .allMatch(n -> found(n).use() == Use.NOTE);
        assertThat(List.of("constraint", "mem-bind", "sockets-per-node", "mincpus"))
                .allMatch(n -> found(n).use() == Use.NOT_EMULATED);
        // read for the spellings whose layout is emulated; the others are refused by name (Distribution)
        assertThat(found("distribution").use()).isEqualTo(Use.EMULATED);
        // a flag every release reads; the policies refuse the shapes no measured line covers (Overcommit)
        assertThat(found("overcommit").use()).isEqualTo(Use.EMULATED);
        // read with --sockets-per-node, which is emulated beside it only (SbatchOptions; the policies refuse the
        // shapes no measured line covers: PerSocketGpuRefusal)
        assertThat(found("gpus-per-socket").use()).isEqualTo(Use.EMULATED);
        // read and emulated on trees and blocks, -O too (allocator GresTaskCount; own probes c25u1, c26b1)
        assertThat(found("ntasks-per-gpu").use()).isEqualTo(Use.EMULATED);
    }

    private static SbatchOption found(String name) {
        return ((Lookup.Found) SbatchOptionTable.ofLong(name)).option();
    }
}
