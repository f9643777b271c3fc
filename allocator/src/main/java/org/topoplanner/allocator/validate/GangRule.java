package org.topoplanner.allocator.validate;

/**
 * When a scheduler runs a job whose pods are not all placed: what decides whether a placement with fewer
 * pods than the job's is the job running or a gang left incomplete.
 */
public sealed interface GangRule {
    /** The job runs whole or not at all: a Slurm job, Kueue's admission of the whole PodSet, coscheduling. */
    record Whole() implements GangRule {
    }

    /** Volcano's gang plugin: the PodGroup runs once {@code pods} (its {@code minAvailable}) are placed. */
    record AtLeast(int pods) implements GangRule {
        public AtLeast {
            if (pods < 1) {
                throw new IllegalArgumentException("a gang needs at least one pod, not " + pods);
            }
        }
    }

    /** The default kube-scheduler: no gang; it binds pods one by one and each bound pod runs. */
    record OneByOne() implements GangRule {
    }

    GangRule WHOLE = new Whole();
}
