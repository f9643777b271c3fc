/**
 * The real-Slurm harness's replay formats: job scripts ({@code jobs.txt} lines or the JSON list of
 * the command-line reference) read into {@link org.topoplanner.model.replay.JobScript}, and replay events written as the
 * harness's JSON lines. The replay engine itself is the allocator's and touches no text.
 */
package org.topoplanner.importers.replay;
