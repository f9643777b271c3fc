package org.topoplanner.allocator.dra;

import java.util.List;
import java.util.Optional;
import org.topoplanner.model.dra.AttributeValue;
import org.topoplanner.model.dra.DraDevice;

/**
 * A device selector in the subset of CEL that DRA selectors use in practice, parsed once and
 * evaluated per device. The subset (docs/dra.md):
 *
 * <pre>
 * expr    := and ( "||" and )*
 * and     := unary ( "&amp;&amp;" unary )*
 * unary   := "!" unary | compare
 * compare := term ( ("==" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=" | "in") term )?
 * term    := string | integer | true | false | "(" expr ")" | path ( "." method "(" string ")" )?
 * path    := device.driver | device.attributes["domain"] ( .name | ["name"] )?
 * method  := startsWith | endsWith | contains
 * </pre>
 *
 * {@code "name" in device.attributes["domain"]} tests that an attribute exists. As in Kubernetes, a
 * missing attribute is an evaluation error, not false; everything outside the subset is a parse
 * error naming the column.
 */
public final class CelSelector {
    private final String source;
    private final Node root;

    private CelSelector(String source, Node root) {
        this.source = source;
        this.root = root;
    }

    /** Parses {@code expression}; a text outside the subset throws {@link CelError} with the column. */
    public static CelSelector parse(String expression) {
        Parser p = new Parser(expression);
        Node n = p.or();
        p.skipBlanks();
        if (p.pos < expression.length()) {
            throw new CelError(p.pos + 1, "unexpected \"" + expression.substring(p.pos) + "\" (outside the CEL subset)");
        }
        return new CelSelector(expression, n);
    }

    public String source() {
        return source;
    }

    /** True when the device satisfies the selector; {@link CelError} when evaluation fails (a missing attribute). */
    public boolean matches(DraDevice device) {
        Object v = root.eval(device);
        if (v instanceof Boolean b) {
            return b;
        }
        throw new CelError(1, "selector does not give a bool: " + source);
    }

    /** A parse or evaluation error, with the 1-based column in the expression. */
    public static final class CelError extends RuntimeException {
        private final int column;

        public CelError(int column, String message) {
            super(message);
            this.column = column;
        }

        public int column() {
            return column;
        }
    }

    private interface Node {
        Object eval(DraDevice d);
    }

    /** An attribute domain, the value of {@code device.attributes["domain"]}. */
    private record Domain(String name) {
    }

    private static final class Parser {
        private final String s;
        private int pos;

        Parser(String s) {
            this.s = s;
        }

        Node or() {
            Node left = and();
            while (eat("||")) {
                Node l = left;
                Node r = and();
                left = d -> bool(l.eval(d)) || bool(r.eval(d));
            }
            return left;
        }

        Node and() {
            Node left = unary();
            while (eat("&&")) {
                Node l = left;
                Node r = unary();
                left = d -> bool(l.eval(d)) && bool(r.eval(d));
            }
            return left;
        }

        Node unary() {
            skipBlanks();
            if (peek('!') && !s.startsWith("!=", pos)) {
                pos++;
                Node n = unary();
                return d -> !bool(n.eval(d));
            }
            return compare();
        }

        Node compare() {
            Node left = term();
            skipBlanks();
            int at = pos + 1;
            for (String op : List.of("==", "!=", "<=", ">=", "<", ">", "in ")) {
                if (s.startsWith(op, pos)) {
                    pos += op.length();
                    Node l = left;
                    Node r = term();
                    String o = op.strip();
                    return d -> compare(o, l.eval(d), r.eval(d), at, d);
                }
            }
            return left;
        }

        Node term() {
            skipBlanks();
            if (pos >= s.length()) {
                throw new CelError(pos + 1, "expression ends early");
            }
            char c = s.charAt(pos);
            if (c == '(') {
                pos++;
                Node n = or();
                expect(")");
                return n;
            }
            if (c == '"' || c == '\'') {
                String v = string();
                return d -> v;
            }
            if (Character.isDigit(c) || c == '-') {
                int start = pos++;
                while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                    pos++;
                }
                try {
                    long v = Long.parseLong(s.substring(start, pos));
                    return d -> v;
                } catch (NumberFormatException e) {
                    throw new CelError(start + 1, "not an integer: " + s.substring(start, pos));
                }
            }
            String word = ident();
            return switch (word) {
                case "true" -> d -> Boolean.TRUE;
                case "false" -> d -> Boolean.FALSE;
                case "device" -> path();
                default -> throw new CelError(pos - word.length() + 1, "\"" + word + "\" is outside the CEL subset"
                        + " (device.driver, device.attributes[...], literals, == != < <= > >= in && || !)");
            };
        }

