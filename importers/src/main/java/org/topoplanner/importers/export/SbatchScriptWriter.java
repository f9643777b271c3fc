package org.topoplanner.importers.export;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchScript;

/**
 * Writes {@code jobs/<job>.sbatch}: a batch script whose {@code #SBATCH} lines pin the placement
 * ({@link SbatchPin}: the job's own request pinned to the planned nodes) and whose body starts the request's
 * tasks with {@code srun}, each through a wrapper that looks itself up by node name and local rank and
 * sets (one rank per planned GPU when the request has as many tasks; otherwise each task gets all the
 * node's planned GPUs, CPUs and NICs):
 * <ul>
 *   <li>{@code CUDA_VISIBLE_DEVICES} to its one GPU: the entry at the GPU's position among the node's
 *       planned GPUs, taken from what Slurm put in the step's {@code CUDA_VISIBLE_DEVICES}, so that it is
 *       right whether Slurm numbers devices globally or, under {@code ConstrainDevices}, from 0;</li>
 *   <li>{@code NCCL_IB_HCA=<device>:<port>} (with NCCL's {@code =} prefix for an exact name, since
 *       {@code mlx5_1} would also match {@code mlx5_10}) and {@code UCX_NET_DEVICES=<device>:<port>};</li>
 *   <li>its CPUs with {@code taskset -c} in OS CPU ids. {@code srun --cpu-bind=none} leaves the binding to
 *       the wrapper: {@code --cpu-bind=map_cpu} takes one CPU per task, and {@code mask_cpu} the same masks
 *       on every node, while the plan may give ranks several CPUs and differ from node to node.</li>
 * </ul>
 * The wrapper also compares the GPUs Slurm allocated ({@code SLURM_STEP_GPUS}/{@code SLURM_JOB_GPUS})
 * with the plan and says so on stderr when they differ. Without a command, each rank prints its binding.
 */
final class SbatchScriptWriter {
    static final String WRAPPER_END = "TOPOPLANNER_RANK";

    private SbatchScriptWriter() {
    }

    static String write(Cluster cluster, Job job, Placement placement, SbatchPin pin) {
        StringBuilder b = new StringBuilder("#!/bin/bash\n");
        b.append("# TopoPlanner job script for ").append(placement.job()).append(" on cluster ").append(cluster.name())
                .append(".\n# Submit it as it is: sbatch ").append(ExportBundle.fileName(placement.job()))
                .append(".sbatch [COMMAND ARGS...]\n");
        if (job != null && !job.sbatch().isEmpty()) {
            b.append("# Requested as: ").append(String.join(" ", job.sbatch())).append('\n');
        }
        b.append("# Plan (GPUs as GRES indices, CPUs as Slurm CPU ids):\n");
        for (HostAllocation h : placement.hosts()) {
            b.append("#   ").append(h.host()).append(" GPUs ").append(h.gpus().isEmpty() ? "none" : CpuSet.of(h.gpus()))
                    .append(" CPUs ").append(h.cpus().isEmpty() ? "any" : h.cpus()).append('\n');
        }
        b.append("# Slurm picks GPU indices and CPU ids itself: the rank wrapper warns if they differ from the plan.\n");
        // quoted as sbatch's get_argument reads them: a job name or a note may hold a blank or a '#'
        pin.options().forEach(o -> b.append("#SBATCH ").append(SbatchScript.quote(o)).append('\n'));
        b.append("set -euo pipefail\n\n");
        b.append("# Without a command, each rank prints what it is bound to.\n");
        b.append("if [ \"$#\" -eq 0 ]; then\n");
        b.append("  set -- bash -c 'echo \"$(hostname) rank ${SLURM_PROCID}: CUDA_VISIBLE_DEVICES=${CUDA_VISIBLE_DEVICES:-}")
                .append(" CPUs $(taskset -cp $$ | sed \"s/.*: //\") NCCL_IB_HCA=${NCCL_IB_HCA:-}\"'\n");
        b.append("fi\n\n");
        b.append("rank_wrapper=$(cat <<'").append(WRAPPER_END).append("'\n");
        b.append(rankCases(cluster, placement, pin));
        b.append("""
                got="${SLURM_STEP_GPUS:-${SLURM_JOB_GPUS:-}}"
                if [ -n "$planned" ] && [ -n "$got" ] && [ "$got" != "$planned" ]; then
                  echo "topoplanner: ${SLURMD_NODENAME} got GPUs $got, the plan says $planned" >&2
                fi
                if [ -n "$gpu" ]; then
                  if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then
                    IFS=, read -r -a visible <<< "$CUDA_VISIBLE_DEVICES"
                    export CUDA_VISIBLE_DEVICES="${visible[$pos]}"
                  else
                    export CUDA_VISIBLE_DEVICES="$gpu"
                  fi
                fi
                if [ -n "$hca" ]; then
                  export NCCL_IB_HCA="=$hca" UCX_NET_DEVICES="$hca"
                fi
                if [ -n "$cpus" ]; then
                  exec taskset -c "$cpus" "$@"
                fi
                exec "$@"
                """);
        b.append(WRAPPER_END).append("\n)\n\n");
        b.append("srun --cpu-bind=none bash -c \"$rank_wrapper\" topoplanner-rank \"$@\"\n");
        return b.toString();
    }

    /** The wrapper's lookup: one case per rank, by {@code node:local-rank}. */
    private static String rankCases(Cluster cluster, Placement placement, SbatchPin pin) {
        Map<String, String> plannedOf = new LinkedHashMap<>();
        placement.hosts().forEach(h -> plannedOf.put(h.host(),
                h.gpus().stream().map(String::valueOf).collect(Collectors.joining(","))));
        StringBuilder b = new StringBuilder("case \"${SLURMD_NODENAME}:${SLURM_LOCALID}\" in\n");
        List<RankBinding> ranks = RankBindings.of(cluster, placement, pin.tasks(placement));
        for (RankBinding r : ranks) {
            HostAllocation h = placement.on(r.host()).orElseThrow();
            b.append("  ").append(shellQuote(r.host() + ":" + r.localRank())).append(") planned=")
                    .append(plannedOf.get(r.host())).append(" gpu=").append(r.gpu() < 0 ? "" : r.gpu())
                    .append(" pos=").append(r.gpu() < 0 ? "" : h.gpus().indexOf(r.gpu()))
                    .append(" cpus=").append(r.cpus()).append(" hca=").append(r.hca() == null ? "" : r.hca())
                    .append(" ;;\n");
        }
        b.append("  *) echo \"topoplanner: rank ${SLURM_LOCALID} on ${SLURMD_NODENAME} is not in the plan\" >&2; exit 1 ;;\n");
        b.append("esac\n");
        return b.toString();
    }

    static String shellQuote(String s) {
        return s.matches("[A-Za-z0-9._:@%+=,/-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
