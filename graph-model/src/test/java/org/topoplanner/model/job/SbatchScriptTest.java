package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

/** {@code #SBATCH} lines as sbatch's {@code _opt_batch_script} and {@code get_argument} read them (src/sbatch/opt.c). */
class SbatchScriptTest {
    private static final String SCRIPT = """
            #!/bin/bash
            # a comment, then a blank line

            #SBATCH --job-name=train   # the name
            #SBATCH -N 2 --gpus-per-node=4
            #SBATCH --time=01:00:00
            #SBATCH --output="logs/%j out.txt" --mail-type=END,FAIL
              #SBATCH --exclusive
            #SBATCH --account=proj\\ a
            module load cuda
            #SBATCH --nodes=8
            srun python train.py
            """;

    @Test
    void readsTheLinesBeforeTheFirstCommandAsSbatchDoes() throws Exception {
        SbatchScript s = SbatchScript.read(SCRIPT);
        assertThat(s.problems()).isEmpty();
        assertThat(s.args()).containsExactly("--job-name=train", "-N", "2", "--gpus-per-node=4", "--time=01:00:00",
                "--output=logs/%j out.txt", "--mail-type=END,FAIL", "--account=proj a");
        assertThat(s.words().get(1)).isEqualTo(new SbatchScript.Word("-N", 5, 9));
        JobRequest r = s.request(List.of(), "train.sbatch");
        assertThat(r.name()).isEqualTo("train");
        assertThat(r.minNodes()).isEqualTo(2);
        assertThat(r.exclusive()).as("an indented #SBATCH is a comment").isFalse();
        assertThat(r.notes()).containsExactly("--time=01:00:00", "--output=logs/%j out.txt", "--mail-type=END,FAIL",
                "--account=proj a");
    }

    @Test
    void letsTheCommandLineOverrideTheScript() throws Exception {
        JobRequest r = SbatchScript.read(SCRIPT).request(List.of("-N", "3", "-t", "5"), "x");
        assertThat(r.minNodes()).isEqualTo(3);
        assertThat(r.notes()).contains("--time=5").doesNotContain("--time=01:00:00");
    }

    @Test
    void namesTheScriptLineAndColumnOfAProblem() {
        SbatchScript s = SbatchScript.read("#!/bin/sh\n#SBATCH -N 2\n#SBATCH   --constraint=a100\n");
        assertThatThrownBy(() -> s.request(List.of("--frobnicate"), "s")).isInstanceOfSatisfying(
                JobRequestException.class, e -> assertThat(e.problems()).containsExactly(
                        "--constraint=a100 (#SBATCH line 3, column 11): changes where Slurm places the job and is not"
                                + " emulated (node features pick the nodes; the model keeps no features)",
                        "unknown option --frobnicate (command line word 1): sbatch 22.05, 24.11 and 26.05 have no such"
                                + " option"));
    }

    @Test
    void stopsAtWhatSbatchStopsAt() {
        assertThat(SbatchScript.read("#SBATCH -N 2 --comment='open\n").problems())
                .containsExactly("line 1, column 14: unmatched ' (sbatch stops here)");
        SbatchScript het = SbatchScript.read("#SBATCH -N 1\n#SBATCH hetjob\n#SBATCH -N 2\n");
        assertThat(het.args()).containsExactly("-N", "1");
        assertThat(het.problems()).singleElement().asString().contains("line 2, column 9: hetjob starts another");
        assertThat(SbatchScript.read("#SLURM -N 4\n").args()).containsExactly("-N", "4");
        assertThat(SbatchScript.read("#SBATCH --job-name=a#b -N 1\n").args()).containsExactly("--job-name=a");
    }

    /** What the export writes on an #SBATCH line reads back as the one word it was. */
    @Property(tries = 500)
    void readsBackAQuotedWord(@ForAll @StringLength(min = 1, max = 12) @Chars({'a', ' ', '#', '"', '\'', '\\', '=',
            '-', ':', '\t'}) String word) {
        assertThat(SbatchScript.read("#SBATCH " + SbatchScript.quote(word) + " -N 1\n").args())
                .containsExactly(word, "-N", "1");
    }

    /** sbatch's own --container (an OCI bundle path) is a note; a pod container (key=value pairs) is a pod shape. */
    @Test
    void tellsSbatchsContainerFromAPodContainer() throws Exception {
        JobRequest r = SbatchScript.read("#SBATCH -N 1 --container=/srv/bundles/pytorch\n").request(List.of(), "s");
        assertThat(r.notes()).containsExactly("--container=/srv/bundles/pytorch");
        assertThat(r.podShape()).isNull();
        assertThat(JobLine.parse(List.of("-N", "1", "--container", "/srv/b"), "j").notes()).containsExactly("--container=/srv/b");
        assertThat(JobLine.hasShapeOptions(List.of("--container", "/srv/b"))).isFalse();
        assertThat(JobLine.parse(List.of("--pods=2", "--container=gpu=4"), "j").podShape()).isNotNull();
    }

    @Test
    void anEmptyWordEndsTheLineAsInSbatch() {
        assertThat(SbatchScript.read("#SBATCH -N 1 \"\" -n 2\n#SBATCH -c 2\n").args()).containsExactly("-N", "1", "-c", "2");
    }
}
