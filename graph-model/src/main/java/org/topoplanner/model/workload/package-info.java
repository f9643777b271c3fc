/**
 * Workloads for a what-if replay: the jobs a site ran (from accounting), the product's own job scripts,
 * or a seeded generator with documented distributions. A job keeps its recorded run time; where it
 * runs is left to the policy under test.
 */
package org.topoplanner.model.workload;
