/**
 * What a placement gives a job, to compare placements of the same job: fabric span (leaves, spines,
 * worst pair), the estimated ring all-reduce bandwidth and its bottleneck, NIC and GPU locality
 * inside nodes, and the fragmentation a cluster state leaves.
 */
package org.topoplanner.allocator.metrics;
