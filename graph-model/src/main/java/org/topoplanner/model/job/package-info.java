/**
 * Jobs and where they run: the request in sbatch's terms (read and written in sbatch's own option
 * spelling), the job, and its placement as per-host GPUs, CPUs and NICs.
 */
package org.topoplanner.model.job;
