/**
 * The import pipeline's spine: format detection over every reader ({@link
 * org.topoplanner.importers.pipeline.FormatRegistry}), reading a set of sources ({@link
 * org.topoplanner.importers.ReadSources}), their merge into one cluster ({@link
 * org.topoplanner.importers.pipeline.ClusterImport}) and the cluster-level writers. Each format lives in a
 * package of its own with its reader and writer side by side; all meet in the one intermediate form
 * {@link org.topoplanner.importers.ClusterPart}.
 */
package org.topoplanner.importers;

import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.FormatRegistry;
