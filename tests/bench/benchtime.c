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
 *                 100 ms), the calls made, the child's reads (or calls).
 *                 More FILEs: a child for each, all on CPU 1; READS is
 *                 their sum.
 *   benchtime during FILE TEXT WATCH KEY OP [ARG...]
 *                 a child on CPU 1 writes TEXT to FILE with one write(2)
 *                 (a forced shrink); meanwhile this process polls WATCH
 *                 (lines "KEY VALUE", a memory.dentry_unused) until KEY's
 *                 value falls below what it was before the write (the
 *                 write has begun freeing) or the write ends, then does
 *                 OP, timed:
 *                   freeze DIR   FIFREEZE on DIR's file system, then FITHAW
 *                   remount DIR  remount DIR's file system as it is
 *                                (read-write): takes s_umount for
 *                                writing, as a read-only remount does,
 *                                without shrinking the dcache
 *                   rmdir DIR    rmdir(DIR)
 *                   sblock MAJOR:MINOR MS [FILE...]   as sblock above
 *                   none         nothing (how far the write got)
 *                 Prints "BEFORE BEGAN AFTER RUNNING STATUS TAIL WRITE"
 *                 and OP's figures: KEY's value before the write, when OP
 *                 began and when it returned (-1: WATCH is gone), 1 if
 *                 the write was still running when OP began, the write's
 *                 errno (0: it succeeded), ns from OP's return to the
 *                 write's (negative: the write ended first), the write's
 *                 ns; then freeze: FREEZE_NS THAW_NS; remount and rmdir:
 *                 their ns; sblock: MAX P99 CALLS READS; none: nothing.
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
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/fs.h>

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
		"       %s sblock MAJOR:MINOR MS [FILE... | -]\n"
		"       %s during FILE TEXT WATCH KEY freeze DIR | remount DIR |\n"
		"                 rmdir DIR |\n"
		"                 sblock MAJOR:MINOR MS [FILE...] | none\n"
		"  -m before the command: mark the timed work for insns.so\n",
		prog, prog, prog, prog, prog, prog, prog, prog, prog, prog);
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

/*
 * sblock's loop: for @ms ms on CPU 0, ustat(2) of @devstr in a tight loop,
 * with a reader child on CPU 1 for each of the @nfiles @files ("-": a
 * ustat(2) loop); "MAX P99 CALLS READS" into @res.
 */