        private Node path() {
            expect(".");
            skipBlanks();
            int at = pos + 1;
            String field = ident();
            if (field.equals("driver")) {
                return method(d -> d.driver());
            }
            if (!field.equals("attributes")) {
                throw new CelError(at, "device." + field + " is outside the CEL subset (driver, attributes)");
            }
            expect("[");
            String domain = string();
            expect("]");
            skipBlanks();
            String name = null;
            int nameAt = pos + 1;
            if (peek('.')) {
                pos++;
                name = ident();
            } else if (peek('[')) {
                pos++;
                name = string();
                expect("]");
            }
            if (name == null) {
                return d -> new Domain(domain);
            }
            String qualified = domain + "/" + name;
            return method(d -> {
                Optional<AttributeValue> v = d.attribute(qualified);
                if (v.isEmpty()) {
                    throw new CelError(nameAt, "device " + d.name() + " has no attribute " + qualified);
                }
                return celValue(v.get());
            });
        }

        /** An optional string method after a value: {@code .startsWith("H100")}. */
        private Node method(Node target) {
            skipBlanks();
            if (!peek('.')) {
                return target;
            }
            int at = pos + 1;
            pos++;
            String m = ident();
            expect("(");
            String arg = string();
            expect(")");
            return switch (m) {
                case "startsWith" -> d -> text(target.eval(d), at).startsWith(arg);
                case "endsWith" -> d -> text(target.eval(d), at).endsWith(arg);
                case "contains" -> d -> text(target.eval(d), at).contains(arg);
                default -> throw new CelError(at, "method " + m + " is outside the CEL subset (startsWith, endsWith, contains)");
            };
        }

        private static Object celValue(AttributeValue v) {
            if (v instanceof AttributeValue.Text t) {
                return t.value();
            }
            if (v instanceof AttributeValue.Int i) {
                return i.value();
            }
            if (v instanceof AttributeValue.Bool b) {
                return b.value();
            }
            return ((AttributeValue.Version) v).value();
        }

        private static String text(Object v, int at) {
            if (v instanceof String t) {
                return t;
            }
            throw new CelError(at, "a string method on " + v);
        }

        private Object compare(String op, Object a, Object b, int at, DraDevice device) {
            if (op.equals("in")) {
                if (a instanceof String name && b instanceof Domain dom) {
                    return device.attribute(dom.name() + "/" + name).isPresent();
                }
                throw new CelError(at, "\"in\" is supported only as \"name\" in device.attributes[\"domain\"]");
            }
            if (op.equals("==") || op.equals("!=")) {
                if (a.getClass() != b.getClass()) {
                    throw new CelError(at, "no such overload: " + kind(a) + " " + op + " " + kind(b));
                }
                return op.equals("==") == a.equals(b);
            }
            if (a instanceof Long x && b instanceof Long y) {
                return switch (op) {
                    case "<" -> x < y;
                    case "<=" -> x <= y;
                    case ">" -> x > y;
                    default -> x >= y;
                };
            }
            if (a instanceof String x && b instanceof String y) {
                int c = x.compareTo(y);
                return switch (op) {
                    case "<" -> c < 0;
                    case "<=" -> c <= 0;
                    case ">" -> c > 0;
                    default -> c >= 0;
                };
            }
            throw new CelError(at, "no such overload: " + kind(a) + " " + op + " " + kind(b));
        }

        private static String kind(Object o) {
            return o instanceof String ? "string" : o instanceof Long ? "int" : o instanceof Boolean ? "bool" : "map";
        }

        private static boolean bool(Object o) {
            if (o instanceof Boolean b) {
                return b;
            }
            throw new CelError(1, "not a bool: " + o);
        }

        private String ident() {
            skipBlanks();
            int start = pos;
            while (pos < s.length() && (Character.isLetterOrDigit(s.charAt(pos)) || s.charAt(pos) == '_')) {
                pos++;
            }
            if (start == pos) {
                throw new CelError(pos + 1, "a name is expected here");
            }
            return s.substring(start, pos);
        }

        private String string() {
            skipBlanks();
            if (pos >= s.length() || (s.charAt(pos) != '"' && s.charAt(pos) != '\'')) {
                throw new CelError(pos + 1, "a quoted string is expected here");
            }
            char q = s.charAt(pos);
            int end = s.indexOf(q, pos + 1);
            if (end < 0) {
                throw new CelError(pos + 1, "unterminated string");
            }
            String v = s.substring(pos + 1, end);
            pos = end + 1;
            return v;
        }

        private void expect(String t) {
            if (!eat(t)) {
                throw new CelError(pos + 1, "\"" + t + "\" is expected here");
            }
        }

        private boolean eat(String t) {
            skipBlanks();
            if (s.startsWith(t, pos)) {
                pos += t.length();
                return true;
            }
            return false;
        }

        private boolean peek(char c) {
            return pos < s.length() && s.charAt(pos) == c;
        }

        void skipBlanks() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }
    }
}
