package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/** A node both named and excluded is refused as an invalid node name in every release (RequiredExcludedOverlap). */
class RequiredExcludedOverlapTest {
    private static JobRequest job(String args) throws Exception {
        return SbatchOptions.parse(List.of(args.split(" ")), "j");
    }

    @Test
    void aNamedNodeAlsoExcludedIsAnInvalidNodeName() throws Exception {
        // own case fuzz03 f31 (22.05.8, 24.11.5, 26.05.5: "Invalid node name specified")
        for (SlurmVersion v : SlurmVersion.values()) {
            assertThat(EarlyRefusal.of(job("-x p1 -w p1 -n2 -c1"), v)).startsWith("Invalid node name specified");
            assertThat(EarlyRefusal.of(job("-x l2 -w l2,p3 -N2 --gpus-per-node=3"), v))
                    .isEqualTo(RequiredExcludedOverlap.REFUSAL);
        }
        assertThat(RequiredExcludedOverlap.refusal(job("-x p2 -w p1 -n2"))).isNull();
    }
}
