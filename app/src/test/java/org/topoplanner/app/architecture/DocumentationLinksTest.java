package org.topoplanner.app.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every documentation link of the repository resolves: Markdown links to {@code .md} files in the
 * {@code *.md} files, and {@code .md} names in the comments of the {@code *.java} files (the rules
 * are {@link DocumentationLinks}'). A reader sent to a document finds it in the checkout; facts from
 * documents that live elsewhere belong in the comment itself, and other projects' documents are
 * named by URL.
 */
class DocumentationLinksTest {

    @Test
    void everyLinkToAMarkdownFileOfTheRepositoryResolves() {
        Path root = repositoryRoot();
        assertThat(Files.isRegularFile(root.resolve("README.md"))).as("README.md at %s", root).isTrue();
        assertThat(DocumentationLinks.broken(root)).as("links to .md files that are not in the repository").isEmpty();
    }

    @Test
    void findsTheBrokenLinksAndOnlyThose(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve("pom.xml"), "<project/>");
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("docs/guide.md"), "# Guide\n");
        Files.writeString(root.resolve("README.md"), String.join("\n",
                "See [the guide](docs/guide.md#start) and [a lost page](docs/lost.md).",
                "[Elsewhere](https://example.org/NOTES.md), [an image](docs/shot.png), [mail](mailto:a@b.md).",
                "```",
                "[in a code block](nowhere.md)",
                "```",
                "[after the block](gone.md)"));
        Path module = root.resolve("mod");
        Path pkg = module.resolve("src/main/java/org/example");
        Files.createDirectories(pkg);
        Files.writeString(module.resolve("pom.xml"), "<project/>");
        Files.writeString(module.resolve("NOTES.md"), "notes\n");
        Files.writeString(pkg.resolve("Thing.java"), String.join("\n",
                "package org.example;",
                "",
                "/**",
                " * Read docs/guide.md (repository root), NOTES.md (module root), the spec's cli.md",
                " * and https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md.",
                " */",
                "final class Thing {",
                "    String name = \"views-frames.md\"; // written by a benchmark, see missing/BENCH.md",
                "    String notAComment = \"/* old.md */\";",
                "    // results in app/target/bench/frames.md",
                "}"));

        List<String> broken = DocumentationLinks.broken(root).stream().map(Object::toString).toList();

        assertThat(broken).containsExactly(
                "README.md:1: docs/lost.md",
                "README.md:6: gone.md",
                Path.of("mod/src/main/java/org/example/Thing.java") + ":4: cli.md",
                Path.of("mod/src/main/java/org/example/Thing.java") + ":8: missing/BENCH.md");
    }

    /** The checkout: the folder above the working directory that holds {@code .ci/run} (tests run in a module's folder). */
    private static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve(".ci/run")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                return p;
            }
        }
        throw new IllegalStateException("no checkout (a folder with .ci/run and pom.xml) above " + Path.of("").toAbsolutePath());
    }
}
