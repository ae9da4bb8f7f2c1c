# Per-memcg VFS slab shrinking: kernel series, tools, guest and tests.
#
#   make demo    build everything, boot the 6.1 guest, show the control files
#   make check   build both kernels, lint both series, run every test
#
# See README.md for the rest, docs/ for testing, benchmarks and budget.

SHELL      := /bin/bash
TOP        := $(CURDIR)
BUILD      := $(TOP)/build

# The kernels the series is for: Debian 12's 6.1, Debian 13's 6.12
# (Debian 12 gets its source from the security archive) and trixie-
# backports' 7.3 (fetched into build/, below).  KVER names the ones to
# use: `make check` runs each named (default 6.1 and 6.12: KVERS_DEFAULT,
# until CI's budget for three is measured); a target that builds or boots
# one kernel (kernel, demo, bench, stress, selftests, ...) takes the
# first.  Paths of 6.1 carry no suffix, of the others "-VER".
KVERS      := 6.1 6.12 7.3
KVERS_DEFAULT := 6.1 6.12
KVER       ?= $(KVERS_DEFAULT)
$(foreach k,$(KVER),$(if $(filter $(k),$(KVERS)),,$(error KVER: '$(k)' is not one of $(KVERS))))
$(if $(strip $(KVER)),,$(error KVER is empty: name one of $(KVERS)))
K          := $(firstword $(KVER))
# kdir NAME,KVER: build/NAME for 6.1, build/NAME-VER for the others
kdir        = $(BUILD)/$(1)$(if $(filter-out 6.1,$(2)),-$(2))
# A kernel of a suite the host does not run (BACKPORTS) is fetched by
# patches/fetch-debian.sh into build/debian-VER/ (apt with a private
# configuration; nothing is installed): its tarball and config live there.
BACKPORTS  := 7.3
BACKPORTS_SUITE := trixie-backports
kdebroot    = $(if $(filter $(1),$(BACKPORTS)),$(BUILD)/debian-$(1))
tarball     = $(call kdebroot,$(1))/usr/src/linux-source-$(1).tar.xz
kdebconfig  = $(call kdebroot,$(1))/usr/src/linux-config-$(1)/config.amd64_none_amd64.xz
ksrc        = $(BUILD)/linux-source-$(1)
kseries     = patches/$(if $(filter-out 6.1,$(1)),$(1)/)series
kfragment   = qemu/kernel$(if $(filter-out 6.1,$(1)),-$(1)).config
kbzimage    = $(call kdir,$(2),$(1))/arch/x86/boot/bzImage
comma      := ,

TARBALL    := $(call tarball,$(K))
SRC        := $(call ksrc,$(K))
SERIES     := $(call kseries,$(K))
KOUT       := $(call kdir,kernel,$(K))
BZIMAGE    := $(KOUT)/arch/x86/boot/bzImage
# the same tree and series with the debug fragment on top (KASAN, lockdep...)
DKOUT      := $(call kdir,debug-kernel,$(K))
DBZIMAGE   := $(DKOUT)/arch/x86/boot/bzImage
DFRAGMENT  := qemu/kernel-debug.config
# the same tarball and config without the series: the baseline
VSRC       := $(BUILD)/vanilla/linux-source-$(K)
VKOUT      := $(call kdir,vanilla-kernel,$(K))
VBZIMAGE   := $(VKOUT)/arch/x86/boot/bzImage
INITRD     := $(BUILD)/initramfs.cpio.gz
JOBS       ?= $(shell nproc)
FRAGMENT   := $(call kfragment,$(K))
PATCHES    := $(SERIES) $(wildcard $(dir $(SERIES))*.patch)

# ccache keys on content, so a re-extracted tree costs little; fixed build
# identity keeps init/version.c and friends cacheable too.  Looked up when
# a recipe runs, not when make starts: on a new machine the deps step
# installs ccache, and a CC that differed between the first make and the
# next made kbuild rebuild every object (a newcomer's `make demo` then
# `make check` compiled the 6.1 kernel twice).  Its depend mode never runs
# the preprocessor, so a miss costs what gcc alone does: 6.1's mm/ and
# fs/ext4/ cold took 30.5 s with gcc, 43.8 s through ccache's default
# mode, 30.5 s in depend mode (3.2 s warm).
CCACHE      = $(shell command -v ccache)
export CCACHE_DEPEND := true
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

