package org.topoplanner.importers.export;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a written {@code MANIFEST.txt} says the bundle holds: per file (path relative to the bundle
 * folder) its size in bytes and SHA-256, as {@link ManifestWriter} records them. The next export uses it
 * to tell files it wrote and nobody changed (replaced or removed freely) from files edited by hand
 * (touched only with {@code --force}) and files it never wrote (never deleted). A line of an older
 * manifest without size and digest is kept with {@code sha256 == null}: listed, but its content unknown.
 */
public record BundleManifest(Map<String, Entry> entries) {
    /** One listed file; {@code size} is -1 and {@code sha256} null when the manifest did not record them. */
    public record Entry(String path, long size, String sha256) {
        public boolean matches(byte[] bytes) {
            return sha256 != null && size == bytes.length && sha256.equals(BundleManifest.sha256(bytes));
        }
    }

    public BundleManifest {
        entries = Map.copyOf(entries);
    }

    public static final BundleManifest NONE = new BundleManifest(Map.of());

    /** Reads a manifest's text; lines it does not understand are skipped (the manifest is ours, not user input). */
    public static BundleManifest parse(String text) {
        Map<String, Entry> out = new LinkedHashMap<>();
        for (String line : text.split("\n", -1)) {
            if (line.isBlank() || line.startsWith("#") || Character.isWhitespace(line.charAt(0))) {
                continue;
            }
            String[] t = line.trim().split("\\s+");
            if (t.length < 2 || t[1].equals(ExportBundle.MANIFEST)) {
                continue;
            }
            long size = -1;
            String digest = null;
            if (t.length >= 4 && t[3].startsWith("sha256:") && t[2].matches("\\d{1,18}")) {
                size = Long.parseLong(t[2]);
                digest = t[3].substring("sha256:".length());
            }
            out.put(t[1], new Entry(t[1], size, digest));
        }
        return new BundleManifest(out);
    }

    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    public static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
