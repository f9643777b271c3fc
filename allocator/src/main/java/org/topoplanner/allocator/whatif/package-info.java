/**
 * What-if replay: one workload on one or more cluster designs under every placement policy, in virtual
 * time, with per-job records streamed out and aggregates kept in fixed-size bins, so memory follows the
 * cluster, not the workload.
 */
package org.topoplanner.allocator.whatif;
