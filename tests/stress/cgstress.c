// SPDX-License-Identifier: GPL-2.0
/*
 * cgstress: the guest helper of the stress, safety and input tests.  One
 * static binary with a subcommand per job, so that the busy loops run
 * without a fork per operation (a fork costs milliseconds under TCG) and
 * every operation can be timed precisely.
 *
 * Every looping subcommand runs until SECS seconds have passed, then prints
 * one line of counters, "NAME key=value ...", and exits 0, or 1 if any
 * operation failed with an error it did not expect (each such error is
 * also printed to stderr, at most ERR_REPORT_MAX times).  Errors a race
 * legitimately gives are counted under "raced": ENOENT when a cgroup is
 * gone before open, ENODEV when it goes between lookup and open or between
 * open and write, EBUSY and
 * ENOENT for a racing mkdir/rmdir.
 *
 *   write [-o OFF | -s OFF] [-c] [-u UID] FILE CHUNK...
 *        open FILE once and write each CHUNK with one write(2) (pwrite at
 *        OFF with -o; with -s, lseek to OFF first), printing "ok" or the errno name for each; CHUNK takes
 *        \0 \n \t \\ \xHH and \{N}C (C repeated N times).  -c: first enter
 *        a new cgroup namespace; -u UID: first become UID and enter a new
 *        user namespace that maps root to UID (a container's root).
 *   shrink [-p MS] SECS MODE DIR...  force-shrink each DIR and each of its
 *        child cgroups in turn, pausing MS ms before each write; MODE all,
 *        n (1..1000 at random) or mix
 *   churn SECS PARENT NAME FILEDIR K
 *        mkdir PARENT/NAME.i, move in, create K files and look up K missing
 *        names in FILEDIR/NAME.i, move back, rmdir; timing mkdir and rmdir
 *   files SECS DIR CG...         move between the cgroups CG (directories);
 *        in each create, stat, unlink a file and look up a missing name
 *   fill SECS DIR NFILES SIZE    rewrite DIR/f0..f(NFILES-1) with SIZE bytes
 *        each (at most 64 KiB), round and round, starting each file's
 *        writeback and keeping the newest 128 mapped (NFILES >= 128):
 *        page cache and inodes for limit reclaim
 *   read SECS DIR                read the three files of every cgroup under
 *        DIR (recursively)
 * CGSTRESS_STOP=FILE in the environment ends a loop early once FILE exists.
 *
 *   writer DIR N SEED            create DIR/0..N-1: i%3 == 0 written and left
 *        dirty, 1 written and fsynced, 2 mmapped and dirtied through the map
 *   verify DIR N SEED            check every file holds what writer wrote
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define ERR_REPORT_MAX 20	/* unexpected errors printed per process */
#define MAX_FILE_SIZE (16 * 1024)	/* largest file writer makes */
#define FILL_MAX_SIZE (64 * 1024)	/* largest file fill makes */
#define FILL_SYNC_EVERY 16	/* fill: fdatasync one write in this many */
#define FILL_MAPPED 128		/* fill: files kept mapped, the newest */

static unsigned long unexpected;

static const char *ename(int e)
{
	const char *n = strerrorname_np(e);

	return n ? n : "E?";
}

static void usage(void)
{
	fputs("usage: cgstress write|shrink|churn|files|fill|read|writer|verify ARGS "
	      "(see the source)\n", stderr);
	exit(2);
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + (uint64_t)ts.tv_nsec / 1000;
}

/*
 * running: the loops' condition.  True until END, or until the file named
 * by $CGSTRESS_STOP exists (a test that ends a loop when its other work is
 * done: a signal would interrupt a forced shrink with EINTR instead).
 */
static int running(uint64_t end)
{
	static const char *stop;
	static int init;

	if (!init) {
		stop = getenv("CGSTRESS_STOP");
		init = 1;
	}
	if (stop && access(stop, F_OK) == 0)
		return 0;
	return now_us() < end;
}