DEB_PKGS := linux-source-6.1 linux-source-6.12 linux-config-6.1 \
	linux-config-6.12 gcc make bc bison flex libelf-dev libssl-dev \
	cpio xz-utils patch qemu-system-x86 busybox-static libcgroup-dev \
	cgroup-tools e2fsprogs xfsprogs ccache kmod shellcheck \
	libjson-c-dev groff-base gnuplot-nox mandoc prometheus \
	prometheus-node-exporter curl libsmartcols-dev \
	dpkg-dev autoconf automake libtool autopoint gettext pkg-config \
	systemd
# systemd: systemd-analyze verifies the tools' textfile service and timer
# (cgtools/tests/run.sh); a minimal Debian root (a container, a chroot)
# lacks it.
# libsmartcols-dev: the tools' tables on a host build (STATIC=0, make deb);
# dpkg-dev and autotools: cgtools/libsmartcols.sh, which builds the static
# libsmartcols.a from Debian's util-linux source (it installs them itself
# when cgtools is built alone)
# promtool and node_exporter check the tools' output (cgtools/tests/run.sh);
# Debian starts their daemons on install: the ones make deps installed are
# stopped and disabled again, a server the admin had is left alone
DEB_SERVICES := prometheus prometheus-node-exporter

.PHONY: all deps kernel debug-kernel vanilla-kernel tree cgtools cgtools-test cgtools-host initramfs run demo bench bench-insns shell check list-tests \
	selftests stress \
	lint test-host test-guest series-check clean distclean

all: kernel cgtools initramfs

# ---------------------------------------------------------------- packages
DEPS_STAMP := $(BUILD)/.deps
deps: $(DEPS_STAMP)
# $(call apt_install,PACKAGES): shell text that installs those of PACKAGES
# that are not installed yet, from Debian, without recommends, and leaves
# their names in $$missing
apt_install = missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | \
		grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "  APT    " $$missing; \
		apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive DEBCONF_NOWARNINGS=yes \
		apt-get install -y -qq \
			--no-install-recommends $$missing >/dev/null || exit 1; \
	fi
$(DEPS_STAMP): Makefile
	@$(call apt_install,$(DEB_PKGS)); \
	if [ -n "$$missing" ]; then \
		for s in $(DEB_SERVICES); do \
			echo "$$missing" | grep -qx "$$s" || continue; \
			[ -d /run/systemd/system ] || continue; \
			echo "  SYSTEMD disable --now $$s (installed for the tests only)"; \
			systemctl disable --now -q $$s || exit 1; \
		done; \
	fi
	@mkdir -p $(BUILD) && touch $@

# ---------------------------------------------------------------- kernel
tree: $(SRC)/.series-applied
$(SRC)/.series-applied: $(PATCHES) patches/prepare-tree.sh | $(DEPS_STAMP) \
		$(if $(filter $(K),$(BACKPORTS)),$(TARBALL))
	@patches/prepare-tree.sh $(TARBALL) $(BUILD) $(SERIES)
	@touch $@

$(KOUT)/.config: $(FRAGMENT) qemu/config.sh | $(SRC)/.series-applied
	@echo "  CONFIG  tinyconfig + $(FRAGMENT)"
	@qemu/config.sh $(SRC) $(KOUT) $(FRAGMENT)

kernel: $(SRC)/.series-applied $(KOUT)/.config
	@echo "  KERNEL  $(KOUT)"
	@$(call KMAKE,$(KOUT)) bzImage
	@echo "  IMAGE   $(BZIMAGE)"

# kernel.config, then the debug fragment, then the kernel's own debug
# fragment, a later file's option replacing an earlier one's: each option
# is asked for once, as config.sh checks.  Rewritten only when it changes.
DFRAGMENTS := $(FRAGMENT) $(DFRAGMENT) $(wildcard qemu/kernel-debug-$(K).config)
$(DKOUT)/fragment.config: $(DFRAGMENTS) qemu/merge-fragments.sh
	@mkdir -p $(DKOUT) && qemu/merge-fragments.sh $(DFRAGMENTS) > $@.tmp && \
		if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(DKOUT)/.config: $(DKOUT)/fragment.config qemu/config.sh | $(SRC)/.series-applied
	@echo "  CONFIG  tinyconfig + $(DFRAGMENTS)"
	@qemu/config.sh $(SRC) $(DKOUT) $<

