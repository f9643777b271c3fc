package org.topoplanner.importers.hardware;

import org.topoplanner.model.diag.Diagnostic;

/** A {@code HOSTLIST=SOURCE} rule that cannot be understood, with the column (1-based) where it goes wrong. */
public final class HardwareRuleException extends Exception {
    private final String rule;
    private final int column;
    private final String reason;

    public HardwareRuleException(String rule, int column, String reason) {
        super(rule + ": column " + column + ": " + reason);
        this.rule = rule;
        this.column = column;
        this.reason = reason;
    }

    public String rule() {
        return rule;
    }

    public int column() {
        return column;
    }

    public String reason() {
        return reason;
    }

    /** Located as {@code HardwareRule#origin(rule):1:column}, so it reads like any other diagnostic. */
    public Diagnostic toDiagnostic() {
        return Diagnostic.error(HardwareRule.origin(rule), 1, column, reason);
    }
}
