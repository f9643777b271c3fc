package org.topoplanner.model.project;

/** A value of the project tree that is missing or of the wrong kind, with its JSON pointer. */
final class JsonShapeException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String pointer;

    JsonShapeException(String pointer, String message) {
        super(message);
        this.pointer = pointer;
    }

    String pointer() {
        return pointer;
    }
}
