/**
 * Diagnostics: one located finding (path, line, column, severity, message) as every reader and
 * check reports it, and the cap on how many one file may report.
 */
package org.topoplanner.model.diag;
