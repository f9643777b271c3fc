package org.topoplanner.model.job;

import java.util.Locale;

/**
 * A job's {@code -m/--distribution}, for the spellings whose placement is emulated: how slurmctld lays the job's tasks
 * over its nodes and its CPUs over each node's sockets. sbatch's {@code verify_dist_type} ({@code common/proc_args.c},
 * 22.05, 24.11 and 26.05 alike) reads the spelling case-blind into {@code details->task_dist}; {@code dist_tasks}
 * ({@code select/cons_tres/dist_tasks.c} in 24.11 and 26.05, {@code cons_common}'s in 22.05) then picks the core
 * layout by {@code task_dist & SLURM_DIST_NODESOCKMASK}: {@code block:block}, {@code cyclic:block} and
 * {@code plane} take {@code _block_sync_core_bitmap} (fill the best-fitting socket first), every other emulated
 * spelling ({@code block}, {@code cyclic}, {@code block:cyclic}, {@code cyclic:cyclic}) the default
 * {@code _cyclic_sync_core_bitmap}. {@code plane=N} also deals the tasks over the nodes in planes of N
 * ({@code _compute_plane_dist}) instead of one per node and round. Own case sb7a d1-d7, d9, b1 (22.05.8, 24.11.5,
 * 26.05.5).
 *
 * <p>Not emulated, and refused by {@link #parse}: {@code arbitrary} (the task layout follows the {@code -w} list),
 * {@code fcyclic} at the socket level, a third (core) level, the {@code *} default placeholders and the
 * {@code Pack}/{@code NoPack} flags: no measured line covers them.
 *
 * @param spelling the canonical lower-case spelling, as written back ({@code block:block}, {@code plane=2})
 */
public record Distribution(String spelling) {
    public Distribution {
        parts(spelling);
    }

    /** The distribution sbatch reads from {@code -m value}. @throws IllegalArgumentException when not emulated */
    public static Distribution parse(String value) {
        return new Distribution(value.trim().toLowerCase(Locale.ROOT));
    }

    /** Whether {@code dist_tasks} lays the CPUs out socket by socket ({@code _block_sync_core_bitmap}). */
    public boolean blockCores() {
        String[] p = parts(spelling);
        return p.length == 1 ? p[0].startsWith("plane") : p[1].equals("block");
    }

    /** {@code plane=N}'s N, else {@code null} (the tasks are dealt one per node and round). */
    public Integer planeSize() {
        return spelling.startsWith("plane=") ? Integer.valueOf(spelling.substring("plane=".length())) : null;
    }

    private static String[] parts(String s) {
        if (s.startsWith("plane")) {
            String size = s.startsWith("plane=") ? s.substring("plane=".length()) : "";
            if (!size.matches("[1-9][0-9]{0,5}")) {
                throw new IllegalArgumentException("-m " + s + ": plane needs a positive size (plane=N)");
            }
            return new String[] {s};
        }
        String[] p = s.split(":", -1);
        boolean known = p.length <= 2;
        for (String level : p) {
            known &= level.equals("block") || level.equals("cyclic");
        }
        if (!known) {
            throw new IllegalArgumentException("-m " + s + ": changes where Slurm places the job and is not emulated"
                    + " (emulated: block, cyclic, block:block, block:cyclic, cyclic:block, cyclic:cyclic, plane=N)");
        }
        return p;
    }
}