static uint64_t deadline(const char *secs)
{
	char *end;
	unsigned long s = strtoul(secs, &end, 10);

	if (*end || !*secs)
		usage();
	return now_us() + (uint64_t)s * 1000000;
}

static unsigned long num(const char *s)
{
	char *end;
	unsigned long n = strtoul(s, &end, 10);

	if (*end || !*s)
		usage();
	return n;
}

/* pathf: format a path into a PATH_LEN buffer; too long is a usage error */
#define PATH_LEN 4096
static void pathf(char *out, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, PATH_LEN, fmt, ap);
	va_end(ap);
	if (n < 0 || n >= PATH_LEN)
		usage();
}

static void unexpected_err(const char *what, const char *path, int e)
{
	if (unexpected++ < ERR_REPORT_MAX)
		fprintf(stderr, "cgstress: %s %s: %s\n", what, path, ename(e));
}

/* xorshift, one state per process: cheap and reproducible */
static uint64_t rng_state = 88172645463325252ULL;
static uint64_t rnd(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* write_file: open, one write, close; 0 or errno */
static int write_file(const char *path, const char *buf)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), e = 0;

	if (fd < 0)
		return errno;
	if (write(fd, buf, strlen(buf)) < 0)
		e = errno;
	close(fd);
	return e;
}

/* enter: move this process into cgroup directory CG */
static int enter(const char *cg)
{
	char path[PATH_LEN], pid[32];

	pathf(path, "%s/cgroup.procs", cg);
	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	return write_file(path, pid);
}

/* ---------------------------------------------------------------- write */

static size_t unescape(const char *s, char *out, size_t max)
{
	size_t n = 0;

	while (*s) {
		char c = *s++;
		unsigned long rep = 1;

		if (c == '\\' && *s) {
			c = *s++;
			switch (c) {
			case '0': c = '\0'; break;
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'x': {
				char hex[3] = { 0 };

				if (!s[0] || !s[1])
					usage();
				hex[0] = s[0];
				hex[1] = s[1];
				s += 2;
				c = (char)strtoul(hex, NULL, 16);
				break;
			}
			case '{': {
				char *end;

				rep = strtoul(s, &end, 10);
				if (*end != '}' || !end[1])
					usage();
				s = end + 1;
				c = *s++;
				break;
			}
			default: break;	/* \\ and any other: the char itself */
			}
		}
		while (rep--) {
			if (n >= max)
				usage();
			out[n++] = c;
		}
	}
	return n;
}

static void map_to(const char *file, const char *line)
{
	int e = write_file(file, line);

	if (e) {
		fprintf(stderr, "cgstress: %s: %s\n", file, ename(e));
		exit(2);
	}
}

static int cmd_write(int argc, char **argv)
{
	static char buf[1 << 20];
	long long off = -1, seek = -1;
	int c, newcg = 0, fd;
	long uid = -1;

	while ((c = getopt(argc, argv, "+o:s:cu:")) != -1) {
		switch (c) {
		case 'o': off = (long long)num(optarg); break;
		case 's': seek = (long long)num(optarg); break;
		case 'c': newcg = 1; break;
		case 'u': uid = (long)num(optarg); break;
		default: usage();
		}
	}
	if (argc - optind < 2)
		usage();
	if (uid >= 0) {
		char line[64];

		/* dumpable again after setuid, or /proc/self stays root's
		 * and the maps below cannot be written */
		if (setgid((gid_t)uid) || setuid((uid_t)uid) ||
		    prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) || unshare(CLONE_NEWUSER)) {
			perror("cgstress: user namespace");
			return 2;
		}
		map_to("/proc/self/setgroups", "deny");
		snprintf(line, sizeof(line), "0 %ld 1", uid);
		map_to("/proc/self/uid_map", line);
		map_to("/proc/self/gid_map", line);
	}
	if (newcg && unshare(CLONE_NEWCGROUP)) {
		perror("cgstress: unshare(CLONE_NEWCGROUP)");
		return 2;
	}
	fd = open(argv[optind], O_WRONLY | O_CLOEXEC);
	if (fd < 0) {
		printf("open:%s\n", ename(errno));
		return 0;
	}
	if (seek >= 0 && lseek(fd, (off_t)seek, SEEK_SET) < 0) {
		printf("lseek:%s\n", ename(errno));
		close(fd);
		return 0;
	}
	for (int i = optind + 1; i < argc; i++) {
		size_t len = unescape(argv[i], buf, sizeof(buf));
		ssize_t r = off >= 0 ? pwrite(fd, buf, len, (off_t)off)
				     : write(fd, buf, len);

		if (r < 0)
			printf("%s%s", i > optind + 1 ? " " : "", ename(errno));
		else if ((size_t)r != len)
			printf("%sshort:%zd/%zu", i > optind + 1 ? " " : "", r, len);
		else
			printf("%sok", i > optind + 1 ? " " : "");
	}
	printf("\n");
	close(fd);
	return 0;
}

