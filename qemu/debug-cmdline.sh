# shellcheck shell=sh
# Sourced by tests/host/check.sh and tests/host/stress.sh: what the debug
# kernels (KASAN, lockdep, ...) boot with, DEBUG_CMDLINE in the
# environment replacing it.
#
# acpi=noirq: under KASAN and lockdep, TCG takes about 30 s to run the
# ACPI _PRT methods that route each PCI device's interrupt, in one
# stretch without a reschedule, and the soft-lockup detector panics the
# boot; the legacy PIRQ table routes them as well.  no5lvl: QEMU's "max"
# CPU offers 5-level paging (the host's CPUs do not), and while
# identify_cpu() rebuilds the boot CPU's feature bits,
# pgtable_l5_enabled() (cpu_feature_enabled(X86_FEATURE_LA57)) reads
# false: KASAN then takes an interrupt's access to the 5-level direct map
# (0xff11...) for a wild one and reports it (seen twice in early boot,
# 6.1 and 6.12: do_raw_spin_lock in handle_edge_irq over get_cpu_vendor).
# With 4-level paging the bits and the addresses agree, as on the hosts
# Debian's kernels mostly run.  kfence.sample_interval=0: KFENCE built
# but not sampling, as Debian ships it (CONFIG_KFENCE_SAMPLE_INTERVAL=0
# in its 6.12 and 7.3 configs; its 6.1 has no KFENCE); KASAN checks
# every access anyway.
# Sampling, 7.x charges no KFENCE object to a memcg (its post-alloc hook
# skips a KFENCE object that has no slab extension), so about one dentry
# a 100 ms lands on the root's lists instead of its memcg's, and the
# tests' exact counts were short by that many on the 7.3 debug kernel
# (force-06, -09, -20, seed-04, force-05: 199 of 200 and so on).
DEBUG_CMDLINE=${DEBUG_CMDLINE:-acpi=noirq no5lvl kfence.sample_interval=0}