static void sblock(const char *devstr, long ms, char **files, int nfiles,
		   char *res, size_t size)
{
	static unsigned int hist[SBLOCK_BUCKETS + 1];
	struct sblock_shared *sh;
	unsigned int major_, minor_;
	unsigned long dev;
	long long t0, end, prev, max = 0;
	long calls = 0, want, seen, reads = 0, i;
	char ubuf[64];	/* struct ustat, which glibc no longer declares */
	pid_t child[8];
	int status, c;

	if (sscanf(devstr, "%u:%u", &major_, &minor_) != 2 ||
	    nfiles > (int)(sizeof(child) / sizeof(child[0])))
		usage();
	memset(hist, 0, sizeof(hist));
	/* the kernel's new_encode_dev() */
	dev = (minor_ & 0xff) | (major_ << 8) | ((minor_ & ~0xffU) << 12);
	sh = mmap(NULL, nfiles ? nfiles * sizeof(*sh) : sizeof(*sh),
		  PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	if (syscall(SYS_ustat, dev, ubuf) == 0 || errno != EINVAL)
		die("ustat %s: want EINVAL (a device no superblock has), got %s",
		    devstr, errno == EINVAL ? "success" : strerror(errno));
	for (c = 0; c < nfiles; c++) {
		child[c] = fork();
		if (child[c] < 0)
			die("fork: %s", strerror(errno));
		if (child[c] == 0)
			sblock_reader(files[c], dev, &sh[c]);
		while (!sh[c].started) {
			if (waitpid(child[c], &status, WNOHANG) == child[c])
				die("the reader of %s failed", files[c]);
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
	for (c = 0; c < nfiles; c++)
		sh[c].stop = 1;
	for (c = 0; c < nfiles; c++) {
		if (waitpid(child[c], &status, 0) != child[c] ||
		    !WIFEXITED(status) || WEXITSTATUS(status))
			die("the reader of %s failed", files[c]);
		reads += sh[c].reads;
	}
	munmap(sh, nfiles ? nfiles * sizeof(*sh) : sizeof(*sh));
	/* the 99th percentile: the bucket the call ranked 0.99 * calls is in */
	want = calls - calls / 100;
	for (i = 0, seen = 0; i <= SBLOCK_BUCKETS; i++) {
		seen += hist[i];
		if (seen >= want)
			break;
	}
	snprintf(res, size, "%lld %lld %ld %ld", max, (i + 1) * 1000LL, calls,
		 reads);
}

static void cmd_sblock(const char *devstr, long ms, char **files, int nfiles)
{
	char res[128];

	sblock(devstr, ms, files, nfiles, res, sizeof(res));
	printf("%s\n", res);
}

/*
 * during: KEY's value in WATCH ("KEY VALUE" lines); 0 when KEY has no line
 * (the spec's absent line), -1 when WATCH cannot be read (the cgroup is
 * gone).
 */
static long watch_value(const char *watch, const char *key)
{
	char buf[65536], *line, *save;
	size_t klen = strlen(key), got = 0;
	long v = 0;
	ssize_t r;
	int fd = open(watch, O_RDONLY);

	if (fd < 0)
		return -1;
	while (got < sizeof(buf) - 1 &&
	       (r = read(fd, buf + got, sizeof(buf) - 1 - got)) > 0)
		got += r;
	close(fd);
	buf[got] = '\0';
	for (line = strtok_r(buf, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		if (!strncmp(line, key, klen) && line[klen] == ' ')
			v = strtol(line + klen + 1, NULL, 10);
	return v;
}

/* What the writer child of during tells its parent. */
struct during_shared {
	volatile int done, err;
	volatile long long start, end;
};

static void cmd_during(const char *file, const char *text, const char *watch,
		       const char *key, char **op, int nop)
{
	struct during_shared *sh;
	long before, began, after, v;
	long long t0, t1, tail;
	char res[128] = "";
	int running, status, fd;
	pid_t writer;

	if (!strcmp(op[0], "freeze") || !strcmp(op[0], "remount") ||
	    !strcmp(op[0], "rmdir")) {
		if (nop != 2)
			usage();
	} else if (!strcmp(op[0], "sblock")) {
		if (nop < 3)
			usage();
	} else if (strcmp(op[0], "none") || nop != 1) {
		usage();
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE,
		  MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		die("mmap: %s", strerror(errno));
	before = watch_value(watch, key);
	if (before < 0)
		die("%s: %s", watch, strerror(errno));
	fd = open(file, O_WRONLY);
	if (fd < 0)
		die("%s: %s", file, strerror(errno));
	writer = fork();
	if (writer < 0)
		die("fork: %s", strerror(errno));
	if (writer == 0) {
		ssize_t n;

		pin(1);
		sh->start = now_ns();
		n = write(fd, text, strlen(text));
		sh->end = now_ns();
		sh->err = n < 0 ? errno : 0;
		sh->done = 1;
		_exit(0);
	}
	close(fd);
	/* until the write has begun freeing, or has ended */
	do
		v = watch_value(watch, key);
	while (v >= before && v >= 0 && !sh->done);
	running = !sh->done;
	began = v;
	if (!strcmp(op[0], "freeze")) {
		long long th;

		fd = open(op[1], O_RDONLY | O_DIRECTORY);
		if (fd < 0)
			die("%s: %s", op[1], strerror(errno));
		t0 = t_begin();
		if (ioctl(fd, FIFREEZE, 0))
			die("FIFREEZE %s: %s", op[1], strerror(errno));
		t1 = t0 + t_end(t0);
		after = watch_value(watch, key);
		th = now_ns();
		if (ioctl(fd, FITHAW, 0))
			die("FITHAW %s: %s", op[1], strerror(errno));
		th = now_ns() - th;
		close(fd);
		snprintf(res, sizeof(res), " %lld %lld", t1 - t0, th);
	} else if (!strcmp(op[0], "remount")) {
		struct statvfs sv;
		unsigned long fl;

		/* the mount's flags as they are (a remount resets the others) */
		if (statvfs(op[1], &sv))
			die("statvfs %s: %s", op[1], strerror(errno));
		fl = MS_REMOUNT | (sv.f_flag & (ST_NOSUID | ST_NODEV | ST_NOEXEC |
			ST_NOATIME | ST_NODIRATIME | ST_RELATIME |
			ST_SYNCHRONOUS | ST_MANDLOCK));
		t0 = t_begin();
		if (mount(NULL, op[1], NULL, fl, NULL))
			die("remount %s: %s", op[1], strerror(errno));
		t1 = t0 + t_end(t0);
		after = watch_value(watch, key);
		snprintf(res, sizeof(res), " %lld", t1 - t0);
	} else if (!strcmp(op[0], "rmdir")) {
		t0 = t_begin();
		if (rmdir(op[1]))
			die("rmdir %s: %s", op[1], strerror(errno));
		t1 = t0 + t_end(t0);
		after = watch_value(watch, key);
		snprintf(res, sizeof(res), " %lld", t1 - t0);
	} else if (!strcmp(op[0], "sblock")) {
		res[0] = ' ';
		t0 = now_ns();
		sblock(op[1], parse_count(op[2], 0), op + 3, nop - 3,
		       res + 1, sizeof(res) - 1);
		t1 = now_ns();
		after = watch_value(watch, key);
	} else {
		t1 = now_ns();
		after = v;
	}
	if (waitpid(writer, &status, 0) != writer || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("the writer of %s failed", file);
	tail = sh->end - t1;
	printf("%ld %ld %ld %d %d %lld %lld%s\n", before, began, after, running,
	       sh->err, tail, sh->end - sh->start, res);
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
	else if (!strcmp(cmd, "sblock") && argc >= 3)
		cmd_sblock(argv[1], parse_count(argv[2], 0), argv + 3, argc - 3);
	else if (!strcmp(cmd, "during") && argc >= 6)
		cmd_during(argv[1], argv[2], argv[3], argv[4], argv + 5,
			   argc - 5);
	else
		usage();
	return 0;
}