/* --------------------------------------------------------------- shrink */

static int cmd_shrink(int argc, char **argv)
{
	uint64_t end, max_us = 0, t;
	unsigned long writes = 0, ok = 0, raced = 0, alls = 0;
	const char *mode;
	char path[PATH_LEN], val[32];

	struct timespec pause = { 0, 0 };
	int c;

	while ((c = getopt(argc, argv, "+p:")) != -1) {
		unsigned long ms;

		if (c != 'p')
			usage();
		ms = num(optarg);
		pause.tv_sec = (time_t)(ms / 1000);
		pause.tv_nsec = (long)(ms % 1000) * 1000000L;
	}
	argc -= optind - 1;
	argv += optind - 1;
	if (argc < 4)
		usage();
	end = deadline(argv[1]);
	mode = argv[2];
	if (strcmp(mode, "all") && strcmp(mode, "n") && strcmp(mode, "mix"))
		usage();
	rng_state ^= (uint64_t)getpid() << 17;
	while (running(end)) {
		for (int i = 3; i < argc && running(end); i++) {
			DIR *d = opendir(argv[i]);
			struct dirent *de;
			int self = 1;

			if (!d) {
				unexpected_err("opendir", argv[i], errno);
				continue;
			}
			/* the directory itself, then each child cgroup */
			while (self || (de = readdir(d))) {
				int e, all;

				if (self) {
					pathf(path, "%s/memory.force_slab_shrink", argv[i]);
					self = 0;
				} else {
					if (de->d_type != DT_DIR || de->d_name[0] == '.')
						continue;
					pathf(path, "%s/%s/memory.force_slab_shrink",
						 argv[i], de->d_name);
				}
				all = !strcmp(mode, "all") || (!strcmp(mode, "mix") && rnd() % 2);
				if (all)
					strcpy(val, "all");
				else
					snprintf(val, sizeof(val), "%u", (unsigned)(rnd() % 1000 + 1));
				if (pause.tv_sec || pause.tv_nsec)
					nanosleep(&pause, NULL);
				t = now_us();
				e = write_file(path, val);
				t = now_us() - t;
				writes++;
				alls += all;
				if (!e) {
					ok++;
					if (t > max_us)
						max_us = t;
				} else if (e == ENOENT || e == ENODEV) {
					raced++;
				} else {
					unexpected_err("force_slab_shrink", path, e);
				}
				if (!running(end))
					break;
			}
			closedir(d);
		}
	}
	printf("shrink mode=%s writes=%lu ok=%lu all=%lu raced=%lu errors=%lu max_write_ms=%" PRIu64 "\n",
	       mode, writes, ok, alls, raced, unexpected, max_us / 1000);
	return unexpected != 0;
}

/* ---------------------------------------------------------------- churn */

static int make_files(const char *dir, unsigned long k, unsigned long *ops)
{
	char path[PATH_LEN];
	struct stat st;

	for (unsigned long j = 0; j < k; j++) {
		int fd;

		pathf(path, "%s/f%lu", dir, j);
		fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0) {
			unexpected_err("create", path, errno);
			return -1;
		}
		close(fd);
		pathf(path, "%s/missing%lu", dir, j);
		if (stat(path, &st) == 0 || errno != ENOENT) {
			unexpected_err("negative lookup", path, errno);
			return -1;
		}
		*ops += 2;
	}
	return 0;
}

