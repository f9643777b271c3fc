package org.topoplanner.app.cli;

import org.topoplanner.importers.hardware.HardwareRule;
import org.topoplanner.importers.hardware.HardwareRuleException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads {@code --hardware HOSTLIST=SOURCE}: a rule that cannot be understood (no {@code =}, a bad
 * hostlist, a source that is neither a template id nor a file) is a usage error that says where.
 */
public final class HardwareRuleConverter implements ITypeConverter<HardwareRule> {
    @Override
    public HardwareRule convert(String value) {
        try {
            return HardwareRule.parse(value, new ShippedTemplates());
        } catch (HardwareRuleException e) {
            throw new TypeConversionException("'" + value + "': column " + e.column() + ": " + e.reason());
        }
    }
}
