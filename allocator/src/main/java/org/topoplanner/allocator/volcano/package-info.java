/**
 * The {@code volcano} policy: the Volcano scheduler's HyperNode tree and a job's {@code
 * networkTopology} (hard or soft, {@code highestTierAllowed}).
 */
package org.topoplanner.allocator.volcano;
