package org.topoplanner.app.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the links to Markdown files in a repository that do not resolve. What counts as a link:
 * <ul>
 *   <li>in a {@code *.md} file, a Markdown link {@code [text](target)} whose target is no URL and
 *       names a {@code .md} file; it resolves against the linking file's folder, as every Markdown
 *       viewer resolves it. Fenced code blocks are not text and are skipped.</li>
 *   <li>in a {@code *.java} file, every name ending in {@code .md} inside a comment (Javadoc has no
 *       link form for files, so a path written in a comment is the link); it resolves against the
 *       repository root or against the root of the file's module (the nearest folder above it with a
 *       {@code pom.xml}). URLs are references to other projects and are left alone, and so are
 *       paths into build output (a {@code target/} folder), which a build writes.</li>
 * </ul>
 * Build output ({@code target}) and hidden folders ({@code .git}) are not read.
 */
final class DocumentationLinks {
    private static final Pattern MARKDOWN_LINK = Pattern.compile("\\[[^\\]]*\\]\\(<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern URL = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://\\S+");
    private static final Pattern MD_NAME = Pattern.compile("(?<![\\w./-])([\\w./-]*\\w\\.md)(?![\\w-])");
    private static final Set<String> SKIPPED = Set.of("target", "node_modules");

    /** A link that does not resolve, at the 1-based line of the file that holds it. */
    record Broken(Path file, int line, String target) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + target;
        }
    }

    private DocumentationLinks() {
    }

    /** Every broken link to a Markdown file in the {@code *.md} and {@code *.java} files under {@code root}. */
    static List<Broken> broken(Path root) {
        List<Broken> broken = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(p -> !skipped(root, p) && Files.isRegularFile(p)).sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".md")) {
                    broken.addAll(inMarkdown(root, f, read(f)));
                } else if (name.endsWith(".java")) {
                    broken.addAll(inJava(root, f, read(f)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return broken;
    }

    static List<Broken> inMarkdown(Path root, Path file, String text) {
        List<Broken> broken = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        boolean fenced = false;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].stripLeading().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = MARKDOWN_LINK.matcher(lines[i]);
            while (m.find()) {
                String target = m.group(1);
                String path = withoutAnchor(target);
                if (URL.matcher(target).lookingAt() || target.startsWith("mailto:") || !path.endsWith(".md")) {
                    continue;
                }
                if (!Files.isRegularFile(file.getParent().resolve(path))) {
                    broken.add(new Broken(root.relativize(file), i + 1, target));
                }
            }
        }
        return broken;
    }

    static List<Broken> inJava(Path root, Path file, String source) {
        List<Broken> broken = new ArrayList<>();
        Optional<Path> module = moduleRoot(root, file);
        for (Comment c : JavaComments.of(source)) {
            String text = URL.matcher(c.text()).replaceAll(m -> " ".repeat(m.group().length()));
            Matcher m = MD_NAME.matcher(text);
            while (m.find()) {
                String target = m.group(1);
                if (target.startsWith("target/") || target.contains("/target/")) {
                    continue;
                }
                boolean resolves = Files.isRegularFile(root.resolve(target))
                        || module.map(d -> Files.isRegularFile(d.resolve(target))).orElse(false);
                if (!resolves) {
                    int line = c.line() + (int) text.substring(0, m.start()).chars().filter(ch -> ch == '\n').count();
                    broken.add(new Broken(root.relativize(file), line, target));
                }
            }
        }
        return broken;
    }

    private static Optional<Path> moduleRoot(Path root, Path file) {
        for (Path d = file.getParent(); d != null && d.startsWith(root); d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("pom.xml"))) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    private static String withoutAnchor(String target) {
        int hash = target.indexOf('#');
        return hash < 0 ? target : target.substring(0, hash);
    }

    private static boolean skipped(Path root, Path p) {
        for (Path part : root.relativize(p)) {
            String name = part.toString();
            if (SKIPPED.contains(name) || name.startsWith(".")) {
                return true;
            }
        }
        return false;
    }

    private static String read(Path f) throws IOException {
        return new String(Files.readAllBytes(f), StandardCharsets.UTF_8);
    }

    /** A comment of a Java source and the 1-based line it starts on. */
    record Comment(int line, String text) {
    }
}
