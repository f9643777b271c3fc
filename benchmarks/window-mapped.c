/*
 * window-mapped: start a program and stamp the moment the X server maps its window.
 *
 * usage: window-mapped TITLE_PREFIX TIMEOUT_S LOG PROGRAM [ARG...]
 *        (the program's standard output and error go to LOG)
 * prints: "mapped WALL_NS PID" (WALL_NS: nanoseconds from just before the fork to the MapNotify
 *         of the first top-level window whose name starts with TITLE_PREFIX), or
 *         "exited STATUS PID" / "timeout 0 PID"; exit status 0 only for "mapped".
 *
 * Why not `xdotool search` in a loop (what benchmarks/startup.sh did until 2026-12-05): each poll
 * spawns a process, so a figure was 0-50 ms late, and on a 2-core machine the polls took CPU from
 * the program being timed. Here the root window's SubstructureNotify events are selected before
 * the program starts, so the map is seen as the X server reports it, and nothing runs meanwhile.
 *
 * At the map the program is stopped (SIGSTOP) before anything else is read, so the caller can
 * read its CPU time (/proc/PID/stat, /proc/PID/task/TID/stat) as it was when the window
 * appeared; the caller then ends it (SIGKILL ends a stopped process). Without a window manager
 * (Xvfb) a top-level window is a child of the root, which is what SubstructureNotify reports; a
 * window whose name is set only after it is mapped is caught by its PropertyNotify.
 *
 * build: cc -O2 -o window-mapped window-mapped.c -lX11   (Debian: libx11-dev)
 */
#define _POSIX_C_SOURCE 200809L
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* A window's name from _NET_WM_NAME (UTF-8, what GTK sets) or else WM_NAME. */
static int name_starts_with(Display *d, Window w, const char *prefix) {
	Atom net_wm_name = XInternAtom(d, "_NET_WM_NAME", False);
	Atom utf8 = XInternAtom(d, "UTF8_STRING", False);
	Atom type;
	int format;
	unsigned long n, left;
	unsigned char *value = NULL;
	int match = 0;
	if (XGetWindowProperty(d, w, net_wm_name, 0, 1024, False, utf8, &type, &format, &n, &left, &value) == Success
	    && value != NULL && n > 0) {
		match = strncmp((char *) value, prefix, strlen(prefix)) == 0;
	}
	if (value != NULL) XFree(value);
	if (match) return 1;
	char *name = NULL;
	if (XFetchName(d, w, &name) && name != NULL) {
		match = strncmp(name, prefix, strlen(prefix)) == 0;
		XFree(name);
	}
	return match;
}

/* A window that goes away while it is looked at is no error of the program being timed. */
static int ignore_x_errors(Display *d, XErrorEvent *e) {
	(void) d;
	(void) e;
	return 0;
}

int main(int argc, char **argv) {
	if (argc < 5) {
		fprintf(stderr, "usage: %s TITLE_PREFIX TIMEOUT_S LOG PROGRAM [ARG...]\n", argv[0]);
		return 2;
	}
	const char *prefix = argv[1];
	long long deadline_ns = atoll(argv[2]) * 1000000000LL;
	int log = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (log < 0) {
		perror(argv[3]);
		return 2;
	}
	Display *d = XOpenDisplay(NULL);
	if (d == NULL) {
		fprintf(stderr, "window-mapped: cannot open display %s\n", getenv("DISPLAY") ? getenv("DISPLAY") : "(unset)");
		return 2;
	}
	XSetErrorHandler(ignore_x_errors);
	Window root = DefaultRootWindow(d);
	XSelectInput(d, root, SubstructureNotifyMask);
	XSync(d, False);

	fflush(stdout);
	long long t0 = now_ns();
	pid_t pid = fork();
	if (pid < 0) {
		perror("window-mapped: fork");
		return 2;
	}
	if (pid == 0) {
		close(ConnectionNumber(d));
		dup2(log, STDOUT_FILENO);
		dup2(log, STDERR_FILENO);
		close(log);
		execvp(argv[4], argv + 4);
		perror("window-mapped: exec");
		_exit(127);
	}

	struct pollfd pfd = {.fd = ConnectionNumber(d), .events = POLLIN};
	for (;;) {
		while (XPending(d) > 0) {
			XEvent e;
			XNextEvent(d, &e);
			Window w = None;
			if (e.type == MapNotify && e.xmap.event == root) {
				w = e.xmap.window;
				/* a name set after the map arrives as a property change */
				XSelectInput(d, w, PropertyChangeMask);
			} else if (e.type == PropertyNotify) {
				XWindowAttributes a;
				if (XGetWindowAttributes(d, e.xproperty.window, &a) && a.map_state == IsViewable) {
					w = e.xproperty.window;
				}
			}
			if (w != None && name_starts_with(d, w, prefix)) {
				long long t1 = now_ns();
				kill(pid, SIGSTOP);
				printf("mapped %lld %d\n", t1 - t0, (int) pid);
				return 0;
			}
		}
		int status;
		if (waitpid(pid, &status, WNOHANG) == pid) {
			printf("exited %d %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), (int) pid);
			return 1;
		}
		if (now_ns() - t0 > deadline_ns) {
			kill(pid, SIGSTOP);
			printf("timeout 0 %d\n", (int) pid);
			return 1;
		}
		/* wake for X events, and every 100 ms to notice a program that ended without a window */
		if (poll(&pfd, 1, 100) < 0 && errno != EINTR) {
			perror("window-mapped: poll");
			return 2;
		}
	}
}
