package org.topoplanner.importers.nvsmi;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A shell prompt pasted above a matrix ({@code user@dgx01:~$ nvidia-smi topo -m},
 * {@code [root@gpu-a01 ~]# nvidia-smi topo -p2p r}): the only place such a paste names its host.
 */
record ShellPrompt(String host, String command) {
    private static final Pattern PROMPT = Pattern.compile(
            "(?:^|[\\s\\[(])[A-Za-z_][\\w.-]*@([A-Za-z0-9][A-Za-z0-9_.-]*?)[:\\s\\]].*?(nvidia-smi\\b.*)$");

    static Optional<ShellPrompt> find(String line) {
        Matcher m = PROMPT.matcher(line);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(new ShellPrompt(m.group(1), m.group(2).strip()));
    }

    /** The prompt line the writer puts above a matrix so that the host survives a round trip. */
    static String line(String host, String command) {
        return "root@" + host + ":~# " + command;
    }
}