static int cmd_churn(int argc, char **argv)
{
	uint64_t end, t, max_mkdir = 0, max_rmdir = 0;
	unsigned long i = 0, mkdirs = 0, rmdirs = 0, raced = 0, fileops = 0, k;
	const char *parent, *name, *filedir;
	char cg[PATH_LEN], dir[PATH_LEN];

	if (argc != 6)
		usage();
	end = deadline(argv[1]);
	parent = argv[2];
	name = argv[3];
	filedir = argv[4];
	k = num(argv[5]);
	while (running(end)) {
		pathf(cg, "%s/%s.%lu", parent, name, i);
		pathf(dir, "%s/%s.%lu", filedir, name, i % 8);
		i++;
		t = now_us();
		if (mkdir(cg, 0755)) {
			unexpected_err("mkdir", cg, errno);
			continue;
		}
		t = now_us() - t;
		max_mkdir = t > max_mkdir ? t : max_mkdir;
		mkdirs++;
		if (enter(cg)) {
			unexpected_err("enter", cg, errno);
		} else {
			/* dentries charged to this cgroup, then reparented */
			if (mkdir(dir, 0755) && errno != EEXIST)
				unexpected_err("mkdir", dir, errno);
			else
				make_files(dir, k, &fileops);
			if (enter(parent))
				unexpected_err("enter", parent, errno);
		}
		t = now_us();
		if (rmdir(cg)) {
			/* EBUSY: a reader's or tool's open file does not
			 * hold a v1 cgroup, so no error is expected here */
			unexpected_err("rmdir", cg, errno);
			continue;
		}
		t = now_us() - t;
		max_rmdir = t > max_rmdir ? t : max_rmdir;
		rmdirs++;
	}
	printf("churn mkdirs=%lu rmdirs=%lu fileops=%lu raced=%lu errors=%lu max_mkdir_ms=%" PRIu64
	       " max_rmdir_ms=%" PRIu64 "\n", mkdirs, rmdirs, fileops, raced, unexpected,
	       max_mkdir / 1000, max_rmdir / 1000);
	return unexpected != 0;
}

/* ---------------------------------------------------------------- files */

static int cmd_files(int argc, char **argv)
{
	uint64_t end;
	unsigned long moves = 0, creates = 0, stats = 0, unlinks = 0, negatives = 0, i = 0;
	char path[PATH_LEN];
	struct stat st;

	if (argc < 4)
		usage();
	end = deadline(argv[1]);
	while (running(end)) {
		const char *cg = argv[3 + i % (unsigned long)(argc - 3)];
		int fd, e;

		if ((e = enter(cg)))
			unexpected_err("enter", cg, e);
		else
			moves++;
		for (int j = 0; j < 16; j++, i++) {
			pathf(path, "%s/p%d.%lu", argv[2], (int)getpid(), i % 64);
			fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
			if (fd < 0) {
				unexpected_err("create", path, errno);
				continue;
			}
			close(fd);
			creates++;
			if (stat(path, &st))
				unexpected_err("stat", path, errno);
			else
				stats++;
			if (i % 2) {
				if (unlink(path))
					unexpected_err("unlink", path, errno);
				else
					unlinks++;
			}
			pathf(path, "%s/n%d.%lu", argv[2], (int)getpid(), i);
			if (stat(path, &st) == 0 || errno != ENOENT)
				unexpected_err("negative lookup", path, errno);
			else
				negatives++;
		}
	}
	printf("files moves=%lu creates=%lu stats=%lu unlinks=%lu negatives=%lu errors=%lu\n",
	       moves, creates, stats, unlinks, negatives, unexpected);
	return unexpected != 0;
}

/* ----------------------------------------------------------------- fill */

