// SPDX-License-Identifier: GPL-2.0
/*
 * benchtime: the guest side of `make bench` times its operations with this
 * rather than with the shell, whose clock (/proc/uptime) ticks in 10 ms and
 * whose every command forks.  Each command does one kind of work, timed
 * with clock_gettime(CLOCK_MONOTONIC) around the work alone (not around
 * opening files, parsing or moving into a cgroup), and prints the elapsed
 * nanoseconds on one line, or, for the commands that say so, a count.
 *
 *   benchtime [-c CGROUP] write FILE TEXT   one write(2) of TEXT to FILE
 *   benchtime read FILE N                  N open/read-all/close of FILE
 *   benchtime [-c CGROUP] lookup DIR PREFIX N
 *                 stat() DIR/PREFIX1..N, names that do not exist: N
 *                 negative dentries, charged to CGROUP
 *   benchtime [-c CGROUP] churn DIR N      create, stat and unlink N files
 *   benchtime spread PARENT CGPREFIX NCG DIR PER
 *                 for each cgroup PARENT/CGPREFIX1..NCG in turn: move into
 *                 it, then stat() PER missing names DIR/c<i>_1..PER
 *                 (the cgroup moves are outside the time)
 *   benchtime [-c CGROUP] cache FILE       read FILE to the end (page cache)
 *   benchtime incore FILE                  pages of FILE in the page cache
 *                                          (mincore; prints a count)
 *   benchtime [-c CGROUP] hot DIR PREFIX N
 *                 make DIR/PREFIX1..N hot: create each missing one (an
 *                 empty file), then stat() each twice, so that its
 *                 dentry is positive, unused, on its LRU and referenced
 *                 (a lookup that ends holding a reference marks it when
 *                 dropping it; the first one only puts it on the LRU)
 *   benchtime sblock MAJOR:MINOR MS [FILE | -]
 *                 for MS milliseconds, on CPU 0, call ustat(2) on the
 *                 device MAJOR:MINOR in a tight loop: with a device no
 *                 superblock has, each call takes sb_lock, walks the
 *                 superblocks and fails EINVAL (user_get_super()), so the
 *                 time between two calls' returns is what sb_lock costs a
 *                 task that needs it.  With FILE, a child on CPU 1 reads
 *                 FILE (open, read all, close) in a loop all along; with
 *                 "-" it calls the same ustat(2) in a loop (a competitor
 *                 whose every hold of sb_lock is short).
 *                 Prints "MAX P99 CALLS READS": the longest and the 99th
 *                 percentile time between returns (ns, 1 us buckets up to
 *                 100 ms), the calls made, the child's reads (or calls)
 *
 * -c CGROUP moves this process into CGROUP (a v1 memcg directory) first,
 * so that what it allocates is charged there.  -m (before the command)
 * marks the timed work of every command but sblock (spread: each
 * cgroup's) for tests/bench/insns.so, which counts the instructions the
 * guest executes between the marks.  Errors: a message on stderr, exit
 * status 1; usage errors exit 2.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char *prog = "benchtime";

static void die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: %s [-c CGROUP] write FILE TEXT\n"
		"       %s read FILE N\n"
		"       %s [-c CGROUP] lookup DIR PREFIX N\n"
		"       %s [-c CGROUP] churn DIR N\n"
		"       %s spread PARENT CGPREFIX NCG DIR PER\n"
		"       %s [-c CGROUP] cache FILE\n"
		"       %s incore FILE\n"
		"       %s [-c CGROUP] hot DIR PREFIX N\n"
		"       %s sblock MAJOR:MINOR MS [FILE | -]\n"
		"  -m before the command: mark the timed work for insns.so\n",
		prog, prog, prog, prog, prog, prog, prog, prog, prog);
	exit(2);
}

static long long now_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts))
		die("clock_gettime: %s", strerror(errno));
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/*
 * -m: mark the timed work for tests/bench/insns.so, the TCG plugin that
 * counts the instructions the guest executes between the marks.  A mark is
 * a NOP with a magic displacement, nothing to a CPU.
 */
