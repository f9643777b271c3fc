package org.topoplanner.app.desktop.canvas;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.paint.Color;
import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.node.LinkKind;

/**
 * The colour tokens of a {@link Theme}, read from the theme's stylesheet so the canvas views and
 * the styled controls can never disagree. Semantic tokens follow AtlantaFX ({@code -color-*});
 * drawing tokens are ours ({@code -tp-*}).
 */
public final class Palette {
    private static final Pattern TOKEN = Pattern.compile("(-(?:color|tp)-[a-z0-9-]+)\\s*:\\s*(#[0-9a-fA-F]{3,8})\\s*;");
    private static final int JOB_COLOURS = 10;
    private static final Map<Theme, Palette> CACHE = Collections.synchronizedMap(new EnumMap<>(Theme.class));
    /**
     * Okabe and Ito's colour-universal-design set without its black (a job drawn black would read as
     * an outline): seven hues that stay apart for protanopes, deuteranopes and tritanopes.
     * Okabe, M. and Ito, K. (2008), "Color Universal Design (CUD): how to make figures and
     * presentations that are friendly to colorblind people", jfly.uni-koeln.de/color.
     */
    private static final List<Color> COLOUR_BLIND_SAFE = List.of(Color.web("#E69F00"), Color.web("#56B4E9"),
            Color.web("#009E73"), Color.web("#F0E442"), Color.web("#0072B2"), Color.web("#D55E00"),
            Color.web("#CC79A7"));

    private final Theme theme;
    private final Map<String, Color> tokens;
    private final Color[] jobs;
    private final boolean colourBlindSafe;

    private Palette(Theme theme, Map<String, Color> tokens) {
        this.theme = theme;
        this.tokens = Collections.unmodifiableMap(tokens);
        this.jobs = new Color[JOB_COLOURS];
        this.colourBlindSafe = false;
        for (int i = 0; i < JOB_COLOURS; i++) {
            jobs[i] = token("-tp-job-" + i);
        }
    }

    private Palette(Palette base, List<Color> jobColours, boolean colourBlindSafe) {
        this.theme = base.theme;
        this.tokens = base.tokens;
        this.jobs = jobColours.toArray(Color[]::new);
        this.colourBlindSafe = colourBlindSafe;
    }

    /**
     * This palette with jobs in the colour-blind-safe set ({@code true}) or the theme's own ten colours
     * ({@code false}); everything else is the theme's.
     */
    public Palette withColourBlindSafeJobs(boolean safe) {
        if (safe == colourBlindSafe) {
            return this;
        }
        return safe ? new Palette(this, COLOUR_BLIND_SAFE, true) : of(theme);
    }

    /** Whether jobs are drawn in the colour-blind-safe set. */
    public boolean colourBlindSafe() {
        return colourBlindSafe;
    }

    /** The job colours in the order jobs take them. */
    public List<Color> jobColours() {
        return List.of(jobs);
    }

    /** The palette of a theme (parsed once). */
    public static Palette of(Theme theme) {
        return CACHE.computeIfAbsent(theme, t -> new Palette(t, parse(read(t))));
    }

    /** Every {@code -color-*} and {@code -tp-*} token of a stylesheet, in file order. */
    static Map<String, Color> parse(String css) {
        Map<String, Color> out = new LinkedHashMap<>();
        Matcher m = TOKEN.matcher(css);
        while (m.find()) {
            out.put(m.group(1), Color.web(m.group(2)));
        }
        return out;
    }

    private static String read(Theme t) {
        try (InputStream in = t.resource().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Theme theme() {
        return theme;
    }

    public boolean dark() {
        return theme == Theme.DARK;
    }

    /** All tokens by name. */
    public Map<String, Color> tokens() {
        return tokens;
    }

    /** One token; a missing token is a defect of the shipped stylesheet. */
    public Color token(String name) {
        Color c = tokens.get(name);
        if (c == null) {
            throw new IllegalStateException("theme " + theme + " lacks token " + name);
        }
        return c;
    }

    public Color bg() {
        return token("-color-bg-default");
    }

    public Color bgSubtle() {
        return token("-color-bg-subtle");
    }

    public Color fg() {
        return token("-color-fg-default");
    }

    public Color fgMuted() {
        return token("-color-fg-muted");
    }

    public Color fgSubtle() {
        return token("-color-fg-subtle");
    }

    public Color border() {
        return token("-color-border-default");
    }

    public Color borderMuted() {
        return token("-color-border-muted");
    }

    public Color accent() {
        return token("-color-accent-fg");
    }

    public Color success() {
        return token("-color-success-fg");
    }

    public Color warning() {
        return token("-color-warning-fg");
    }

    public Color danger() {
        return token("-color-danger-fg");
    }

    /** The state colour of a drag ghost. */
    public Color ghost(GhostState state) {
        return switch (state) {
            case VALID -> token("-color-success-fg");
            case WARNING -> token("-color-warning-emphasis");
            case IMPOSSIBLE -> token("-color-danger-fg");
        };
    }

    /** The fill of a switch box by tier: leaves lightest, the top of the tree darkest. */
    public Color switchFill(int tier) {
        return switch (tier) {
            case 0, 1 -> token("-tp-switch-leaf");
            case 2 -> token("-tp-switch-spine");
            default -> token("-tp-switch-core");
        };
    }

    /** The n-th categorical job colour, cycling. */
    public Color jobColour(int ordinal) {
        return jobs[Math.floorMod(ordinal, jobs.length)];
    }

    /** The colour of a job in an occupancy snapshot: its explicit colour, else by first-seen order. */
    public Color jobColour(Occupancy occupancy, String job) {
        Color explicit = occupancy.explicitColour(job);
        return explicit != null ? explicit : jobColour(occupancy.ordinal(job));
    }

    /** The stroke colour of a cable class by InfiniBand generation. */
    public Color link(LinkSpeed speed) {
        return switch (speed) {
            case XDR -> token("-tp-link-xdr");
            case NDR -> token("-tp-link-ndr");
            case HDR -> token("-tp-link-hdr");
            case EDR -> token("-tp-link-edr");
            case SDR, DDR, QDR, FDR10, FDR -> token("-tp-link-slow");
            case ETHERNET, UNKNOWN -> token("-tp-link-unknown");
        };
    }

    /** The cell colour of an {@code nvidia-smi topo -m} class; NVLink darker green with more lanes. */
    public Color matrixCell(LinkKind kind, int lanes) {
        return switch (kind) {
            case NV -> lanes >= 12 ? token("-tp-mx-nv-high") : lanes >= 4 ? token("-tp-mx-nv-mid") : token("-tp-mx-nv-low");
            case PIX -> token("-tp-mx-pix");
            case PXB -> token("-tp-mx-pxb");
            case PHB -> token("-tp-mx-phb");
            case NODE -> token("-tp-mx-node");
            case SYS -> token("-tp-mx-sys");
        };
    }

    /** Readable text on a background: dark text on light fills and the reverse. */
    public static Color textOn(Color background) {
        double l = 0.2126 * background.getRed() + 0.7152 * background.getGreen() + 0.0722 * background.getBlue();
        return l > 0.55 ? Color.web("#1b1f24") : Color.web("#f6f8fa");
    }

    /** A colour faded towards the background, for dimmed (non-matching) items. */
    public Color dim(Color c) {
        return c.interpolate(bg(), 0.78);
    }
}
