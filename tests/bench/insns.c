// SPDX-License-Identifier: GPL-2.0
/*
 * insns.so: a TCG plugin for QEMU 7.2 (Debian 12's) that counts the guest
 * instructions executed between two marks the guest makes, on every vCPU,
 * kernel and user alike, and where they were executed.  Under TCG a guest's
 * time depends on how QEMU translated its code (which branches it could
 * chain, where functions cross a page), so the same work can time several
 * percent apart in two kernels whose code merely sits elsewhere; the count
 * of instructions does not move with the layout.  `make bench-insns`,
 * tests/bench/insns.sh, uses it to compare the patched and the vanilla
 * kernel doing the same work.
 *
 * A mark is a NOP with a magic displacement (benchtime -m executes them
 * around its timed work): MARK_START begins a phase, MARK_STOP ends it.
 * For each phase the plugin writes, to the file out=PATH names,
 *   phase SEQ INSNS BLOCKS     instructions of the phase (SEQ from 1), and
 *                              how many translated blocks ran them
 *   tb SEQ VADDR INSNS         the instructions by the address of the
 *                              translated block that executed them
 * A block is counted whole when it starts.  Where the guest's code
 * crosses a page, QEMU cuts it into more, shorter blocks, and the count
 * comes out a few instructions higher than for the same code elsewhere
 * (measured: identical link_path_walk() code, 5 more a call in the 6.12
 * kernel where it crosses a page than in the one where it does not): the
 * one way the count depends on the layout, and a small one.  The blocks
 * run, a count of what QEMU dispatches, grow with such crossings.
 * Use it with single-threaded TCG (-accel tcg,thread=single): the
 * counters are plain adds, exact only while one vCPU runs at a time.
 *
 * QEMU's plugin header is not packaged by Debian: the few declarations of
 * its version 1 API used here follow QEMU 7.2's documentation.
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* QEMU 7.2 plugin API, version 1 */
typedef uint64_t qemu_plugin_id_t;
typedef struct qemu_info_t qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id,
					       struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu, void *udata);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *udata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id,
					   qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb *tb,
					      enum qemu_plugin_op op,
					      void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
					    qemu_plugin_vcpu_udata_cb_t cb,
					    enum qemu_plugin_cb_flags flags,
					    void *udata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id,
				    qemu_plugin_udata_cb_t cb, void *udata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
uint64_t qemu_plugin_tb_vaddr(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						 size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/* nopl MAGIC(%rax,%rax,1): 0f 1f 84 00 and the displacement, little-endian */
#define MARK_START	0x4d424e31u	/* "1NBM" */
#define MARK_STOP	0x4d424e30u	/* "0NBM" */

#define TB_BITS		21		/* blocks the table holds, as a power of 2 */
#define TB_SLOTS	(1u << TB_BITS)

struct block {
	uint64_t vaddr;
	uint64_t count;		/* added to by the translated code */
	uint64_t runs;		/* times the block ran */
	uint64_t base;		/* count when the phase began */
	uint64_t runs_base;
	bool used;
};

static struct block *blocks;
static unsigned long nblocks;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static unsigned long seq;
static bool in_phase;

static struct block *block_of(uint64_t vaddr)
{
	uint64_t h = vaddr * 0x9e3779b97f4a7c15ull;
	unsigned long i = h >> (64 - TB_BITS);

	for (;;) {
		struct block *b = &blocks[i];

		if (!b->used) {
			if (nblocks >= TB_SLOTS / 2)
				return NULL;
			b->used = true;
			b->vaddr = vaddr;
			nblocks++;
			return b;
		}
		if (b->vaddr == vaddr)
			return b;
		i = (i + 1) & (TB_SLOTS - 1);
	}
}

static void mark(unsigned int vcpu, void *udata)
{
	bool start = (uintptr_t)udata == MARK_START;
	unsigned long i;

	(void)vcpu;
	pthread_mutex_lock(&lock);
	if (start) {
		for (i = 0; i < TB_SLOTS; i++) {
			blocks[i].base = blocks[i].count;
			blocks[i].runs_base = blocks[i].runs;
		}
		in_phase = true;
	} else if (in_phase) {
		uint64_t total = 0, runs = 0;

		seq++;
		for (i = 0; i < TB_SLOTS; i++) {
			total += blocks[i].count - blocks[i].base;
			runs += blocks[i].runs - blocks[i].runs_base;
		}
		fprintf(out, "phase %lu %" PRIu64 " %" PRIu64 "\n", seq, total,
			runs);
		for (i = 0; i < TB_SLOTS; i++) {
			uint64_t d = blocks[i].count - blocks[i].base;

			if (d)
				fprintf(out, "tb %lu %016" PRIx64 " %" PRIu64 "\n",
					seq, blocks[i].vaddr, d);
		}
		fflush(out);
		in_phase = false;
	}
	pthread_mutex_unlock(&lock);
}

static void translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;
	struct block *b;

	(void)id;
	pthread_mutex_lock(&lock);
	b = block_of(qemu_plugin_tb_vaddr(tb));
	pthread_mutex_unlock(&lock);
	if (b) {
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
				QEMU_PLUGIN_INLINE_ADD_U64, &b->count, n);
		qemu_plugin_register_vcpu_tb_exec_inline(tb,
				QEMU_PLUGIN_INLINE_ADD_U64, &b->runs, 1);
	} else
		fprintf(stderr, "insns.so: more than %u blocks, some not counted\n",
			TB_SLOTS / 2);

	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		const uint8_t *p = qemu_plugin_insn_data(insn);
		uint32_t magic;

		if (qemu_plugin_insn_size(insn) != 8 || p[0] != 0x0f ||
		    p[1] != 0x1f || p[2] != 0x84 || p[3] != 0x00)
			continue;
		memcpy(&magic, p + 4, sizeof(magic));
		if (magic == MARK_START || magic == MARK_STOP)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, mark,
					QEMU_PLUGIN_CB_NO_REGS,
					(void *)(uintptr_t)magic);
	}
}

static void finish(qemu_plugin_id_t id, void *udata)
{
	(void)id;
	(void)udata;
	fprintf(out, "end %lu phases, %lu blocks\n", seq, nblocks);
	fclose(out);
}

__attribute__((visibility("default")))
int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
			int argc, char **argv)
{
	const char *path = NULL;
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			path = argv[i] + 4;
		else {
			fprintf(stderr, "insns.so: unknown argument '%s'\n", argv[i]);
			return -1;
		}
	}
	if (!path) {
		fprintf(stderr, "insns.so: out=PATH is required\n");
		return -1;
	}
	out = fopen(path, "w");
	blocks = calloc(TB_SLOTS, sizeof(*blocks));
	if (!out || !blocks) {
		fprintf(stderr, "insns.so: cannot open %s or allocate\n", path);
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, translate);
	qemu_plugin_register_atexit_cb(id, finish, NULL);
	return 0;
}
