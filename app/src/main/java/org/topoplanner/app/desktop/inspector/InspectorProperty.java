package org.topoplanner.app.desktop.inspector;

import java.util.Objects;
import java.util.Optional;
import javafx.beans.value.ObservableValue;
import org.controlsfx.control.PropertySheet;

/**
 * One read-only property of the inspector's selection, as an item of a ControlsFX
 * {@link PropertySheet}: the inspector shows what the plan says, and changes go through commands
 * (drag, Apply suggestion), never through the sheet.
 *
 * @param category    the sheet's section ("Request", "Placement", "Metrics", ...)
 * @param name        the property's name
 * @param value       its value in words; empty shows as a dash
 * @param description a longer explanation, shown as the name's tooltip; may be empty
 */
record InspectorProperty(String category, String name, String value, String description) implements PropertySheet.Item {
    InspectorProperty {
        Objects.requireNonNull(category, "category");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(description, "description");
    }

    static InspectorProperty of(String category, String name, String value) {
        return new InspectorProperty(category, name, value, "");
    }

    @Override
    public Class<?> getType() {
        return String.class;
    }

    @Override
    public String getCategory() {
        return category;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public String getDescription() {
        return description;
    }

    @Override
    public Object getValue() {
        return value;
    }

    @Override
    public void setValue(Object v) {
        throw new UnsupportedOperationException(name + " is read-only: the plan changes through commands");
    }

    @Override
    public boolean isEditable() {
        return false;
    }

    @Override
    public Optional<ObservableValue<? extends Object>> getObservableValue() {
        return Optional.empty();
    }
}
