package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.topoplanner.model.project.ProjectDocument;

/**
 * The whole bundle of each fixture plan, compared byte for byte with the golden files checked in under
 * {@code src/test/resources/org/topoplanner/importers/export/golden/<case>/}. After a deliberate change,
 * review the difference and regenerate with {@code -Dexport.golden.update=true}.
 */
class ExportBundleGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/org/topoplanner/importers/export/golden");

    static Stream<Arguments> plans() {
        return Stream.of(
                Arguments.of("example", (Supplier<ProjectDocument>) ExportFixtures::example),
                Arguments.of("example-blocks", (Supplier<ProjectDocument>) ExportFixtures::exampleWithBlocks),
                Arguments.of("ft2-8x16-4s", (Supplier<ProjectDocument>) ExportFixtures::fatTree),
                Arguments.of("rail-32x8", (Supplier<ProjectDocument>) ExportFixtures::rail));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void matchesTheGoldenFiles(String name, Supplier<ProjectDocument> plan) throws IOException {
        List<ExportFile> files = ExportBundle.build(plan.get(), ExportTarget.all());
        Path dir = GOLDEN.resolve(name);
        if (Boolean.getBoolean("export.golden.update")) {
            for (ExportFile f : files) {
                Files.createDirectories(dir.resolve(f.relativePath()).getParent());
                Files.writeString(dir.resolve(f.relativePath()), f.text());
            }
        }
        try (Stream<Path> onDisk = Files.walk(dir)) {
            assertThat(onDisk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/')))
                    .as("golden files of " + name).containsExactlyInAnyOrderElementsOf(
                            files.stream().map(ExportFile::relativePath).toList());
        }
        for (ExportFile f : files) {
            assertThat(f.text()).as(f.relativePath()).isEqualTo(Files.readString(dir.resolve(f.relativePath())));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void validatesCleanly(String name, Supplier<ProjectDocument> plan) {
        List<ExportFile> files = ExportBundle.build(plan.get(), ExportTarget.all());
        assertThat(files).allSatisfy(f -> assertThat(f.status()).as(f.relativePath() + ": " + f.validation())
                .isEqualTo("ok"));
    }
}
