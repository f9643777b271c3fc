/**
 * The {@code kueue-tas} policy: Kueue's Topology Aware Scheduling assignment of a PodSet over the
 * levels of a Kueue Topology (required, preferred or unconstrained).
 */
package org.topoplanner.allocator.kueue;
