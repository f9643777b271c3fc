/**
 * The importers' JMH benchmarks and measurements (ibnetdiscover import time, the heap an imported
 * fabric keeps); they read the shared ibsim fabrics and run with {@code -Pjmh}, not in the normal
 * test run (figures: BENCHMARKS.md).
 */
package org.topoplanner.importers.bench;
