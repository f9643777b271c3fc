/**
 * The {@code topoplanner.inspect/1} JSON document that {@code inspect --json} prints: the
 * normalized model with its sources.
 */
package org.topoplanner.importers.inspect;
