# Per-memcg VFS slab shrinking: kernel series, tools, guest and tests.
#
#   make demo    build everything, boot the guest, show the control files
#   make check   build everything, lint the series, run every test
#
# See README.md for the rest.

SHELL      := /bin/bash
TOP        := $(CURDIR)
BUILD      := $(TOP)/build
TARBALL    := /usr/src/linux-source-6.1.tar.xz
SRC        := $(BUILD)/linux-source-6.1
KOUT       := $(BUILD)/kernel
BZIMAGE    := $(KOUT)/arch/x86/boot/bzImage
# the same tree and series with the debug fragment on top (KASAN, lockdep...)
DKOUT      := $(BUILD)/debug-kernel
DBZIMAGE   := $(DKOUT)/arch/x86/boot/bzImage
DFRAGMENT  := qemu/kernel-debug.config
# the same tarball and config without the series: the baseline
VSRC       := $(BUILD)/vanilla/linux-source-6.1
VKOUT      := $(BUILD)/vanilla-kernel
VBZIMAGE   := $(VKOUT)/arch/x86/boot/bzImage
INITRD     := $(BUILD)/initramfs.cpio.gz
JOBS       ?= $(shell nproc)
FRAGMENT   := qemu/kernel.config
PATCHES    := patches/series $(wildcard patches/*.patch)

# ccache keys on content, so a re-extracted tree costs little; fixed build
# identity keeps init/version.c and friends cacheable too.
CCACHE     := $(shell command -v ccache)
KMAKE       = $(MAKE) -s -C $(or $(2),$(SRC)) O=$(1) -j$(JOBS) \
		CC="$(CCACHE) gcc" HOSTCC="$(CCACHE) gcc" \
		KBUILD_BUILD_TIMESTAMP=2026-01-01 KBUILD_BUILD_USER=memcg \
		KBUILD_BUILD_HOST=guest
export CCACHE_BASEDIR := $(TOP)
# Kbuild maps the absolute source path out of __FILE__ with this option, so
# objects do not depend on it: leave it out of the hash, and every checkout
# of the project shares cache entries.
export CCACHE_IGNOREOPTIONS := -fmacro-prefix-map=*
export CCACHE_MAXSIZE ?= 5G
export CCACHE_SLOPPINESS ?= time_macros,include_file_mtime,include_file_ctime

DEB_PKGS := linux-source-6.1 gcc make bc bison flex libelf-dev libssl-dev \
	cpio xz-utils patch qemu-system-x86 busybox-static libcgroup-dev \
	cgroup-tools e2fsprogs xfsprogs ccache kmod linux-config-6.1 shellcheck \
	libjson-c-dev groff-base gnuplot-nox mandoc

.PHONY: all deps kernel debug-kernel vanilla-kernel tree cgtools initramfs run demo bench shell check \
	selftests stress \
	lint test-host test-guest series-check clean distclean

all: kernel cgtools initramfs

# ---------------------------------------------------------------- packages
DEPS_STAMP := $(BUILD)/.deps
deps: $(DEPS_STAMP)
$(DEPS_STAMP): Makefile
	@missing=$$(for p in $(DEB_PKGS); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "  APT     $$missing"; \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
			--no-install-recommends $$missing >/dev/null; \
	fi
	@mkdir -p $(BUILD) && touch $@

# ---------------------------------------------------------------- kernel
tree: $(SRC)/.series-applied
$(SRC)/.series-applied: $(PATCHES) patches/prepare-tree.sh | $(DEPS_STAMP)
	@patches/prepare-tree.sh $(TARBALL) $(BUILD) patches/series
	@touch $@

$(KOUT)/.config: $(FRAGMENT) qemu/config.sh | $(SRC)/.series-applied
	@echo "  CONFIG  tinyconfig + $(FRAGMENT)"
	@qemu/config.sh $(SRC) $(KOUT) $(FRAGMENT)

kernel: $(SRC)/.series-applied $(KOUT)/.config
	@echo "  KERNEL  $(KOUT)"
	@$(call KMAKE,$(KOUT)) bzImage
	@echo "  IMAGE   $(BZIMAGE)"

# kernel.config less the options the debug fragment sets itself, then the
# debug fragment: each option is asked for once, as config.sh checks.
$(DKOUT)/fragment.config: $(FRAGMENT) $(DFRAGMENT)
	@mkdir -p $(DKOUT) && awk 'FNR == NR { if (match($$0, /CONFIG_[A-Z0-9_]+/)) \
		own[substr($$0, RSTART, RLENGTH)] = 1; next } \
		!(match($$0, /CONFIG_[A-Z0-9_]+/) && own[substr($$0, RSTART, RLENGTH)])' \
		$(DFRAGMENT) $(FRAGMENT) > $@ && cat $(DFRAGMENT) >> $@

$(DKOUT)/.config: $(DKOUT)/fragment.config qemu/config.sh | $(SRC)/.series-applied
	@echo "  CONFIG  tinyconfig + $(FRAGMENT) + $(DFRAGMENT)"
	@qemu/config.sh $(SRC) $(DKOUT) $<

debug-kernel: $(SRC)/.series-applied $(DKOUT)/.config
	@echo "  KERNEL  $(DKOUT) (debug)"
	@$(call KMAKE,$(DKOUT),$(SRC)) bzImage
	@echo "  IMAGE   $(DBZIMAGE)"

$(VSRC)/.series-applied: patches/prepare-tree.sh | $(DEPS_STAMP)
	@patches/prepare-tree.sh $(TARBALL) $(BUILD)/vanilla patches/series 0
	@touch $@

$(VKOUT)/.config: $(FRAGMENT) qemu/config.sh | $(VSRC)/.series-applied
	@echo "  CONFIG  tinyconfig + $(FRAGMENT) (vanilla)"
	@qemu/config.sh $(VSRC) $(VKOUT) $(FRAGMENT)

vanilla-kernel: $(VSRC)/.series-applied $(VKOUT)/.config
	@echo "  KERNEL  $(VKOUT) (vanilla, no series)"
	@$(call KMAKE,$(VKOUT),$(VSRC)) bzImage
	@echo "  IMAGE   $(VBZIMAGE)"

# ---------------------------------------------------------------- userland
cgtools: $(DEPS_STAMP)
	@if [ -f cgtools/Makefile ]; then $(MAKE) -s -C cgtools; fi

initramfs: cgtools $(DEPS_STAMP)
	@initramfs/build.sh $(BUILD)/initramfs $(INITRD)

# ---------------------------------------------------------------- guest
# the demo on cgroup v1, then on v2
run demo: kernel initramfs
	@qemu/boot.sh --kernel $(BZIMAGE) --initrd $(INITRD) --run demo \
		--out $(BUILD)/demo
	@qemu/boot.sh --kernel $(BZIMAGE) --initrd $(INITRD) --run demo \
		--out $(BUILD)/demo-v2 --append cgroup=v2

# P1-P4, P6-P8 on the patched kernel, P5 booting it and vanilla in turn;
# build/bench/table.txt and bench.png.  BENCH_SCALE=N goes bigger.
bench: kernel vanilla-kernel initramfs
	@tests/bench/run.sh --kernel $(BZIMAGE) --vanilla $(VBZIMAGE) \
		--initrd $(INITRD) --out $(BUILD)/bench

shell: kernel initramfs
	@qemu/boot.sh --kernel $(BZIMAGE) --initrd $(INITRD) --run shell \
		--out $(BUILD)/shell

# ---------------------------------------------------------------- tests
lint: $(SRC)/.series-applied
	@tests/host/lint.sh $(SRC)

test-host: cgtools
	@if [ -f cgtools/Makefile ]; then \
		$(MAKE) -s -C cgtools test > $(BUILD)/host-tests.tap; \
		rc=$$?; cat $(BUILD)/host-tests.tap; exit $$rc; \
	else : > $(BUILD)/host-tests.tap; fi

series-check: $(DEPS_STAMP)
	@tests/host/series-check.sh $(TARBALL) $(BUILD)/series $(FRAGMENT)

# The debug kernel (KASAN, lockdep, ...) runs the guest tests where a
# use-after-free or a lock-order problem of the series would show: the
# stress test (everything at once for 60 s: forced shrinks, rmdir races,
# readers, limit reclaim, drop_caches), shrinker_rwsem contention, the
# readout racing dying children and a frozen filesystem (force-13: the
# reads under sb_lock), the dput cascade across memcgs, XFS,
# overlayfs and tmpfs, the root, reparenting, the rmdir race of spec-19
# and the write parser.  The rest runs on the fast kernel only: under
# KASAN and TCG a wider selection (46 tests) took 29 min (a budget CI and a
# fresh machine cannot spare), and timing tests (spec-18, spec-26, ...) are
# meaningless there.  On by default; off by default with T=, so that one
# test can be rerun quickly (DEBUG_CHECK=1 T=... runs both).
# The stress test runs on the debug kernel only (FAST_TESTS: every test
# but it on the fast one): it is there for what KASAN and lockdep see, and
# its 60 s are a minute of the cold budget.  The debug kernel is built in
# the background while the fast kernel's guest runs (tests/host/check.sh).
DEBUG_CHECK ?= $(if $(T),0,1)
DEBUG_TESTS ?= stress- force-02 force-03 force-04 force-05 force-06 \
	force-09 force-13 spec-05 seed-04 spec-19 input-01
# nokmem-* tests run in a boot of their own (cgroup.memory=nokmem).
FAST_TESTS ?= -stress- -nokmem-
# Each guest run is made on cgroup v1 and on v2 (the tests of each, see
# tests/select.sh); HIER=v1 or HIER=v2 keeps one.
HIER ?= v1 v2
# where the results go (two checks at once each need their own)
CHECK_OUT ?= $(BUILD)/check
check: kernel initramfs
	@tests/host/check.sh --kernel $(BZIMAGE) --initrd $(INITRD) \
		--out $(CHECK_OUT) $(if $(T),--tests "$(T)") \
		--guest-tests "$(FAST_TESTS)" --hier "$(HIER)" \
		$(if $(filter 1,$(DEBUG_CHECK)),--debug-kernel $(DBZIMAGE) \
			--debug-build "$(MAKE) -s debug-kernel" \
			--debug-tests "$(DEBUG_TESTS)")

# Upstream's cgroup selftests (test_core, test_kmem, test_memcontrol) on
# the vanilla and the patched kernel, cgroup v2: build/selftests-run/
# table.txt.  Fails if the verdicts differ or vanilla fails or skips a
# test without a reason listed in tests/selftests/run.sh.
selftests: kernel vanilla-kernel $(DEPS_STAMP)
	@tests/selftests/build.sh $(BUILD)/selftests
	@$(MAKE) -s initramfs
	@KERNEL=$(BZIMAGE) VKERNEL=$(VBZIMAGE) INITRD=$(INITRD) \
		tests/selftests/run.sh --no-build --out $(BUILD)/selftests-run

# The stress test alone for DURATION seconds (default 600) on the patched
# kernel, and with DEBUG=1 on the debug kernel after it; the per-test
# timeout follows (tests/host/stress.sh).  build/stress/.
DURATION ?= 600
DEBUG ?= 0
stress: kernel initramfs $(if $(filter 1,$(DEBUG)),debug-kernel)
	@tests/host/stress.sh --kernel $(BZIMAGE) --initrd $(INITRD) \
		--out $(BUILD)/stress --duration $(DURATION) \
		$(if $(filter 1,$(DEBUG)),--debug-kernel $(DBZIMAGE))

clean:
	rm -rf $(BUILD)/check $(BUILD)/demo $(BUILD)/initramfs $(INITRD)
	@if [ -f cgtools/Makefile ]; then $(MAKE) -s -C cgtools clean; fi

distclean:
	rm -rf $(BUILD)