debug-kernel: $(SRC)/.series-applied $(DKOUT)/.config
	@echo "  KERNEL  $(DKOUT) (debug)"
	@$(call KMAKE,$(DKOUT),$(SRC)) bzImage
	@echo "  IMAGE   $(DBZIMAGE)"

# the kernel version whose fetched tarball $@ is
tarball_ver = $(patsubst $(BUILD)/debian-%/usr/src/,%,$(dir $@))
$(foreach k,$(BACKPORTS),$(call tarball,$(k))): patches/fetch-debian.sh | $(DEPS_STAMP)
	@patches/fetch-debian.sh $(BACKPORTS_SUITE) $(BUILD)/debian-$(tarball_ver) \
		linux-source-$(tarball_ver) linux-config-$(tarball_ver)
	@touch $@

$(VSRC)/.series-applied: patches/prepare-tree.sh | $(DEPS_STAMP) \
		$(if $(filter $(K),$(BACKPORTS)),$(TARBALL))
	@patches/prepare-tree.sh $(TARBALL) $(BUILD)/vanilla $(SERIES) 0
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

# The tools alone, their packages installed first as for every target
# here: the host tests (cgtools-test), and cgdentry on the fake backend
# the host tests use, a directory for the hierarchy (cgtools-host).
cgtools-test: $(DEPS_STAMP)
	@$(MAKE) -s -C cgtools test
cgtools-host: $(DEPS_STAMP)
	@$(MAKE) -s -C cgtools $(BUILD)/cgtools/host/cgdentry

initramfs: cgtools $(DEPS_STAMP)
	@initramfs/build.sh $(BUILD)/initramfs $(INITRD)

# ---------------------------------------------------------------- guest
# the demo on cgroup v1, then on v2
run demo: kernel initramfs
	@qemu/boot.sh --kernel $(BZIMAGE) --initrd $(INITRD) --run demo \
		--out $(call kdir,demo,$(K))
	@qemu/boot.sh --kernel $(BZIMAGE) --initrd $(INITRD) --run demo \
		--out $(call kdir,demo-v2,$(K)) --append cgroup=v2

# Only P5 and P10 boot the vanilla kernel, so bench and bench-insns build
# it only when a part asked for is p5, p5-v2, p10 or p10-v2: `make bench
# BENCH_PARTS="p2 p8"` compiles no second kernel.  bench_vanilla
# PARTS,DEFAULT: the P5 and P10 parts of PARTS, or of DEFAULT (the
# script's own default) when PARTS is empty.
bench_vanilla = $(filter p5 p5-v2 p10 p10-v2,$(or $(strip $(1)),$(2)))
BENCH_VANILLA = $(call bench_vanilla,$(BENCH_PARTS),main p5 p5-v2 p10)
INSNS_VANILLA = $(call bench_vanilla,$(INSNS_PARTS),p5 p5-v2 p2)

# P1-P4, P6-P9 on the patched kernel, P5 booting it and vanilla in turn,
# P10 each once; build/bench/table.txt and bench.png.  BENCH_SCALE=N goes bigger;
# BENCH_PAIRS=N boots N P5 pairs a hierarchy (12 to judge P5);
# BENCH_PARTS="p2 p5" runs only those; BENCH_PROFILE=1 adds function
# profiles of P1, P2 and P5 (build/bench/profile.txt).  docs/benchmarks.md.
bench: kernel initramfs $(if $(BENCH_VANILLA),vanilla-kernel)
	@tests/bench/run.sh --kernel $(BZIMAGE) \
		$(if $(BENCH_VANILLA),--vanilla $(VBZIMAGE)) \
		--initrd $(INITRD) --out $(call kdir,bench,$(K))

# P5 (v1, v2) and P2 in guest instructions, counted by a TCG plugin, not
# in time: build/bench-insns/insns.txt.  INSNS_PARTS, INSNS_BOOTS, BENCH_SCALE.
bench-insns: kernel initramfs $(if $(INSNS_VANILLA),vanilla-kernel)
	@tests/bench/insns.sh --kernel $(BZIMAGE) \
		$(if $(INSNS_VANILLA),--vanilla $(VBZIMAGE)) \
		--initrd $(INITRD) --out $(call kdir,bench-insns,$(K))

