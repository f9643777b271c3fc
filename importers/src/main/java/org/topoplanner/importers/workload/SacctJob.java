package org.topoplanner.importers.workload;

import java.time.LocalDateTime;
import java.util.Objects;

/**
 * One job allocation line of {@code sacct --parsable2}, as accounting recorded it (steps are not jobs).
 * Times are the wall-clock times sacct prints, without a zone (the site's local time).
 *
 * @param jobId        {@code JobID}: {@code 4211}, an array element {@code 4213_7}, a het component {@code 4215+1}
 * @param submit       {@code Submit}
 * @param start        {@code Start}
 * @param end          {@code End}
 * @param nodes        {@code NNodes}
 * @param gpus         the {@code gres/gpu} count of {@code AllocTRES} (else {@code ReqTRES}), 0 when none
 * @param gpuType      the type of a typed count ({@code gres/gpu:h100=8}), empty when untyped
 * @param nodeList     {@code NodeList}, empty for {@code None assigned}
 * @param partition    {@code Partition}
 * @param state        {@code State}'s first word ({@code CANCELLED by 1002} is {@code CANCELLED})
 * @param limitSeconds {@code Timelimit} in seconds, 0 for {@code UNLIMITED}, {@code Partition_Limit} or absent
 */
public record SacctJob(String jobId, LocalDateTime submit, LocalDateTime start, LocalDateTime end, int nodes,
                       int gpus, String gpuType, String nodeList, String partition, String state, long limitSeconds) {
    public SacctJob {
        Objects.requireNonNull(jobId, "jobId");
        Objects.requireNonNull(submit, "submit");
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(end, "end");
        Objects.requireNonNull(gpuType, "gpuType");
        Objects.requireNonNull(nodeList, "nodeList");
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(state, "state");
    }

    /** End - Start in seconds. */
    public long runSeconds() {
        return java.time.Duration.between(start, end).getSeconds();
    }
}
