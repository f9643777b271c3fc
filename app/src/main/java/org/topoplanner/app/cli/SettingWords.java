package org.topoplanner.app.cli;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * How options take the settings enums: by the words the kubelet, Volcano and the command line spell them
 * with ({@code single-numa-node}, {@code soft}, {@code slurm-tree}), not by Java names. Each class is
 * both picocli's converter and its completion candidates, so {@code --help} lists the values from the
 * enum ({@code ${COMPLETION-CANDIDATES}}) and a wrong value is refused naming them.
 */
public final class SettingWords {
    private SettingWords() {
    }

    /** One enum's words: parsing, and the list {@code --help} shows. */
    public abstract static class Words<E extends Enum<E>> implements ITypeConverter<E>, Iterable<String> {
        private final List<E> values;
        private final Function<E, String> word;
        private final Function<String, Optional<E>> parse;

        Words(E[] values, Function<E, String> word, Function<String, Optional<E>> parse) {
            this.values = Arrays.asList(values);
            this.word = word;
            this.parse = parse;
        }

        @Override
        public E convert(String text) {
            return parse.apply(text).orElseThrow(() -> new TypeConversionException(
                    "'" + text + "' is not one of " + String.join(", ", this)));
        }

        @Override
        public Iterator<String> iterator() {
            return values.stream().map(word).iterator();
        }
    }

    public static final class Policies extends Words<PolicyId> {
        public Policies() {
            super(PolicyId.values(), PolicyId::id, PolicyId::parse);
        }
    }

    public static final class TopologyManagerPolicies extends Words<TopologyManagerPolicy> {
        public TopologyManagerPolicies() {
            super(TopologyManagerPolicy.values(), TopologyManagerPolicy::flag, TopologyManagerPolicy::parse);
        }
    }

    public static final class TopologyManagerScopes extends Words<TopologyManagerScope> {
        public TopologyManagerScopes() {
            super(TopologyManagerScope.values(), TopologyManagerScope::flag, TopologyManagerScope::parse);
        }
    }

    public static final class VolcanoModes extends Words<VolcanoMode> {
        public VolcanoModes() {
            super(VolcanoMode.values(), VolcanoMode::word, VolcanoMode::parse);
        }
    }
}
