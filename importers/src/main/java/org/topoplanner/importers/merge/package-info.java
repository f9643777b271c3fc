/**
 * The merge of several sources into one cluster: richer sources win by rank, every disagreement
 * becomes a {@link org.topoplanner.importers.merge.SourceConflict} a person can answer, and the
 * answers merge the same sources again.
 */
package org.topoplanner.importers.merge;
