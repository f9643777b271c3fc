/**
 * A TopoPlanner project file read as one more source of an import, and a cluster written as a
 * project without jobs ({@code convert --to project}).
 */
package org.topoplanner.importers.project;
