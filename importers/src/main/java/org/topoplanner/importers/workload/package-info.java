/**
 * Workloads as sites keep them: Slurm accounting ({@code sacct --parsable2}) read into
 * {@link org.topoplanner.model.workload.WorkloadJob}s and written back in {@code sacct}'s own format.
 */
package org.topoplanner.importers.workload;
