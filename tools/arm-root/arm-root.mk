# make test-arm: hashbench's build, a short make bench and the test tiers
# that apply on an ARM host, run in emulated Debian 12 roots (arm64, armhf)
# made with debootstrap and qemu-user-static (tools/arm-root/README.md).
# Needs root and binfmt_misc; without them it says so and skips.
#   ARM_ROOT_DIR     where the roots are cached (default /var/cache/hashbench/arm-roots)
#   ARM_ROOT_ARCHES  which roots (default "arm64 armhf")
.PHONY: test-arm
test-arm:
	sh tools/arm-root/test_arm.sh
