package org.topoplanner.importers.k8s;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A YAML value with the 1-based line and column where it starts, so every diagnostic can point at
 * the exact place. Built by {@link SafeYaml} from SnakeYAML's node graph; no Java object is ever
 * constructed from a tag, so a document cannot instantiate anything.
 */
public sealed interface YamlValue permits YamlValue.Mapping, YamlValue.Sequence, YamlValue.Scalar {

    int line();

    int column();

    /** A mapping with string keys in source order; {@code keyPositions} holds where each key starts. */
    record Mapping(Map<String, YamlValue> entries, Map<String, int[]> keyPositions, int line, int column)
            implements YamlValue {
        public Mapping {
            entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
            keyPositions = Collections.unmodifiableMap(new LinkedHashMap<>(keyPositions));
        }

        public Optional<YamlValue> get(String key) {
            return Optional.ofNullable(entries.get(key));
        }

        public Optional<Mapping> mapping(String key) {
            return get(key).filter(Mapping.class::isInstance).map(Mapping.class::cast);
        }

        public Optional<Sequence> sequence(String key) {
            return get(key).filter(Sequence.class::isInstance).map(Sequence.class::cast);
        }

        /** The text of a scalar entry; absent for missing keys, nulls and non-scalars. */
        public Optional<String> text(String key) {
            return get(key).filter(Scalar.class::isInstance).map(Scalar.class::cast)
                    .filter(s -> !s.isNull()).map(Scalar::text);
        }

        /** Follows a path of keys through nested mappings. */
        public Optional<Mapping> path(String... keys) {
            Optional<Mapping> at = Optional.of(this);
            for (String k : keys) {
                at = at.flatMap(m -> m.mapping(k));
            }
            return at;
        }

        /** Where {@code key} is written, or where the mapping starts when the key is absent. */
        public int keyLine(String key) {
            int[] p = keyPositions.get(key);
            return p == null ? line : p[0];
        }

        public int keyColumn(String key) {
            int[] p = keyPositions.get(key);
            return p == null ? column : p[1];
        }
    }

    record Sequence(List<YamlValue> items, int line, int column) implements YamlValue {
        public Sequence {
            items = List.copyOf(items);
        }
    }

    /**
     * A scalar as written. {@code plain} tells an unquoted {@code 8} (an integer to Kubernetes) from
     * {@code "8"}; {@code tag} is the resolved YAML tag ({@code str}, {@code int}, {@code bool}, ...).
     */
    record Scalar(String text, boolean plain, String tag, int line, int column) implements YamlValue {
        public boolean isNull() {
            return "null".equals(tag);
        }

        /** True for a value Kubernetes reads as a string: quoted, or plain and resolving to {@code str}. */
        public boolean isString() {
            return !plain || "str".equals(tag);
        }
    }
}
