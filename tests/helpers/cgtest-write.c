// SPDX-License-Identifier: GPL-2.0
/*
 * cgtest-write: a guest test helper.  Writes VALUE to FILE with exactly one
 * write(2) (no newline added) and prints "ok" or the errno name, then the
 * milliseconds the open and write took:  "ok 12", "EINVAL 0", "EINTR 153".
 *
 * With --signal-after MS a no-op handler for SIGUSR1 (or --signal SIG) is
 * installed without SA_RESTART and a child process sends the signal MS ms
 * after the write starts (the guest kernel has no POSIX timers), so a long
 * write returns EINTR, which busybox's shell would hide by retrying.
 * With --mark FILE the child reads FILE's first word just before it sends
 * the signal and again just after, and then prints "mark BEFORE AFTER" on
 * a line of its own, before the result: a counter read around the moment
 * of the signal (a test that read it itself would let the write run on
 * while its shell forks a cat).  Whatever changes the counter after AFTER
 * was read happened with the signal pending; between BEFORE and AFTER the
 * child may have been preempted, or its vCPU have waited its turn.
 *
 * Exit status: 0 the write succeeded, 1 it failed, 2 usage error.
 */
#define _POSIX_C_SOURCE 200809L
#include "cgnum.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

static const char usage[] =
"Usage: cgtest-write [--signal-after MS [--mark FILE]] [--signal SIG] FILE VALUE\n"
"Write VALUE to FILE with one write(2); print \"ok\" or the errno name\n"
"(EINVAL, EINTR, ...; the number if unknown) and the elapsed ms.\n"
"  --signal-after MS  send SIG (default USR1, handled, no SA_RESTART) after MS ms\n"
"  --signal SIG       USR1, SIGUSR2, 10, ...\n"
"  --mark FILE        print \"mark\" and FILE's first word, read just before\n"
"                     and just after SIG\n"
"Exit status: 0 written, 1 failed, 2 usage error.\n";

static volatile sig_atomic_t signalled;

static void on_signal(int sig)
{
	(void)sig;
	signalled = 1;
}

static void usage_err(const char *msg)
{
	fprintf(stderr, "cgtest-write: %s\n%s", msg, usage);
	exit(2);
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/*
 * FILE's first word into @word (at most @size - 1 bytes), with one
 * read(2) and no stdio (the buffers are the parent's); an empty word if
 * FILE cannot be read.
 */
static void read_word(const char *file, char *word, size_t size)
{
	char buf[256];
	ssize_t n;
	size_t len = 0;
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	word[0] = '\0';
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	while (n > 0 && len < (size_t)n && len + 1 < size &&
	       buf[len] != ' ' && buf[len] != '\t' && buf[len] != '\n') {
		word[len] = buf[len];
		len++;
	}
	word[len] = '\0';
}

/*
 * The child's "mark BEFORE AFTER" line, with one write(2).  Nothing if
 * FILE could not be read either time; the test then finds no mark.
 */
static void print_mark(const char *before, const char *after)
{
	char line[160];
	int len;

	if (!before[0] || !after[0])
		return;
	len = snprintf(line, sizeof(line), "mark %s %s\n", before, after);
	if (len > 0 && (size_t)len < sizeof(line) &&
	    write(STDOUT_FILENO, line, (size_t)len) < 0)
		return;
}

/*
 * Fork a child that sends SIG to this process after MS ms (reading MARK
 * around the kill, if set).  A process, not a timer: the guest kernel is
 * built without CONFIG_POSIX_TIMERS.
 */
static pid_t arm_signal(int sig, uint64_t ms, const char *mark)
{
	pid_t parent = getpid(), pid = fork();

	if (pid == 0) {
		struct timespec ts = {
			.tv_sec = (time_t)(ms / 1000),
			.tv_nsec = (long)(ms % 1000) * 1000000L,
		};
		char before[64] = "", after[64] = "";

		while (nanosleep(&ts, &ts) && errno == EINTR)
			;
		if (mark)
			read_word(mark, before, sizeof(before));
		kill(parent, sig);
		if (mark) {
			read_word(mark, after, sizeof(after));
			print_mark(before, after);
		}
		_exit(0);
	}
	return pid;
}

static void print_result(int err, uint64_t ms)
{
	const char *name = err ? cgnum_errno_name(err) : "ok";

	if (name)
		printf("%s %llu\n", name, (unsigned long long)ms);
	else
		printf("%d %llu\n", err, (unsigned long long)ms);
}

int main(int argc, char **argv)
{
	enum { OPT_AFTER = 256, OPT_SIGNAL, OPT_MARK };
	static const struct option longopts[] = {
		{ "signal-after", required_argument, NULL, OPT_AFTER },
		{ "mark", required_argument, NULL, OPT_MARK },
		{ "signal", required_argument, NULL, OPT_SIGNAL },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	uint64_t after = 0, t0;
	int c, sig = SIGUSR1, have_after = 0, fd, err = 0;
	pid_t child = -1;
	const char *value, *mark = NULL;
	size_t len;
	ssize_t done;

	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_AFTER:
			if (cgnum_parse_u64(optarg, &after) || after > 3600 * 1000)
				usage_err("--signal-after takes milliseconds");
			have_after = 1;
			break;
		case OPT_MARK:
			mark = optarg;
			break;
		case OPT_SIGNAL:
			sig = cgnum_parse_signal(optarg);
			if (sig <= 0 || sig == SIGKILL || sig == SIGSTOP)
				usage_err("--signal takes a catchable signal");
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			usage_err("unknown option");
		}
	}
	if (argc - optind != 2)
		usage_err("want FILE and VALUE");
	if (mark && !have_after)
		usage_err("--mark needs --signal-after");
	value = argv[optind + 1];
	len = strlen(value);

	if (have_after) {
		struct sigaction sa;

		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_signal;
		sigemptyset(&sa.sa_mask);
		sa.sa_flags = 0;	/* no SA_RESTART: the write sees EINTR */
		if (sigaction(sig, &sa, NULL)) {
			perror("cgtest-write: sigaction");
			return 2;
		}
	}

	t0 = now_ms();
	if (have_after) {
		fflush(stdout);
		child = arm_signal(sig, after, mark);
		if (child < 0) {
			perror("cgtest-write: fork");
			return 2;
		}
	}
	fd = open(argv[optind], O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		err = errno;
	} else {
		done = write(fd, value, len);
		if (done < 0)
			err = errno;
		else if ((size_t)done != len)
			err = EIO;	/* a short write: not what the files do */
	}
	/* once it has sent the signal, the child has its mark to print */
	if (child > 0) {
		if (!signalled)
			kill(child, SIGKILL);
		waitpid(child, NULL, 0);
	}
	print_result(err, now_ms() - t0);
	if (fd >= 0)
		close(fd);
	return err ? 1 : 0;
}
