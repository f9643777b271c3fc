/**
 * The import pipeline over every format: detection and the reader per format
 * ({@link org.topoplanner.importers.pipeline.FormatRegistry}), the writer per target
 * ({@link org.topoplanner.importers.pipeline.WriterRegistry}), reading several files into one cluster with
 * merge and diagnostics ({@link org.topoplanner.importers.pipeline.ClusterImport},
 * {@link org.topoplanner.importers.pipeline.ImportOutcome}). It sits above the format packages, which
 * implement the top package's reader and writer contracts, so that nothing depends in a circle.
 */
package org.topoplanner.importers.pipeline;