static int marking;

static void mark(int start)
{
#if defined(__x86_64__)
	if (marking && start)	/* nopl 0x4d424e31(%rax,%rax,1) */
		__asm__ __volatile__(".byte 0x0f,0x1f,0x84,0x00,0x31,0x4e,0x42,0x4d" ::: "memory");
	else if (marking)	/* nopl 0x4d424e30(%rax,%rax,1) */
		__asm__ __volatile__(".byte 0x0f,0x1f,0x84,0x00,0x30,0x4e,0x42,0x4d" ::: "memory");
#else
	(void)start;
#endif
}

/* The clock at the start of timed work, and the time since @t0 at its end. */
static long long t_begin(void)
{
	mark(1);
	return now_ns();
}

static long long t_end(long long t0)
{
	long long t = now_ns() - t0;

	mark(0);
	return t;
}

/* A count operand: decimal, 1 <= n <= LONG_MAX (0 where zero_ok). */
static long parse_count(const char *s, int zero_ok)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(s, &end, 10);
	if (errno || end == s || *end || n < !zero_ok) {
		fprintf(stderr, "%s: not a count: '%s'\n", prog, s);
		usage();
	}
	return n;
}

/* Write TEXT to PATH with one write(2), or die with the errno. */
static void write_file(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	n = write(fd, text, len);
	if (n < 0)
		die("%s: write '%s': %s", path, text, strerror(errno));
	if ((size_t)n != len)
		die("%s: short write", path);
	close(fd);
}

static void join_cgroup(const char *cg)
{
	char path[4096], pid[32];

	snprintf(path, sizeof(path), "%s/cgroup.procs", cg);
	snprintf(pid, sizeof(pid), "%d\n", (int)getpid());
	write_file(path, pid);
}

static long long cmd_write(const char *path, const char *text)
{
	size_t len = strlen(text);
	int fd = open(path, O_WRONLY);
	long long t0, t1;
	ssize_t n;

	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	t0 = t_begin();
	n = write(fd, text, len);
	t1 = t0 + t_end(t0);
	if (n < 0)
		die("%s: write '%s': %s", path, text, strerror(errno));
	close(fd);
	return t1 - t0;
}

/* Read PATH to its end, SIZE bytes of BUF at a time (a file of the kernel's). */
static void read_whole(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t r;

	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	do
		r = read(fd, buf, size);
	while (r > 0);
	if (r < 0)
		die("%s: read: %s", path, strerror(errno));
	close(fd);
}

static long long cmd_read(const char *path, long n)
{
	char buf[65536];
	long long t0 = t_begin();
	long i;

	for (i = 0; i < n; i++)
		read_whole(path, buf, sizeof(buf));
	return t_end(t0);
}

/* stat() DIR/PREFIX<first>..<first+n-1>; every name must be missing. */
static void lookups(const char *dir, const char *prefix, long first, long n)
{
	char path[4096];
	struct stat st;
	long i;

	for (i = first; i < first + n; i++) {
		snprintf(path, sizeof(path), "%s/%s%ld", dir, prefix, i);
		if (stat(path, &st) == 0)
			die("%s exists: lookups need missing names", path);
		if (errno != ENOENT)
			die("%s: %s", path, strerror(errno));
	}
}

static long long cmd_lookup(const char *dir, const char *prefix, long n)
{
	long long t0 = t_begin();

	lookups(dir, prefix, 1, n);
	return t_end(t0);
}

static long long cmd_churn(const char *dir, long n)
{
	char path[4096];
	struct stat st;
	long long t0 = t_begin();
	long i;

	for (i = 1; i <= n; i++) {
		int fd;

		snprintf(path, sizeof(path), "%s/churn%ld", dir, i);
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0)
			die("%s: %s", path, strerror(errno));
		close(fd);
		if (stat(path, &st))
			die("stat %s: %s", path, strerror(errno));
		if (unlink(path))
			die("unlink %s: %s", path, strerror(errno));
	}
	return t_end(t0);
}