shell: kernel initramfs
	@qemu/boot.sh --kernel $(BZIMAGE) --initrd $(INITRD) --run shell \
		--out $(call kdir,shell,$(K))

# ---------------------------------------------------------------- tests
# the guest tests, a line each (name, hierarchy, claim); T= selects as
# for make check
list-tests:
	@tests/host/list-tests.sh $(T)

lint: $(SRC)/.series-applied
	@tests/host/lint.sh $(SRC) $(TOP)/$(SERIES)

test-host: cgtools
	@if [ -f cgtools/Makefile ]; then \
		$(MAKE) -s -C cgtools test > $(BUILD)/host-tests.tap; \
		rc=$$?; cat $(BUILD)/host-tests.tap; exit $$rc; \
	else : > $(BUILD)/host-tests.tap; fi

series-check: $(DEPS_STAMP) $(if $(filter $(K),$(BACKPORTS)),$(TARBALL))
	@tests/host/series-check.sh $(TARBALL) $(call kdir,series,$(K)) \
		$(TOP)/$(FRAGMENT) $(TOP)/$(SERIES) $(call kdebconfig,$(K))

# The debug kernel (KASAN, lockdep, ...) runs the guest tests where a
# use-after-free or a lock-order problem of the series would show: the
# stress test (everything at once for 60 s: forced shrinks, rmdir races,
# readers, limit reclaim, drop_caches), shrinker_rwsem contention, the
# readout racing dying children and a frozen filesystem (force-13: the
# reads under sb_lock), file systems mounted and unmounted under the
# walks and reads (force-19), the dput cascade across memcgs, XFS,
# overlayfs and tmpfs, the root, reparenting, the rmdir race of spec-19
# and the write parser; and the paths a distribution kernel takes every
# day: limit reclaim through the shrinkers (spec-10), a signal ending a
# write with EINTR (force-07, bounded in dentries, not in time) and data
# on ext4 and XFS under forced shrinks (safety-01, -02); and what others
# do while a forced shrink or a read runs: a freeze (force-21) and cgroups
# coming and going beside a reader (spec-35); the rmdir during the count
# (force-22) makes a thousand mounts and thousands of cgroups, which took
# over its 300 s there, and is a timing test.  The rest runs on
# the fast kernel only: under KASAN and TCG a wider selection (46 tests)
# took 29 min (a budget CI and a fresh machine cannot spare), and timing
# tests (spec-18, spec-26, ...) are meaningless there.  On by default;
# off by default with T=, so that one test can be rerun quickly
# (DEBUG_CHECK=1 T=... runs both).
# The stress test runs on the debug kernel only (FAST_TESTS: every test
# but it on the fast one): it is there for what KASAN and lockdep see, and
# its 60 s are a minute of the cold budget.  The debug kernel is built in
# the background while the fast kernel's guest runs (tests/host/check.sh).
DEBUG_CHECK ?= $(if $(T),0,1)
# A word v1:WORD or v2:WORD runs on that hierarchy's debug run only (on
# the one that runs, with DEBUG_HIER or --hier keeping one): each race
# test once under KASAN and lockdep, the stress test on both, and so
# under MGLRU on and off (the debug runs boot as the fast ones, below).
# The two hierarchies drive the same handlers (the v2 files are cftype
# entries over them); split so that the two runs, which run side by
# side at the end of the check, take about as long: 270-300 s of tests
# each, 320-340 s with the boot, warm, on either kernel (docs/budget.md).
DEBUG_TESTS ?= stress- \
	v1:spec-19 v1:safety-02 v1:force-06 v1:force-09 v1:force-04 \
	v1:input-01 v1:seed-04 v1:force-13 v1:force-03 v1:force-20 \
	v2:force-07 v2:safety-01 v2:force-02 v2:spec-10 v2:force-19 \
	v2:force-05 v2:spec-05 v2:force-17 \
	v1:spec-35 v2:force-21
