package org.topoplanner.allocator.validate;

import java.util.List;
import java.util.Objects;
import org.topoplanner.model.diag.Severity;

/**
 * One thing wrong with a placement.
 *
 * @param code     a stable code ({@link ViolationCode#name()}), for tests, filters and documentation
 * @param severity {@link Severity#ERROR}: the scheduler would refuse the placement or the job cannot run as
 *                 placed; {@link Severity#WARNING}: it runs, but slower than it could or against a policy;
 *                 {@link Severity#INFO}: worth knowing. The model's diagnostic severity is reused on
 *                 purpose: the window and the command line already print and filter it.
 * @param elements the elements involved, as the window names them: host names, switch names,
 *                 {@code node07/GPU3}, {@code node07/NIC1}, running job names ({@code job:train-2})
 * @param sentence what is wrong, in a sentence that names the elements
 */
public record Violation(String code, Severity severity, List<String> elements, String sentence) {
    public Violation {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(sentence, "sentence");
        elements = List.copyOf(elements);
    }

    static Violation of(ViolationCode code, Severity severity, List<String> elements, String sentence) {
        return new Violation(code.name(), severity, elements, sentence);
    }

    public boolean is(ViolationCode c) {
        return code.equals(c.name());
    }
}
