/**
 * Rules about the repository itself, checked in the build: the module and package dependency rules
 * (ArchUnit, over every module's main classes from {@code app}, whose test class path holds them all)
 * and that every documentation link resolves.
 */
package org.topoplanner.app.architecture;
