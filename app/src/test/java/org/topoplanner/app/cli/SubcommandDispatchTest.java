package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The command line is built with the invoked subcommand alone (issue 15: convert paid for the model of
 * every command); help and a mistyped name still see all of them, in the documented order.
 */
class SubcommandDispatchTest {

    @Test
    void eachNameIsTheNameItsCommandAnnotates() {
        CommandLine all = TopoPlannerCommand.commandLine("--help");
        assertThat(all.getSubcommands().keySet()).containsExactlyElementsOf(TopoPlannerCommand.SUBCOMMANDS);
        all.getSubcommands().forEach((name, sub) -> assertThat(
                sub.getCommandSpec().userObject().getClass().getAnnotation(Command.class).name()).isEqualTo(name));
    }

    @Test
    void aSubcommandRunBuildsThatCommandAlone() {
        CommandLine convert = TopoPlannerCommand.commandLine("convert");
        assertThat(convert.getSubcommands().keySet()).containsExactly("convert");
        assertThat(convert.getSubcommands().get("convert").getCommandSpec().userObject()).isInstanceOf(ConvertCommand.class);
    }

    @Test
    void helpListsEverySubcommandInOrder() {
        String help = run("--help");
        int at = -1;
        for (String name : TopoPlannerCommand.SUBCOMMANDS) {
            int next = help.indexOf("\n  " + name + " ");
            assertThat(next).as(name).isGreaterThan(at);
            at = next;
        }
    }

    @Test
    void aMistypedNameIsToldTheCommandsItMightMean() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = TopoPlannerCommand.run(new String[] {"convrt"}, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(code).isEqualTo(TopoPlannerCommand.USAGE);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("convrt").contains("convert");
    }

    private static String run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TopoPlannerCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream()));
        return out.toString(StandardCharsets.UTF_8);
    }
}
