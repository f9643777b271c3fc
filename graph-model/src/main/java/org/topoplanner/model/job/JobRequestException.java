package org.topoplanner.model.job;

import java.util.List;

/** sbatch options that cannot be read; every problem is listed, each naming its option. */
public final class JobRequestException extends Exception {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    public JobRequestException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public List<String> problems() {
        return problems;
    }
}
