/**
 * The export bundle: every file a plan exports (Slurm, Kubernetes, job scripts), each checked the
 * way its real consumer reads it before anything is written, then written into its folder as one
 * unit with a manifest, so hand edits are found and never silently overwritten.
 */
package org.topoplanner.importers.export;