static long long cmd_spread(const char *parent, const char *cgprefix,
			    long ncg, const char *dir, long per)
{
	char cg[4096], prefix[64];
	long long total = 0;
	long i;

	for (i = 1; i <= ncg; i++) {
		long long t0;

		snprintf(cg, sizeof(cg), "%s/%s%ld", parent, cgprefix, i);
		join_cgroup(cg);
		snprintf(prefix, sizeof(prefix), "c%ld_", i);
		t0 = t_begin();
		lookups(dir, prefix, 1, per);
		total += t_end(t0);
	}
	return total;
}

static long long cmd_cache(const char *path)
{
	char buf[65536];
	long long t0;
	int fd = open(path, O_RDONLY);
	ssize_t r;

	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	t0 = t_begin();
	do
		r = read(fd, buf, sizeof(buf));
	while (r > 0);
	t0 = t_end(t0);
	if (r < 0)
		die("%s: read: %s", path, strerror(errno));
	close(fd);
	return t0;
}

static long cmd_incore(const char *path)
{
	long page = sysconf(_SC_PAGESIZE), pages, i, resident = 0;
	unsigned char *vec;
	struct stat st;
	void *map;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		die("%s: %s", path, strerror(errno));
	if (fstat(fd, &st))
		die("%s: %s", path, strerror(errno));
	if (st.st_size == 0)
		return 0;
	pages = (st.st_size + page - 1) / page;
	map = mmap(NULL, st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		die("%s: mmap: %s", path, strerror(errno));
	vec = malloc(pages);
	if (!vec)
		die("out of memory");
	if (mincore(map, st.st_size, vec))
		die("%s: mincore: %s", path, strerror(errno));
	for (i = 0; i < pages; i++)
		resident += vec[i] & 1;
	free(vec);
	munmap(map, st.st_size);
	close(fd);
	return resident;
}

static long long cmd_hot(const char *dir, const char *prefix, long n)
{
	char path[4096];
	struct stat st;
	long long t0 = t_begin();
	long i;
	int k;

	for (i = 1; i <= n; i++) {
		snprintf(path, sizeof(path), "%s/%s%ld", dir, prefix, i);
		if (stat(path, &st)) {
			int fd;

			if (errno != ENOENT)
				die("%s: %s", path, strerror(errno));
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
			if (fd < 0)
				die("%s: %s", path, strerror(errno));
			close(fd);
		}
		for (k = 0; k < 2; k++)
			if (stat(path, &st))
				die("stat %s: %s", path, strerror(errno));
	}
	return t_end(t0);
}

/* Pin the calling process to CPU @cpu, if the machine has it. */
static void pin(int cpu)
{
	cpu_set_t set;

	if (cpu >= sysconf(_SC_NPROCESSORS_ONLN))
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity %d: %s", cpu, strerror(errno));
}

#define SBLOCK_BUCKETS 100000	/* 1 us each: up to 100 ms */

/* What the reader child and the timing loop share. */
struct sblock_shared {
	volatile int started, stop;
	volatile long reads;
};

static void sblock_reader(const char *path, unsigned long dev,
			  struct sblock_shared *sh)
{
	char buf[65536];

	pin(1);
	while (!sh->stop) {
		if (!strcmp(path, "-")) {
			syscall(SYS_ustat, dev, buf);
			sh->reads++;
			sh->started = 1;
			continue;
		}
		read_whole(path, buf, sizeof(buf));
		sh->reads++;
		sh->started = 1;
	}
	_exit(0);
}

static void cmd_sblock(const char *devstr, long ms, const char *path)
{
	static unsigned int hist[SBLOCK_BUCKETS + 1];
	struct sblock_shared *sh;
	unsigned int major_, minor_;
	unsigned long dev;
	long long t0, end, prev, max = 0;
	long calls = 0, want, seen, i;
	char ubuf[64];	/* struct ustat, which glibc no longer declares */
	pid_t child = 0;
	int status;

	if (sscanf(devstr, "%u:%u", &major_, &minor_) != 2)
		usage();
	/* the kernel's new_encode_dev() */
	dev = (minor_ & 0xff) | (major_ << 8) | ((minor_ & ~0xffU) << 12);
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	if (syscall(SYS_ustat, dev, ubuf) == 0 || errno != EINVAL)
		die("ustat %s: want EINVAL (a device no superblock has), got %s",
		    devstr, errno == EINVAL ? "success" : strerror(errno));
	if (path) {
		child = fork();
		if (child < 0)
			die("fork: %s", strerror(errno));
		if (child == 0)
			sblock_reader(path, dev, sh);
		while (!sh->started) {
			if (waitpid(child, &status, WNOHANG) == child)
				die("the reader of %s failed", path);
			sched_yield();
		}
	}
	pin(0);
	t0 = prev = now_ns();
	end = t0 + ms * 1000000LL;
	while (prev < end) {
		long long t, d;

		syscall(SYS_ustat, dev, ubuf);
		t = now_ns();
		d = t - prev;
		prev = t;
		hist[d / 1000 < SBLOCK_BUCKETS ? d / 1000 : SBLOCK_BUCKETS]++;
		if (d > max)
			max = d;
		calls++;
	}
	if (child) {
		sh->stop = 1;
		if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
		    WEXITSTATUS(status))
			die("the reader of %s failed", path);
	}
	/* the 99th percentile: the bucket the call ranked 0.99 * calls is in */
	want = calls - calls / 100;
	for (i = 0, seen = 0; i <= SBLOCK_BUCKETS; i++) {
		seen += hist[i];
		if (seen >= want)
			break;
	}
	printf("%lld %lld %ld %ld\n", max, (i + 1) * 1000LL, calls,
	       path ? sh->reads : 0L);
}

