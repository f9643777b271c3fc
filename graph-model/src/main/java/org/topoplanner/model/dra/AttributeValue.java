package org.topoplanner.model.dra;

/** A device attribute's value: exactly one of the four kinds {@code resource.k8s.io/v1} allows. */
public sealed interface AttributeValue {
    record Text(String value) implements AttributeValue {
    }

    record Int(long value) implements AttributeValue {
    }

    record Bool(boolean value) implements AttributeValue {
    }

    /** A semantic version string ({@code version:} in the slice). */
    record Version(String value) implements AttributeValue {
    }
}
