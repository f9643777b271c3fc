/**
 * JMH benchmarks that need more than one module (convert, hostlists, the fabric layout of the
 * shared ibsim fabrics); the normal build only compiles them. Figures and how to run them:
 * BENCHMARKS.md at the repository root.
 */
package org.topoplanner.benchmarks;
