package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.SbatchOptions;

/**
 * {@code --ntasks-per-gpu} on a block topology is refused naming the option only beside {@code -O} (no block case
 * measured it, {@link NtasksPerGpuRefusal}); without {@code -O} it is placed by the tree's rules on the block's pick
 * ({@link NtasksPerGpuOnBlocksTest}, own probes c25e2 and c25n1).
 */
class NtasksPerGpuRefusalTest {
    @Test
    void blocksRefuseTheOptionOnlyWithOvercommit() throws Exception {
        assertThat(NtasksPerGpuRefusal.onBlocks(SbatchOptions.parseLine("-N2 --gpus=4 --ntasks-per-gpu=2 -O", "n")))
                .contains("block topology");
        assertThat(NtasksPerGpuRefusal.onBlocks(SbatchOptions.parseLine("-N2 --gpus=4 --ntasks-per-gpu=2", "n")))
                .isNull();
        assertThat(NtasksPerGpuRefusal.onBlocks(SbatchOptions.parseLine("--gpus=3 --ntasks-per-gpu=1 -c2", "n")))
                .isNull();
    }
}
