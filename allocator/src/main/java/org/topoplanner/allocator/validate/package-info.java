/**
 * Validation of any placement, a policy's or one dragged by hand: one check per family (counts,
 * devices, overcommit, fabric span, locality, admission), each naming its violation by a stable
 * code, under the limits of the scheduler that would run the job.
 */
package org.topoplanner.allocator.validate;