# nokmem-* tests run in a boot of their own (cgroup.memory=nokmem).
FAST_TESTS ?= -stress- -nokmem-
# Each guest run is made on cgroup v1 and on v2 (the tests of each, see
# tests/select.sh); HIER=v1 or HIER=v2 keeps one.
HIER ?= v1 v2
# The debug kernel runs on the newest kernel named (DEBUG_KVER, by default
# the last of KVER: 6.12 in a plain `make check`, 6.1 with KVER=6.1), on
# both hierarchies: building and booting a second debug kernel does not
# fit a cold check of both kernels in CI's budget (docs/budget.md).
# DEBUG_KVER="6.1 6.12" runs both.  DEBUG_HIER keeps one hierarchy.
DEBUG_KVER ?= $(lastword $(KVER))
$(foreach k,$(DEBUG_KVER),$(if $(filter $(k),$(KVERS)),,$(error DEBUG_KVER: '$(k)' is not one of $(KVERS))))
DEBUG_HIER ?= $(HIER)
# 6.12 and 7.3 have MGLRU on, as Debian's: their v2 runs (fast, debug)
# boot with MGLRU off (mglru=off), so each test runs with it on (v1) and
# off (v2).  6.1 has
# it built and off, as Debian's: its v1 run keeps it off, its v2 run
# boots with it on.
MGLRU_OFF_6.12 := v2
MGLRU_OFF_7.3 := v2
MGLRU_OFF_6.1 := v1
# Tests a kernel leaves out of every run of a check (TESTS_OUT_<VER>:
# -WORDs, after the run's own words).  7.3 leaves out three whose hooks or
# premise are 6.x's (patches/7.3/README.md): spec-42 counts the read's
# cond_resched() calls, which 7.3's lazy preemption makes a no-op;
# spec-43 hooks list_lru_own_idx(), which -O2 inlines on 7.3; force-22
# needs a count over dying children that takes 500 ms, and 7.3 reparents
# their lists, so it takes a tenth of that.
TESTS_OUT_7.3 := -spec-42 -spec-43 -force-22
TESTS_OUT_WHY_7.3 := their hooks or premise are 6.x's (cond_resched, list_lru_own_idx, dying children's lists)
# where the results go (two checks at once each need their own)
CHECK_OUT ?= $(BUILD)/check
# check_kernel VER: check.sh's description of kernel VER.  The first of
# KVER is built before the check starts, the others in its background.
check_kernel = --kver $(1) --kernel $(call kbzimage,$(1),kernel) \
	--tree $(call ksrc,$(1)) --series $(TOP)/$(call kseries,$(1)) \
	$(if $(filter-out $(K),$(1)),--build "$(MAKE) -s kernel KVER=$(1)") \
	$(if $(filter 1,$(DEBUG_CHECK)),$(if $(filter $(1),$(DEBUG_KVER)), \
		--debug-kernel $(call kbzimage,$(1),debug-kernel) \
		--debug-build "$(MAKE) -s debug-kernel KVER=$(1)" \
		--debug-hier "$(DEBUG_HIER)", \
		--no-debug "DEBUG_KVER=$(DEBUG_KVER)"), \
		--no-debug "DEBUG_CHECK=0$(if $(T),$(comma) the default with T=)") \
	--series-check "$(TOP)/tests/host/series-check.sh $(call tarball,$(1)) \
		$(call kdir,series,$(1)) $(TOP)/$(call kfragment,$(1)) \
		$(TOP)/$(call kseries,$(1)) $(call kdebconfig,$(1))" \
	$(if $(MGLRU_OFF_$(1)),--mglru-off $(MGLRU_OFF_$(1))) \
	$(if $(TESTS_OUT_$(1)),--tests-out "$(TESTS_OUT_$(1))" --tests-out-why "$(TESTS_OUT_WHY_$(1))")
# The system test (make system-check, below) is part of the check: its
# packages and root are built in the background chain, its guest runs
# once the others are done.  It runs the 6.1 kernel (SYSTEM_KVER: a
# Debian 12 host's), so only when KVER names it; not with T= (a test of
# the guest suite), nor with SYSTEM_CHECK=0.
SYSTEM_KVER := 6.1
SYSTEM_CHECK ?= $(if $(T),0,1)
system_args = $(if $(filter 1,$(SYSTEM_CHECK)),$(if $(filter $(SYSTEM_KVER),$(KVER)), \
	--system-build "$(MAKE) -s system-build KVER=$(SYSTEM_KVER)" \
	--system-run "$(MAKE) -s system-run KVER=$(SYSTEM_KVER)" \
	--system-built $(call kdir,system-kernel,$(SYSTEM_KVER))/.deb-built, \
	--no-system "it runs on $(SYSTEM_KVER); KVER=$(KVER)"), \
	--no-system "SYSTEM_CHECK=0$(if $(T),$(comma) the default with T=)")