/*
 * Map the file just written and read a byte of each page, keeping the
 * newest FILL_MAPPED mapped: drop_caches (the stress test's drop worker)
 * leaves mapped pages alone, so the cgroup's usage climbs to its limit
 * between drops however slowly the filler writes, and limit reclaim,
 * which can unmap them, meets it.
 */
static void fill_map(void **maps, unsigned long slot, int fd,
		     unsigned long size, const char *path)
{
	unsigned long off, page = (unsigned long)sysconf(_SC_PAGESIZE);
	volatile const char *p;

	if (maps[slot])
		munmap(maps[slot], size);
	maps[slot] = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
	if (maps[slot] == MAP_FAILED) {
		maps[slot] = NULL;
		unexpected_err("mmap", path, errno);
		return;
	}
	p = maps[slot];
	for (off = 0; off < size; off += page)
		(void)p[off];
}

static int cmd_fill(int argc, char **argv)
{
	static char buf[FILL_MAX_SIZE];
	static void *maps[FILL_MAPPED];
	uint64_t end;
	unsigned long n, size, i = 0, writes = 0;
	char path[PATH_LEN];

	if (argc != 5)
		usage();
	end = deadline(argv[1]);
	n = num(argv[3]);
	size = num(argv[4]);
	if (n < FILL_MAPPED || !size || size > sizeof(buf))
		usage();
	while (running(end)) {
		int fd;

		pathf(path, "%s/f%lu", argv[2], i % n);
		memset(buf, (int)(i & 0xff), size);
		fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		if (fd < 0) {
			unexpected_err("create", path, errno);
		} else {
			int written = write(fd, buf, size) == (ssize_t)size;

			if (!written)
				unexpected_err("write", path, errno);
			else
				writes++;
			/* memcg reclaim does not write dirty pages back
			 * itself, and 6.1's MGLRU does not even wake the
			 * flushers (upstream's 1bc542c6a0d1, 6.10): with the
			 * limit full of dirty pages the OOM killer, not
			 * reclaim, meets it.  So start each file's writeback
			 * as it is written, and wait for one in this many. */
			if (sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE))
				unexpected_err("sync_file_range", path, errno);
			if (i % FILL_SYNC_EVERY == 0 && fdatasync(fd))
				unexpected_err("fdatasync", path, errno);
			/* a short file's map would fault past its end */
			if (written)
				fill_map(maps, i % FILL_MAPPED, fd, size, path);
			close(fd);
		}
		i++;
	}
	printf("fill writes=%lu errors=%lu\n", writes, unexpected);
	return unexpected != 0;
}

/* ----------------------------------------------------------------- read */

static const char *const files[] = {
	"memory.dentry_unused", "memory.slab_reclaim_stat", "memory.force_slab_shrink",
};

static void read_tree(const char *dir, unsigned long *reads, unsigned long *raced)
{
	char path[PATH_LEN], buf[8192];
	struct dirent *de;
	DIR *d;

	for (int i = 0; i < 3; i++) {
		int fd;
		ssize_t r;

		pathf(path, "%s/%s", dir, files[i]);
		/* the write-only file: root may open it read-only (v1 checks
		 * no permission at open for root) but reading must fail */
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			/* ENODEV: kernfs deactivated the file after the lookup */
			if (errno == ENOENT || errno == ENODEV)
				++*raced;
			else if (i < 2)
				unexpected_err("open", path, errno);
			continue;
		}
		r = read(fd, buf, sizeof(buf));
		if (r < 0 && errno == ENODEV)
			++*raced;
		else if (i < 2 && r <= 0)
			unexpected_err("read", path, r < 0 ? errno : EIO);
		else if (i == 2 && r >= 0)
			unexpected_err("read of write-only", path, EIO);
		else
			++*reads;
		close(fd);
	}
	d = opendir(dir);
	if (!d) {
		if (errno == ENOENT)
			++*raced;
		else
			unexpected_err("opendir", dir, errno);
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		pathf(path, "%s/%s", dir, de->d_name);
		read_tree(path, reads, raced);
	}
	closedir(d);
}

