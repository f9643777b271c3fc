package org.topoplanner.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version stamped into the jar by the build. */
public final class Version implements IVersionProvider {
    public static String current() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream("/org/topoplanner/app/version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() {
        return new String[] {"TopoPlanner " + current(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
