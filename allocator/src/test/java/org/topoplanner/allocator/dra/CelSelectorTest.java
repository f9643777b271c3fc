package org.topoplanner.allocator.dra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.dra.AttributeValue;
import org.topoplanner.model.dra.DraDevice;

class CelSelectorTest {
    private static final DraDevice GPU = new DraDevice("gpu.nvidia.com", "node01", "gpu-3", Map.of(
            "gpu.nvidia.com/index", new AttributeValue.Int(3),
            "gpu.nvidia.com/productName", new AttributeValue.Text("NVIDIA H100 80GB HBM3"),
            "gpu.nvidia.com/type", new AttributeValue.Text("gpu"),
            "resource.kubernetes.io/pcieRoot", new AttributeValue.Text("pci0000:59")));

    @ParameterizedTest
    @CsvSource(delimiter = ';', quoteCharacter = '`', value = {
            "device.driver == 'gpu.nvidia.com' ; true",
            "device.driver == \"dra.net\" ; false",
            "device.attributes['gpu.nvidia.com'].index == 3 ; true",
            "device.attributes['gpu.nvidia.com'].index >= 4 || device.attributes['gpu.nvidia.com'].index < 1 ; false",
            "!(device.attributes[\"gpu.nvidia.com\"].type == 'mig') ; true",
            "device.attributes['gpu.nvidia.com'].productName.startsWith('NVIDIA H100') ; true",
            "device.attributes['resource.kubernetes.io']['pcieRoot'] == 'pci0000:59' ; true",
            "'uuid' in device.attributes['gpu.nvidia.com'] ; false",
            "'index' in device.attributes['gpu.nvidia.com'] && device.driver != 'x' ; true"})
    void evaluatesTheSubset(String expression, boolean expected) {
        assertThat(CelSelector.parse(expression).matches(GPU)).isEqualTo(expected);
    }

    @Test
    void aMissingAttributeIsAnErrorNotFalse() {
        CelSelector s = CelSelector.parse("device.attributes['gpu.nvidia.com'].uuid == 'x'");
        assertThatThrownBy(() -> s.matches(GPU)).isInstanceOf(CelSelector.CelError.class)
                .hasMessageContaining("no attribute gpu.nvidia.com/uuid");
    }

    @Test
    void textOutsideTheSubsetIsRefusedAtItsColumn() {
        assertThatThrownBy(() -> CelSelector.parse("device.capacity['gpu.nvidia.com'].memory.compareTo(quantity('40Gi')) >= 0"))
                .isInstanceOfSatisfying(CelSelector.CelError.class, e -> {
                    assertThat(e.column()).isEqualTo(8);
                    assertThat(e.getMessage()).contains("device.capacity");
                });
        assertThatThrownBy(() -> CelSelector.parse("cel.bind(d, device.attributes['x'], d.y)"))
                .isInstanceOfSatisfying(CelSelector.CelError.class, e -> assertThat(e.column()).isEqualTo(1));
    }

    @Test
    void comparingDifferentTypesIsAnError() {
        CelSelector s = CelSelector.parse("device.attributes['gpu.nvidia.com'].index == '3'");
        assertThatThrownBy(() -> s.matches(GPU)).hasMessageContaining("no such overload");
    }
}
