package org.topoplanner.app.desktop.window;

/**
 * Whether the window autosaves unsaved work every 30 s and offers a crash's autosave for recovery at
 * start. Always on for users; the window tests turn it off (except where recovery is the subject), so
 * that an autosave one test leaves behind cannot put a modal recovery dialog in front of the next.
 */
public enum CrashRecovery {
    ON, OFF
}
