package org.topoplanner.importers.k8s;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Kubernetes label syntax (k8s.io/apimachinery {@code IsQualifiedName}, {@code IsLabelValue},
 * {@code IsDNS1123Subdomain}) and a deterministic way to turn any name into a valid label value or
 * object name.
 *
 * <p>A key is {@code [prefix/]name}: the prefix a lowercase DNS-1123 subdomain of at most 253
 * characters, the name 1-63 characters of {@code [A-Za-z0-9-_.]} starting and ending alphanumeric.
 * A value is the same as a name but may be empty. Object names (HyperNode, Topology) are DNS-1123
 * subdomains: lowercase, at most 253 characters.
 */
public final class LabelSyntax {
    public static final int MAX_NAME = 63;
    public static final int MAX_PREFIX = 253;
    public static final int MAX_SUBDOMAIN = 253;

    private static final Pattern NAME = Pattern.compile("([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]");
    private static final Pattern SUBDOMAIN =
            Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");
    private static final Pattern LABEL_VALUE_INVALID = Pattern.compile("[^-A-Za-z0-9_.]");
    private static final Pattern SUBDOMAIN_INVALID = Pattern.compile("[^-a-z0-9.]");

    private LabelSyntax() {
    }

    /** Why {@code key} is not a valid label key, or empty when it is. */
    public static Optional<String> keyProblem(String key) {
        if (key == null || key.isEmpty()) {
            return Optional.of("a label key must not be empty");
        }
        int slash = key.indexOf('/');
        String name = key;
        if (slash >= 0) {
            String prefix = key.substring(0, slash);
            name = key.substring(slash + 1);
            if (name.indexOf('/') >= 0) {
                return Optional.of("a label key has at most one '/': " + key);
            }
            if (prefix.isEmpty() || prefix.length() > MAX_PREFIX || !SUBDOMAIN.matcher(prefix).matches()) {
                return Optional.of("label key prefix '" + prefix + "' must be a lowercase DNS subdomain of at most "
                        + MAX_PREFIX + " characters");
            }
        }
        if (name.isEmpty() || name.length() > MAX_NAME || !NAME.matcher(name).matches()) {
            return Optional.of("label key name '" + name + "' must be 1-" + MAX_NAME
                    + " characters of [A-Za-z0-9-_.], starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

    /** Why {@code value} is not a valid label value, or empty when it is. */
    public static Optional<String> valueProblem(String value) {
        if (value == null) {
            return Optional.of("a label value must not be null");
        }
        if (value.isEmpty()) {
            return Optional.empty();
        }
        if (value.length() > MAX_NAME || !NAME.matcher(value).matches()) {
            return Optional.of("label value '" + value + "' must be at most " + MAX_NAME
                    + " characters of [A-Za-z0-9-_.], starting and ending with a letter or digit");
        }
        return Optional.empty();
    }

    public static boolean isKey(String key) {
        return keyProblem(key).isEmpty();
    }

    public static boolean isValue(String value) {
        return valueProblem(value).isEmpty();
    }

    /** True for a DNS-1123 subdomain: a valid Node, HyperNode, Topology or ResourceFlavor name. */
    public static boolean isObjectName(String name) {
        return name != null && !name.isEmpty() && name.length() <= MAX_SUBDOMAIN && SUBDOMAIN.matcher(name).matches();
    }

    /**
     * {@code name} itself when it is a valid label value, otherwise a valid value derived from it:
     * invalid characters become {@code -}, the ends are trimmed to alphanumerics, and a 16-digit
     * FNV-1a hash of the original is appended so that two names that clean up alike (such as
     * {@code a/b} and {@code a:b}) stay distinct. Topograph shortens long values the same way.
     */
    public static String toLabelValue(String name) {
        if (name != null && !name.isEmpty() && isValue(name)) {
            return name;
        }
        String cleaned = trimToAlnum(LABEL_VALUE_INVALID.matcher(name == null ? "" : name).replaceAll("-"));
        return withHash(cleaned, name, MAX_NAME);
    }

    /** Like {@link #toLabelValue} but for object names (lowercase DNS-1123 subdomains). */
    public static String toObjectName(String name) {
        if (isObjectName(name) && name.length() <= MAX_NAME) {
            return name;
        }
        String lower = name == null ? "" : name.toLowerCase(java.util.Locale.ROOT);
        String cleaned = SUBDOMAIN_INVALID.matcher(lower).replaceAll("-").replaceAll("\\.{2,}", ".")
                .replace("-.", "-").replace(".-", "-");
        return withHash(trimToAlnum(cleaned), name, MAX_NAME);
    }

    private static String withHash(String cleaned, String original, int max) {
        String hash = fnv1a64(original == null ? "" : original);
        int room = max - hash.length() - 1;
        String head = trimToAlnum(cleaned.length() > room ? cleaned.substring(0, room) : cleaned);
        return head.isEmpty() ? "x" + hash.substring(1) : head + "-" + hash;
    }

    private static String trimToAlnum(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && !isAsciiAlnum(s.charAt(start))) {
            start++;
        }
        while (end > start && !isAsciiAlnum(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isAsciiAlnum(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    /** FNV-1a, 64 bits, as 16 lowercase hex digits. */
    static String fnv1a64(String s) {
        long h = 0xcbf29ce484222325L;
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return String.format("%016x", h);
    }
}