check: kernel initramfs $(foreach k,$(filter $(BACKPORTS),$(KVER)),$(call tarball,$(k)))
	@tests/host/check.sh --initrd $(INITRD) \
		--out $(CHECK_OUT) $(if $(T),--tests "$(T)") \
		--guest-tests "$(FAST_TESTS)" --hier "$(HIER)" \
		--debug-tests "$(DEBUG_TESTS)" $(system_args) \
		$(foreach k,$(filter-out $(KVER),$(KVERS)),--leave "the $(k) kernel (KVER=$(KVER))") \
		$(foreach k,$(KVER),$(call check_kernel,$(k)))

# Upstream's cgroup selftests (test_core, test_kmem, test_memcontrol) on
# the vanilla and the patched kernel, cgroup v2: build/selftests-run/
# table.txt.  Fails if the verdicts differ or vanilla fails or skips a
# test without a reason listed in tests/selftests/run.sh.
selftests: kernel vanilla-kernel $(DEPS_STAMP)
	@tests/selftests/build.sh $(BUILD)/selftests $(K)
	@$(MAKE) -s initramfs
	@KERNEL=$(BZIMAGE) VKERNEL=$(VBZIMAGE) INITRD=$(INITRD) \
		tests/selftests/run.sh --no-build --out $(call kdir,selftests-run,$(K))

# The stress test alone for DURATION seconds (default 600) on the patched
# kernel, and with DEBUG=1 on the debug kernel after it; the per-test
# timeout follows (tests/host/stress.sh).  STRESS_APPEND adds to the guests'
# command line (e.g. "cgroup=v2 mglru=off").  build/stress/.
DURATION ?= 600
DEBUG ?= 0
STRESS_APPEND ?=
stress: kernel initramfs $(if $(filter 1,$(DEBUG)),debug-kernel)
	@tests/host/stress.sh --kernel $(BZIMAGE) --initrd $(INITRD) \
		--out $(call kdir,stress,$(K)) --duration $(DURATION) \
		$(if $(filter 1,$(DEBUG)),--debug-kernel $(DBZIMAGE)) \
		$(if $(STRESS_APPEND),--append "$(STRESS_APPEND)")

# ---------------------------------------------------------------- host packages, system test (issue 44)
# What a Debian host installs, and the test that installs it on one:
#
#   make deb           cgtools as a Debian package (debhelper, from
#                      cgtools/debian/), checked by lintian: build/deb/
#   make kernel-deb    the patched kernel as a Debian package (the kernel's
#                      bindeb-pkg) from Debian's own config for it, local
#                      version -memcg-slab: build/kernel-deb[-6.12]/.  Hours
#                      on 2 cores (README); not part of any check
#   make system-check  a Debian 12 root (debootstrap) with systemd, podman
#                      and node_exporter; the system test's kernel as a
#                      package of its own (tinyconfig, the guest fragment
#                      and qemu/kernel-system.config) and cgtools' package
#                      installed there with dpkg and apt; booted under
#                      QEMU (TCG): tests/system/
#
# The packages these need, besides make deps': installed the same way
# (build-essential too: dpkg-buildpackage refuses to build without it).
SYS_PKGS := build-essential debhelper lintian debootstrap rsync fakeroot dpkg-dev dwarves \
	e2fsprogs
SYS_DEPS_STAMP := $(BUILD)/.deps-system
$(SYS_DEPS_STAMP): Makefile | $(DEPS_STAMP)
	@$(call apt_install,$(SYS_PKGS))
	@touch $@

