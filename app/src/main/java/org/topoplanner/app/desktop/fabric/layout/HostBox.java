package org.topoplanner.app.desktop.fabric.layout;

/**
 * A host cell inside its rack, in world units.
 *
 * @param index position in {@link FabricLayout#hosts()}
 * @param rack  index of its rack
 * @param gpus  how many GPUs the host has (0 when its inside is unknown)
 */
public record HostBox(int index, String name, int rack, double x, double y, double w, double h, int gpus) {
}
