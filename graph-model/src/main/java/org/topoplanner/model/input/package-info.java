/**
 * Input files before they are read: the size limits, the refusal of special files, files over their
 * limit and files the system will not open, and the one way bytes become text, shared by every
 * reader so bad input is told the same way everywhere.
 */
package org.topoplanner.model.input;