static int cmd_read(int argc, char **argv)
{
	uint64_t end;
	unsigned long reads = 0, raced = 0, passes = 0;

	if (argc != 3)
		usage();
	end = deadline(argv[1]);
	while (running(end)) {
		read_tree(argv[2], &reads, &raced);
		passes++;
	}
	printf("read passes=%lu reads=%lu raced=%lu errors=%lu\n", passes, reads, raced, unexpected);
	return unexpected != 0;
}

/* -------------------------------------------------------- writer/verify */

/* the content of file I for SEED: its size and bytes follow from both */
static size_t content(unsigned long i, unsigned long seed, unsigned char *buf)
{
	uint64_t s = (seed * 1000003 + i) * 2654435761ULL + 1;
	size_t size = (size_t)(1 + (s >> 7) % MAX_FILE_SIZE);

	for (size_t j = 0; j < size; j++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		buf[j] = (unsigned char)s;
	}
	return size;
}

static int write_one(const char *path, unsigned long i, const unsigned char *buf, size_t size)
{
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0)
		return errno;
	if (i % 3 == 2) {
		unsigned char *map;

		if (ftruncate(fd, (off_t)size)) {
			close(fd);
			return errno;
		}
		map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (map == MAP_FAILED) {
			close(fd);
			return errno;
		}
		memcpy(map, buf, size);
		munmap(map, size);
	} else {
		if (write(fd, buf, size) != (ssize_t)size) {
			close(fd);
			return errno ? errno : EIO;
		}
		if (i % 3 == 1 && fsync(fd)) {
			close(fd);
			return errno;
		}
	}
	close(fd);
	return 0;
}

static int cmd_writer(int argc, char **argv)
{
	static unsigned char buf[MAX_FILE_SIZE];
	unsigned long n, seed, written = 0;
	char path[PATH_LEN];

	if (argc != 4)
		usage();
	n = num(argv[2]);
	seed = num(argv[3]);
	for (unsigned long i = 0; i < n; i++) {
		size_t size = content(i, seed, buf);
		int e;

		pathf(path, "%s/%lu", argv[1], i);
		e = write_one(path, i, buf, size);
		if (e)
			unexpected_err("write", path, e);
		else
			written++;
	}
	printf("writer files=%lu seed=%lu errors=%lu\n", written, seed, unexpected);
	return unexpected != 0;
}

static int cmd_verify(int argc, char **argv)
{
	static unsigned char want[MAX_FILE_SIZE], got[MAX_FILE_SIZE + 1];
	unsigned long n, seed, good = 0, lost = 0, changed = 0;
	char path[PATH_LEN];

	if (argc != 4)
		usage();
	n = num(argv[2]);
	seed = num(argv[3]);
	for (unsigned long i = 0; i < n; i++) {
		size_t size = content(i, seed, want);
		ssize_t r;
		int fd;

		pathf(path, "%s/%lu", argv[1], i);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			if (lost++ < ERR_REPORT_MAX)
				fprintf(stderr, "cgstress: %s: %s\n", path, ename(errno));
			continue;
		}
		r = read(fd, got, sizeof(got));
		close(fd);
		if (r != (ssize_t)size || memcmp(got, want, size)) {
			if (changed++ < ERR_REPORT_MAX)
				fprintf(stderr, "cgstress: %s: %zd bytes, want %zu%s\n", path,
					r, size, r == (ssize_t)size ? ", content differs" : "");
			continue;
		}
		good++;
	}
	printf("verify files=%lu good=%lu lost=%lu changed=%lu\n", n, good, lost, changed);
	return lost || changed;
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int, char **);
	} cmds[] = {
		{ "write", cmd_write }, { "shrink", cmd_shrink }, { "churn", cmd_churn },
		{ "files", cmd_files }, { "fill", cmd_fill }, { "read", cmd_read },
		{ "writer", cmd_writer }, { "verify", cmd_verify },
	};

	if (argc < 2)
		usage();
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	usage();
	return 2;
}
