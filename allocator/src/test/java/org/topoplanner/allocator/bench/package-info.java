/**
 * The allocator's JMH benchmarks (suggestion latency, GPU-subset choice, replay throughput) and the
 * clusters they run on, built in code; run by name or with {@code -Pjmh-allocator}, never by the normal test
 * run (figures: allocator/BENCHMARKS-allocator.md).
 */
package org.topoplanner.allocator.bench;