# cgtools' package: its sources copied to build/deb/cgtools-VERSION (the
# version of debian/changelog), built there binary-only, unsigned, by
# dpkg-buildpackage; lintian, pedantic, must have nothing to say.
CGTOOLS_DEBVER := $(shell sed -n '1s/^[^ ]* .\([0-9][^ ]*\). .*/\1/p' cgtools/debian/changelog)
DEB_ARCH   := $(shell dpkg --print-architecture)
DEB_DIR    := $(BUILD)/deb
CGTOOLS_DEB := $(DEB_DIR)/cgtools_$(CGTOOLS_DEBVER)_$(DEB_ARCH).deb
CGTOOLS_SRC := $(wildcard cgtools/Makefile cgtools/*.[ch] cgtools/*.[17] cgtools/*.sh \
	cgtools/systemd/* cgtools/debian/* cgtools/debian/source/*)
deb: $(SYS_DEPS_STAMP)
	@$(MAKE) -s $(CGTOOLS_DEB)
$(CGTOOLS_DEB): $(CGTOOLS_SRC)
	@echo "  DEB     cgtools $(CGTOOLS_DEBVER)"
	@rm -rf $(DEB_DIR) && mkdir -p $(DEB_DIR)/cgtools-$(CGTOOLS_DEBVER) && \
		cp -a cgtools/. $(DEB_DIR)/cgtools-$(CGTOOLS_DEBVER)/ && \
		rm -rf $(DEB_DIR)/cgtools-$(CGTOOLS_DEBVER)/tests && \
		cd $(DEB_DIR)/cgtools-$(CGTOOLS_DEBVER) && \
		dpkg-buildpackage -us -uc -b > $(DEB_DIR)/build.log 2>&1 || \
		{ tail -n 30 $(DEB_DIR)/build.log; exit 1; }
	@echo "  LINTIAN cgtools_$(CGTOOLS_DEBVER)_$(DEB_ARCH).changes"
	@lintian -I --pedantic --fail-on error,warning,info,pedantic \
		$(DEB_DIR)/cgtools_$(CGTOOLS_DEBVER)_$(DEB_ARCH).changes \
		> $(DEB_DIR)/lintian.log 2>&1; rc=$$?; \
		grep -v '^running with root privileges is not recommended!$$' \
			$(DEB_DIR)/lintian.log; \
		[ $$rc -eq 0 ] || { rm -f $@; exit 1; }
	@echo "  PACKAGE $@"

# The kernel's bindeb-pkg writes its packages beside the object tree:
# objects in DIR/obj, packages in DIR (the old ones removed first).
# KDEB_PKGVERSION: the release (6.1.N-memcg-slab) and -1, the same for
# every build of one release; kernelrelease is asked after prepare
# (before, it lacks the local version).
# kdeb OBJ[,SRC]: the packages of the tree SRC (default the patched one)
# configured in OBJ.
kdeb = nice -n 10 $(call KMAKE,$(1),$(2)) prepare && \
	rm -f $(1)/../*.deb && \
	nice -n 10 $(call KMAKE,$(1),$(2)) bindeb-pkg \
	KDEB_PKGVERSION=$$($(call KMAKE,$(1),$(2)) kernelrelease)-1

# Debian's own config for the kernel (KDEB_FLAVOUR as linux-config-K
# names it) with the fragment qemu/kernel-deb.config on top: the local
# version, and what Debian's build adds that a tree has not (its keys).
KDEB_FLAVOUR ?= amd64_none_amd64
KDEB_CONFIG = /usr/src/linux-config-$(K)/config.$(KDEB_FLAVOUR).xz
KDEB_OUT   := $(call kdir,kernel-deb,$(K))
$(KDEB_OUT)/obj/.config: qemu/kernel-deb.config qemu/config.sh | $(SRC)/.series-applied
	@echo "  CONFIG  $(KDEB_CONFIG) + qemu/kernel-deb.config"
	@qemu/config.sh $(SRC) $(KDEB_OUT)/obj qemu/kernel-deb.config $(KDEB_CONFIG)
kernel-deb: $(SYS_DEPS_STAMP) $(SRC)/.series-applied $(KDEB_OUT)/obj/.config
	@echo "  BINDEB  $(KDEB_OUT) (Debian's $(KDEB_FLAVOUR) config: hours on 2 cores)"
	@$(call kdeb,$(KDEB_OUT)/obj)
	@ls $(KDEB_OUT)/*.deb

# The system test's kernel: tinyconfig, the guest fragment, then
# qemu/kernel-system.config (what systemd and podman need); a package
# of its own (linux-image-*-memcg-slab-systest).  SYS_VANILLA=1 builds
# it from the tree without the series instead (build/system-kernel-
# vanilla, build/system/run-vanilla): the test must fail there.
SYS_VANILLA ?= 0
SYS_V      := $(if $(filter 1,$(SYS_VANILLA)),-vanilla)
SYSK_SRC   := $(if $(SYS_V),$(VSRC),$(SRC))
SYSK_OUT   := $(call kdir,system-kernel$(SYS_V),$(K))
SYSK_FRAGMENTS := $(FRAGMENT) qemu/kernel-system.config
$(SYSK_OUT)/fragment.config: $(SYSK_FRAGMENTS) qemu/merge-fragments.sh
	@mkdir -p $(SYSK_OUT) && qemu/merge-fragments.sh $(SYSK_FRAGMENTS) > $@.tmp && \
		if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi
$(SYSK_OUT)/obj/.config: $(SYSK_OUT)/fragment.config qemu/config.sh | $(SYSK_SRC)/.series-applied
	@echo "  CONFIG  tinyconfig + $(SYSK_FRAGMENTS)$(SYS_V)"
	@qemu/config.sh $(SYSK_SRC) $(SYSK_OUT)/obj $<
# Made again when the tree (a new series extracts a new one) or the
# config changed: bindeb-pkg repackages every time it runs (0.5-2.5 min
# here), which a warm system-check need not pay.
system-kernel-deb: $(SYSK_OUT)/.deb-built
$(SYSK_OUT)/.deb-built: $(SYSK_SRC)/.series-applied $(SYSK_OUT)/obj/.config | $(SYS_DEPS_STAMP)
	@echo "  BINDEB  $(SYSK_OUT) (the system test's kernel$(SYS_V))"
	@rm -f $@
	@$(call kdeb,$(SYSK_OUT)/obj,$(SYSK_SRC)) > $(SYSK_OUT)/bindeb.log 2>&1 || \
		{ tail -n 30 $(SYSK_OUT)/bindeb.log; exit 1; }
	@touch $@

# The Debian 12 root: debootstrap's minbase and tests/system/packages,
# in build/system/base; rebuilt when the list or the script changes
# (the stamp holds their checksum), else kept.
SYS_OUT    := $(BUILD)/system
SYS_ROOT_INPUTS := tests/system/packages tests/system/mkroot.sh
SYS_ROOT_SUM = $(shell cat $(SYS_ROOT_INPUTS) | sha256sum | cut -c1-16)
system-root: $(SYS_DEPS_STAMP)
	@if [ "$$(cat $(SYS_OUT)/base.sum 2>/dev/null)" != "$(SYS_ROOT_SUM)" ] || \
	    [ ! -d $(SYS_OUT)/base ]; then \
		echo "  ROOT    $(SYS_OUT)/base (debootstrap bookworm + tests/system/packages)"; \
		rm -f $(SYS_OUT)/base.sum; mkdir -p $(SYS_OUT) && \
		tests/system/mkroot.sh $(SYS_OUT)/base tests/system/packages && \
		echo "$(SYS_ROOT_SUM)" > $(SYS_OUT)/base.sum; \
	fi

# The test: tests/system/run.sh (prepare.sh makes the guest from the
# root and the packages, piuparts-style install and purge first; QEMU
# boots it; tests/host/verdict.sh judges).  build/system/run/.  make
# check runs it too (above).
SYS_ARGS = --base $(SYS_OUT)/base --cgtools-deb $(CGTOOLS_DEB) \
	--kernel-deb "$$(ls -t $(SYSK_OUT)/linux-image-*_$(DEB_ARCH).deb | grep -v -- '-dbg_' | head -n 1)"
system-check: system-build
	@$(MAKE) -s system-run
# What the test needs built (make check builds it in its background
# chain), and the test alone on what is built (SYS_RUN_OUT: where its
# results go; make check's is build/check/system).
system-build: deb system-kernel-deb system-root
SYS_RUN_OUT ?= $(SYS_OUT)/run$(if $(filter-out 6.1,$(K)),-$(K))$(SYS_V)
system-run:
	@tests/system/run.sh $(SYS_ARGS) --out $(SYS_RUN_OUT)
# The same guest with each check's feature broken in its run.sh: every
# check but the first two must fail (tests/system/mutants.sh)
system-mutants: deb system-kernel-deb system-root
	@tests/system/mutants.sh $(SYS_ARGS) --out $(SYS_OUT)/mutants$(if $(filter-out 6.1,$(K)),-$(K))

.PHONY: deb kernel-deb system-kernel-deb system-root system-check system-mutants \
	system-build system-run

clean:
	rm -rf $(BUILD)/check $(BUILD)/demo $(BUILD)/initramfs $(INITRD)
	@if [ -f cgtools/Makefile ]; then $(MAKE) -s -C cgtools clean; fi

distclean:
	rm -rf $(BUILD)
