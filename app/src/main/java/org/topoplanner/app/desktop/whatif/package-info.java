/**
 * Tools &gt; What-if…: a workload replayed on the open design under every policy, in the background, with
 * charts, a per-job table and the job's placement at its start in a fabric view of the design.
 */
package org.topoplanner.app.desktop.whatif;
