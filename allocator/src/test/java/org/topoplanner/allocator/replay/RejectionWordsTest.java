package org.topoplanner.allocator.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.slurm.SlurmVersion;

/** The words each release's sbatch prints for a refusal (RejectionWords), read in each release's source. */
class RejectionWordsTest {
    private static final SlurmVersion V22 = SlurmVersion.V22_05;
    private static final SlurmVersion V24 = SlurmVersion.V24_11;
    private static final SlurmVersion V26 = SlurmVersion.V26_05;

    private static String of(String refusal, String args, SlurmVersion v) {
        return RejectionWords.of(refusal, List.of(args.split(" ")), v);
    }

    @Test
    void cpusPerGpuWithCIsAGresErrorIn2205AndAFatalLaterOn() {
        String r = RejectionWords.CPUS_PER_GPU_WITH_C + "; " + RejectionWords.GPUS_BELOW_NODES;
        // own case featfz13 f12 (26.05.5) and the 22.05.8 outputs
        assertThat(of(r, "-N2 -n1 -c2 --gpus=1 --cpus-per-gpu=4", V22)).isEqualTo(
                "sbatch: Warning: can't run 1 processes on 2 nodes, setting nnodes to 1\n"
                        + "sbatch: error: --cpus-per-gpu is mutually exclusive with --cpus-per-task\n"
                        + "sbatch: error: Invalid generic resource (gres) specification");
        for (SlurmVersion v : List.of(V24, V26)) {
            assertThat(of(r, "-N2 -n1 -c2 --gpus=1 --cpus-per-gpu=4", v)).isEqualTo("sbatch: fatal: --cpus-per-task,"
                    + " --tres-per-task=cpu:#, and --cpus-per-gpu are mutually exclusive");
        }
    }

    @Test
    void gpusBelowNodesIsFollowedByTheGresErrorCode() {
        for (SlurmVersion v : List.of(V22, V24, V26)) {
            assertThat(of(RejectionWords.GPUS_BELOW_NODES, "-p fat -N2 -n6 -c4 --gpus=1", v)).isEqualTo(
                    "sbatch: error: Failed to validate job spec, --gpus < -N\n"
                            + "sbatch: error: Invalid generic resource (gres) specification");
        }
    }

    @Test
    void slurmctldsCodeTextAloneWithItsErrMsgOnALineBefore() {
        assertThat(of("Requested topology configuration is not available: topology/tree without a switch", "-N2",
                V24)).isEqualTo("sbatch: error: Batch job submission failed: Requested topology configuration is"
                + " not available");
        assertThat(of("Requested node configuration is not available: Memory specification can not be satisfied:"
                + " no node has 614400 MB", "--mem=600G", V22)).isEqualTo(
                "sbatch: error: Memory specification can not be satisfied\n"
                        + "sbatch: error: Batch job submission failed: Requested node configuration is not available");
        // _set_err_msg's CPU text (slurm.NodeConfigFilter), the explanation after it dropped (own case c26i1 q5)
        assertThat(of("Requested node configuration is not available: CPU count per node can not be satisfied:"
                + " no node of the partition has 100 CPUs", "-n1 -c100", V26)).isEqualTo(
                "sbatch: error: CPU count per node can not be satisfied\n"
                        + "sbatch: error: Batch job submission failed: Requested node configuration is not available");
        assertThat(of("Invalid partition name specified: invalid partition specified: nosuch", "-p gpu,nosuch -N1",
                V26)).isEqualTo("sbatch: error: invalid partition specified: nosuch\n"
                + "sbatch: error: Batch job submission failed: Invalid partition name specified");
        // the -n lowering of -N warns first (24.11 and 26.05 warning(), 22.05 info("Warning: ..."))
        assertThat(of("Requested node configuration is not available", "-N3 -n1", V24)).isEqualTo(
                "sbatch: warning: can't run 1 processes on 3 nodes, setting nnodes to 1\n"
                        + "sbatch: error: Batch job submission failed: Requested node configuration is not available");
    }

    @Test
    void sbatchsOwnChecksBeforeTheLowering() {
        assertThat(of("Too few processes for the requested {plane,node} distribution", "-N3 -n2 -m plane=2", V22))
                .isEqualTo("sbatch: error: Too few processes for the requested {plane,node} distribution");
        assertThat(of("--threads-per-core=0: must be at least 1", "-w b1 -c2 --threads-per-core=0", V24))
                .isEqualTo("sbatch: error: Invalid numeric value \"0\" for --threads-per-core.");
        assertThat(of(RejectionWords.MEM_OPTIONS, "--mem=1G --mem-per-cpu=1G", V22))
                .isEqualTo("sbatch: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.");
    }

    @Test
    void segmentNotDividingTheNodeCountIsFatalFrom2605() {
        String topo = "Requested topology configuration is not available";
        assertThat(of(topo, "-N7 --segment=2", V26)).isEqualTo("sbatch: fatal: --segment=2 does not fit the job size"
                + " (7): node count must be evenly divisible by segment size");
        assertThat(of(topo, "-N7 --segment=2", V24)).isEqualTo("sbatch: error: Batch job submission failed: " + topo);
        assertThat(of(topo, "-N6 --segment=2", V26)).isEqualTo("sbatch: error: Batch job submission failed: " + topo);
    }

    @Test
    void memPerTresIsWrittenPerRelease() {
        String r = "Requested mem_per_tres=gres/gpu:8192 but did not request any GPU.";
        assertThat(of(r, "--mem-per-gpu=8G", V22)).isEqualTo("sbatch: error: Requested mem_per_tres=gres:gpu:8192 but"
                + " did not request any GPU.\nsbatch: error: Invalid generic resource (gres) specification");
        assertThat(of(r, "--mem-per-gpu=8G", V26)).startsWith("sbatch: error: " + r + "\n");
    }

    @Test
    void noReleaseKeepsTheRefusalAfterTheRpcPrefix() {
        assertThat(of("whatever", "-N1", null)).isEqualTo("sbatch: error: Batch job submission failed: whatever");
    }
}
