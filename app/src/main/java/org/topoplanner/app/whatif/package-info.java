/**
 * What-if studies for the command line and the window: a workload from a file or a generator, replayed on
 * each design under each policy ({@link org.topoplanner.allocator.whatif.WhatIfEngine}), written as CSV and
 * as a self-contained HTML report with SVG charts.
 */
package org.topoplanner.app.whatif;
