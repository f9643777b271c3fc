/**
 * InfiniBand fabric dumps ({@code ibnetdiscover}, its ports report {@code -p}, {@code iblinkinfo}):
 * three line readers that meet in one dump form, assembled into a fabric the same way for all
 * three.
 */
package org.topoplanner.importers.ibnet;
