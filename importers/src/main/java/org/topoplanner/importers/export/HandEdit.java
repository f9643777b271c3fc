package org.topoplanner.importers.export;

/**
 * A file in the output folder that an export would overwrite or remove although its current bytes are not
 * the ones an export wrote there: edited by hand, or never written by TopoPlanner.
 *
 * @param path   relative to the bundle folder
 * @param reason why the export does not own the file's current bytes
 * @param diff   a unified diff from the bytes on disk to what this export would leave there
 */
public record HandEdit(String path, String reason, String diff) {
}
