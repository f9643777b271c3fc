package org.topoplanner.app.desktop.dialogs;

import java.util.function.Function;
import java.util.function.UnaryOperator;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextFormatter;
import javafx.util.StringConverter;
import org.topoplanner.model.design.FabricDesign;
import org.topoplanner.model.fabric.LinkSpeed;

/**
 * The New cluster form's fields in the words of network design: topologies and link speeds named as
 * engineers say them instead of {@code FAT_TREE}, and number fields that take typing (digits only,
 * kept within their range, committed when the field loses focus or on Enter) as well as the arrows.
 */
final class DesignWords {
    private DesignWords() {
    }

    static String kind(FabricDesign.Kind k) {
        return switch (k) {
            case FAT_TREE -> "Fat tree (folded Clos: leaves, spines, cores)";
            case RAIL_OPTIMISED -> "Rail-optimised (one leaf per HCA rail, in scalable units)";
        };
    }

    static String speed(LinkSpeed s) {
        return s.name() + " (" + Math.round(s.dataGbpsPerLane() * 4) + " Gb/s on 4x)";
    }

    static <T> StringConverter<T> converter(Function<T, String> words) {
        return new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : words.apply(value);
            }

            @Override
            public T fromString(String text) {
                // the combo boxes are not editable: their values come from the list, never from text
                return null;
            }
        };
    }

    /** A number field that accepts typing: digits only, clamped to [min, max] when committed. */
    static Spinner<Integer> typed(String id, int min, int max, int initial) {
        Spinner<Integer> s = new Spinner<>(min, max, initial);
        s.setId(id);
        s.setEditable(true);
        UnaryOperator<TextFormatter.Change> digits = c -> c.getControlNewText().matches("\\d{0,6}") ? c : null;
        SpinnerValueFactory<Integer> f = s.getValueFactory();
        TextFormatter<Integer> formatter = new TextFormatter<>(new StringConverter<>() {
            @Override
            public String toString(Integer v) {
                return v == null ? "" : v.toString();
            }

            @Override
            public Integer fromString(String text) {
                if (text == null || text.isBlank()) {
                    return f.getValue();
                }
                return Math.max(min, Math.min(max, Integer.parseInt(text)));
            }
        }, initial, digits);
        s.getEditor().setTextFormatter(formatter);
        f.valueProperty().bindBidirectional(formatter.valueProperty());
        s.focusedProperty().addListener((o, was, now) -> {
            if (!now) {
                s.getEditor().commitValue();
            }
        });
        return s;
    }
}
