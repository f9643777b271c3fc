/*
 * Slurm's own hostlist code as an oracle for Hostlist.compressSorted and Hostlist.compress.
 * Reads one comma-separated list of host names per line and prints, tab-separated, what
 * libslurm writes for it as given (hostlist_ranged_string, = scontrol show hostlist) and after
 * hostlist_uniq (sorted, duplicates removed). Slurm 22.05 has no scontrol command for the second.
 *
 * Build (Debian 12, package slurm-client pulls in libslurmfull.so; no headers needed):
 *   cc -O -o hostlist-uniq-probe hostlist-uniq-probe.c \
 *      -L/usr/lib/x86_64-linux-gnu/slurm-wlm -lslurmfull \
 *      -Wl,-rpath,/usr/lib/x86_64-linux-gnu/slurm-wlm
 * HostlistAgainstSlurmTest builds and runs it when cc and the library are there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct hostlist *hostlist_t;
extern hostlist_t hostlist_create(const char *);
extern void hostlist_destroy(hostlist_t);
extern int hostlist_uniq(hostlist_t);
extern char *hostlist_ranged_string_malloc(hostlist_t);

static void print(const char *line, int uniq)
{
	hostlist_t hl = hostlist_create(line);
	char *s;

	if (!hl) {
		fputs("ERROR", stdout);
		return;
	}
	if (uniq)
		hostlist_uniq(hl);
	s = hostlist_ranged_string_malloc(hl);
	fputs(s ? s : "ERROR", stdout);
	free(s);
	hostlist_destroy(hl);
}

int main(void)
{
	static char line[1 << 22];

	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = '\0';
		print(line, 0);
		putchar('\t');
		print(line, 1);
		putchar('\n');
		fflush(stdout);
	}
	return 0;
}