int main(int argc, char **argv)
{
	const char *cmd;
	int opt;

	while ((opt = getopt(argc, argv, "+c:m")) != -1) {
		switch (opt) {
		case 'c':
			join_cgroup(optarg);
			break;
		case 'm':
			marking = 1;
			break;
		default:
			usage();
		}
	}
	argv += optind;
	argc -= optind;
	if (argc < 1)
		usage();
	cmd = argv[0];

	if (!strcmp(cmd, "write") && argc == 3)
		printf("%lld\n", cmd_write(argv[1], argv[2]));
	else if (!strcmp(cmd, "read") && argc == 3)
		printf("%lld\n", cmd_read(argv[1], parse_count(argv[2], 0)));
	else if (!strcmp(cmd, "lookup") && argc == 4)
		printf("%lld\n", cmd_lookup(argv[1], argv[2],
					    parse_count(argv[3], 0)));
	else if (!strcmp(cmd, "churn") && argc == 3)
		printf("%lld\n", cmd_churn(argv[1], parse_count(argv[2], 0)));
	else if (!strcmp(cmd, "spread") && argc == 6)
		printf("%lld\n", cmd_spread(argv[1], argv[2],
					    parse_count(argv[3], 0), argv[4],
					    parse_count(argv[5], 0)));
	else if (!strcmp(cmd, "cache") && argc == 2)
		printf("%lld\n", cmd_cache(argv[1]));
	else if (!strcmp(cmd, "incore") && argc == 2)
		printf("%ld\n", cmd_incore(argv[1]));
	else if (!strcmp(cmd, "hot") && argc == 4)
		printf("%lld\n", cmd_hot(argv[1], argv[2],
					 parse_count(argv[3], 0)));
	else if (!strcmp(cmd, "sblock") && (argc == 3 || argc == 4))
		cmd_sblock(argv[1], parse_count(argv[2], 0),
			   argc == 4 ? argv[3] : NULL);
	else
		usage();
	return 0;
}
