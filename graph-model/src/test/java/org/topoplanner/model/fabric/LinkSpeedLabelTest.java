package org.topoplanner.model.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinkSpeedLabelTest {
    @Test
    void ethernetReadsAsItsPortRateAndInfiniBandAsBefore() {
        assertThat(LinkSpeed.ETHERNET.label(new LinkWidth(400))).isEqualTo("400 GbE");
        assertThat(LinkSpeed.ETHERNET.label(LinkWidth.UNKNOWN)).isEqualTo("Ethernet");
        assertThat(LinkSpeed.HDR.label(LinkWidth.X4)).isEqualTo("HDR 4x");
        assertThat(new Cable(CableEnd.of("h", 1), CableEnd.of("s", 2), new LinkWidth(400), LinkSpeed.ETHERNET).dataGbps())
                .isEqualTo(400.0);
    }
}
