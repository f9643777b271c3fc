/**
 * The project file ({@code topoplanner.project/1}): its codec with errors located by JSON pointer
 * and line, the JSON shapes of cluster, node inside and settings, and atomic writes that never
 * leave half a file.
 */
package org.topoplanner.model.project;
