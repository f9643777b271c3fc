package org.topoplanner.allocator.metrics;

/**
 * The link rates of one GPU model, per direction, as {@link BandwidthModel} knows them.
 *
 * @param family          the name used in sentences ({@code A100}, {@code H100})
 * @param nvlinkGeneration 1 to 5; 0 when the model has no NVLink
 * @param nvlinkLinkGBps  one NVLink link (one {@code NV} lane of {@code nvidia-smi topo -m}), GB/s per direction
 * @param pcieGeneration  the PCIe generation of the GPU's x16 slot
 * @param pcieGBps        that x16 link, GB/s per direction after line encoding
 * @param assumed         true when the model was not recognised and these are defaults
 */
public record GpuLinkRates(String family, int nvlinkGeneration, double nvlinkLinkGBps, int pcieGeneration,
                           double pcieGBps, boolean assumed) {
}
