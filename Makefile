# The two commands of the README: `make run` and `make test`. Both install what is missing first.
# `make check` is the fast loop while working: the tests that prove the math, the library and the
# file format.

SWIFT ?= swift

# Two lists: what building and running needs, which `make run` (and `make build`, `make install`)
# installs; and what only the tests use, which `make test` adds. `make deb` adds the packaging
# tools. Each list is counted in the README (Scripts/deb-test counts what a fresh Debian 12
# would pull for each).
#
# Building: the -dev packages of the C libraries Package.swift links (GLFW, epoxy, EGL/GL headers,
# libpng, HarfBuzz, FreeType, fontconfig, PulseAudio's simple API, Xlib's SHAPE extension (the
# overlay's click-through on X11), the Wayland client library) and pkg-config, which finds them.
BUILD_PACKAGES := pkg-config libglfw3-dev libepoxy-dev libegl-dev libgl-dev libpng-dev \
                  libharfbuzz-dev libfreetype-dev libfontconfig-dev libpulse-dev libxext-dev libwayland-dev
# Running: Mesa's EGL and GL drivers (llvmpipe when there is no GPU, surfaceless EGL for
# headless renders); the native Wayland libraries the private libglfw3-wayland (below) loads;
# the colour emoji font and DejaVu (fontconfig's sans-serif and the default font of text
# sprites); ffmpeg, which encodes `render --out celebration.mp4|webm|gif`.
RUN_PACKAGES := libegl-mesa0 libgl1-mesa-dri \
                libwayland-client0 libwayland-cursor0 libwayland-egl1 libxkbcommon0 \
                fonts-noto-color-emoji fonts-dejavu-core ffmpeg

# Only for the tests:
# An X server for the window tests, and what the overlay test uses as a desktop: a compositing
# manager, a window that prints its events (xev, in x11-utils), a mouse and keyboard (xdotool)
# and a camera (xwd, in x11-apps); desktop-file-validate, which checks the desktop entry `make
# install` installs; weston with XWayland, a headless compositor that runs X clients too, for
# the native Wayland test.
DESKTOP_TEST_PACKAGES := xvfb xauth xcompmgr x11-utils x11-apps xdotool desktop-file-utils weston xwayland
# The C library's examples and their tests: gcc and g++ (the header is compiled as C99 and
# C++; gcc brings AddressSanitizer, which checks the C example), GTK 4, SDL2, Python with pytest
# for the ctypes binding.
C_PACKAGES := gcc g++ libgtk-4-dev libsdl2-dev python3 python3-pytest
# Clips with alpha (`render --transparent`): the tests lay one over a colour with MLT's `melt`,
# the engine of Kdenlive and Shotcut, as an editor would.
CLIP_PACKAGES := melt
# The overlay's tests on real compositors: sway (wlroots, the layer shell) with grim for its
# pictures and weston-eventdemo (weston) as the window beneath; KWin and Mutter; Xorg's dummy
# driver for two X monitors, with xrandr (x11-xserver-utils); wayland-scanner (libwayland-bin)
# and wayland-protocols regenerate the overlay's protocol code (Scripts/wayland-protocols).
OVERLAY_PACKAGES := sway grim kwin-wayland mutter dbus xserver-xorg-video-dummy x11-xserver-utils \
            libwayland-bin wayland-protocols libxrandr-dev
# Reduced motion from the desktop: gdbus (libglib2.0-bin) asks the settings portal; the tests
# serve a fake portal (python3-gi) on a private session bus (dbus-daemon). The resident
# overlay's socket activation is tested with systemd-socket-activate (systemd).
MOTION_PACKAGES := libglib2.0-bin dbus-daemon python3-gi systemd
# GNOME: the tests run a real, headless GNOME Shell 43 (gnome-shell; gjs drives it and plays the
# app beneath; pipewire, which its remote desktop input needs) with the extension installed by
# `confetti gnome-extension`, which asks gsettings and gdbus (libglib2.0-bin, above); its private
# buses (dbus-daemon, above) and calls of the wrong signature (dbus-send, in dbus-bin).
GNOME_PACKAGES := gnome-shell pipewire gjs dbus-bin
# Sound: the tests start a private PulseAudio server with a null sink (pulseaudio) and record it
# (parec, in pulseaudio-utils).
SOUND_TEST_PACKAGES := pulseaudio pulseaudio-utils
TEST_PACKAGES := $(DESKTOP_TEST_PACKAGES) $(C_PACKAGES) $(CLIP_PACKAGES) $(OVERLAY_PACKAGES) $(MOTION_PACKAGES) \
                 $(GNOME_PACKAGES) $(SOUND_TEST_PACKAGES)
# Packaging (`make deb`, `make deb-test`): debhelper builds the packages, lintian checks them,
# debootstrap makes the clean Debian 12 root they are installed into.
DEB_PACKAGES := debhelper dpkg-dev lintian debootstrap

# The one release build: the command with the Swift runtime and Foundation linked in
# (--static-swift-stdlib), so it runs where no Swift is installed. `make run`, `make install`
# and `make deb` share it; its own build folder, since the dynamic build's flags differ and
# each switch in one folder rebuilds everything.
STATIC_SCRATCH := .build/static
STATIC_FLAGS := -c release --static-swift-stdlib --scratch-path $(STATIC_SCRATCH)
RELEASE := $(STATIC_SCRATCH)/release/confetti
# SwiftPM plans a build again, and rebuilds its plugins' tools, their outputs and the targets
# that take them, whenever anything in its environment differs from the last build's (one
# variable more, or dpkg's build flags in a package build). The builds that make run, make
# install and make deb share run with only what swift needs, so they stay one build.
SWIFT_BUILD_ENV := env -i PATH="$$PATH" HOME="$$HOME" $${TMPDIR:+TMPDIR="$$TMPDIR"}
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

# Debian's GLFW 3.3 is built for X11 (libglfw3, which stays the system's) or for Wayland
# (libglfw3-wayland). The packages conflict but both ship libglfw.so.3, and the binary looks up
# whatever native functions it needs at run time, so one binary runs on either: the Wayland
# build is unpacked here, privately, and chosen with LD_LIBRARY_PATH.
WAYLAND_LIB := .build/wayland/lib
WAYLAND_GLFW := $(WAYLAND_LIB)/libglfw.so.3

.PHONY: all deps deps-test deps-deb build release run test check bench clean wayland-glfw mutants mutants-sample install install-files \
        uninstall man library install-library uninstall-library capi-bench deb deb-test deb-lint

all: build

# Installs only the Debian packages of $(1) that are missing, so a second run does nothing.
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

# What building and running need.
deps:
	$(call install_missing,$(BUILD_PACKAGES) $(RUN_PACKAGES))

# And what the tests use.
deps-test: deps
	$(call install_missing,$(TEST_PACKAGES))

deps-deb: deps
	$(call install_missing,$(DEB_PACKAGES))

build: deps
	$(MAKE) --no-print-directory release

# The release build alone, for a caller that has the packages (debian/rules).
release:
	$(SWIFT_BUILD_ENV) $(SWIFT) build $(STATIC_FLAGS) --product confetti

# Unpacked once (a second run finds the file and does nothing); the package lists are
# refreshed only if apt cannot find the package.
wayland-glfw: $(WAYLAND_GLFW)

$(WAYLAND_GLFW):
	@rm -rf .build/wayland/download && mkdir -p .build/wayland/download $(WAYLAND_LIB)
	@cd .build/wayland/download && \
	  { apt-get download libglfw3-wayland >apt.log 2>&1 || \
	    { $(SUDO) apt-get update -qq && apt-get download libglfw3-wayland >apt.log 2>&1; } || \
	    { cat apt.log; exit 1; }; }
	dpkg -x .build/wayland/download/libglfw3-wayland_*.deb .build/wayland/download/root
	cp -L .build/wayland/download/root/usr/lib/*/libglfw.so.3 $@
	@rm -rf .build/wayland/download

# With a display: the viewer; on a Wayland session without X (no DISPLAY), natively, through
# the private libglfw3-wayland. Without any: the default celebration, rendered to PNG frames
# (--force: the frames of the previous `make run` are replaced).
run: build
	@if [ -n "$$WAYLAND_DISPLAY" ] && [ -z "$$DISPLAY" ]; then \
	  { [ -f $(WAYLAND_GLFW) ] || $(MAKE) --no-print-directory wayland-glfw; } && \
	  LD_LIBRARY_PATH="$(CURDIR)/$(WAYLAND_LIB)$${LD_LIBRARY_PATH:+:$$LD_LIBRARY_PATH}" $(RELEASE) view; \
	elif [ -n "$$DISPLAY" ]; then \
	  $(RELEASE) view; \
	else \
	  echo "no display: rendering the default celebration headlessly"; \
	  $(RELEASE) render --out out/render --force; \
	fi

# Every test, GL ones included: EGL needs no display, the window and overlay tests start their
# own Xvfb, and the Wayland test its own weston (with the private libglfw3-wayland).
# The command tests run the release binary (CONFETTI_BINARY), the one `make run` and the
# packages ship: its numeric code is many times quicker than the debug build's, which more than
# pays for building it (and CI builds it next anyway). Heavy tests (a desktop, an X server, a
# run of the binary) take a slot of a pool as large as the machine has cores, at least 2
# (TEST_SLOTS=N sets it; Tests/Support/HeavySlot.swift), held as files in TEST_SLOT_DIR so that
# child test processes share the pool.
TEST_SLOT_DIR := .build/test-slots
test: deps-test wayland-glfw
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory release
	$(MAKE) --no-print-directory library LIBRARY_CONFIGURATION=debug
	$(MAKE) --no-print-directory man MAN_CONFIGURATION=debug
	CONFETTI_BINARY="$(CURDIR)/$(RELEASE)" $(if $(TEST_SLOTS),CONFETTI_TEST_SLOTS=$(TEST_SLOTS)) CONFETTI_TEST_SLOT_DIR="$(CURDIR)/$(TEST_SLOT_DIR)" $(SWIFT) test

# The fast loop: the suites tagged math (the shaders and the CPU evaluators against each other
# and their closed forms), library (ConfettiGL called in process) and fileFormat (effect files
# and the pictures they name). Once built it is about 3 minutes of CPU, which the suites share
# across the cores: that is what holds it, not GL, since the GL suites share one context but hold
# it for GL calls only and do the CPU's side of each proof between turns (CONFETTI_GL_TURN_LOG=FILE
# logs every turn: Tests/GLSupport/TurnLog.swift). The tags are on the suites
# (Tests/Support/Lanes.swift); Scripts/lane-filter reads them from the built tests, since
# `swift test --filter` takes names only. No windows, binary runs or C library: `make test` runs
# those, and everything else.
CHECK_TAGS := math library fileFormat
check: deps-test
	$(SWIFT) build --build-tests
	filter=$$(Scripts/lane-filter $(CHECK_TAGS)) && $(SWIFT) test --skip-build --filter "$$filter"

# Seeded single-token mutations of every shader file and of the CPU evaluators, each run
# against the suite; lists the survivors that Tests/Mutants/equivalent.txt does not explain.
# Hours on 2 cores: SAMPLE=N tests a seeded sample of N instead (SEED=S picks another).
SEED ?= 1
mutants: deps-test wayland-glfw
	$(SWIFT) build --build-tests
	$(SWIFT) run mutants --cpu --seed $(SEED) $(if $(SAMPLE),--sample $(SAMPLE))

# What CI runs after the tests: a fixed sample of shader mutants, every one of which must be
# killed (or explained as equivalent).
mutants-sample: deps-test wayland-glfw
	$(SWIFT) build --build-tests
	$(SWIFT) run mutants --seed 2026 --sample 8

# The default sweep (1k, 10k, 100k, 1M; gpu, reference, cpu, floor, with gpu/reference and
# gpu/floor per count) and the scenarios: a table on stdout, JSON and a plot in out/bench. About
# three minutes on 2 cores with llvmpipe.
bench: build
	$(RELEASE) bench --json out/bench/bench.json --plot out/bench/frame-times.png

# The manual page, generated from the commands' own help by swift-argument-parser's manual
# generator. The help is the same in any build: the tests take the debug one they have already
# built, through the package plugin (MAN_CONFIGURATION=debug); a release manual runs the
# generator on the static build, since the plugin would build every product again dynamically.
# Its date is the last commit's (or SOURCE_DATE_EPOCH's, in a package build), so the page is
# the same on every build of one commit.
MAN_CONFIGURATION ?= release
ifeq ($(MAN_CONFIGURATION),debug)
MANUAL := .build/plugins/GenerateManual/outputs/confetti/confetti.1
man:
	$(SWIFT) package generate-manual --configuration debug >/dev/null
	@test -s $(MANUAL) || { echo "the manual generator wrote no $(MANUAL)"; exit 1; }
else
MANUAL := $(STATIC_SCRATCH)/manual/confetti.1
MANUAL_DATE = $(shell date -u -d @$${SOURCE_DATE_EPOCH:-$$(git log -1 --format=%ct 2>/dev/null || date +%s)} +%F)
man: release
	$(SWIFT_BUILD_ENV) $(SWIFT) build $(STATIC_FLAGS) --product generate-manual
	@rm -rf $(dir $(MANUAL)) && mkdir -p $(dir $(MANUAL))
	$(STATIC_SCRATCH)/release/generate-manual $(RELEASE) --date $(MANUAL_DATE) --output-directory $(dir $(MANUAL))
	@test -s $(MANUAL) || { echo "the manual generator wrote no $(MANUAL)"; exit 1; }
endif

# Installs like a Unix tool: the binary (its shaders are built into it, the Swift runtime
# linked in; stripped of its debug symbols), the shell completions swift-argument-parser
# writes for bash, zsh and fish, the manual page (man confetti) and a desktop entry for the
# viewer. DESTDIR stages a package. The bash completion is sourced, not run: its `#!` line
# goes. The manual's empty lines (paragraph breaks in a command's discussion), which man(1)
# warns of as it formats them, become mdoc's paragraph macro.
PREFIX ?= /usr/local
BINDIR := $(DESTDIR)$(PREFIX)/bin
BASH_COMPLETIONS := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
APPLICATIONS := $(DESTDIR)$(PREFIX)/share/applications
# The resident overlay's systemd user units, socket-activated (Packaging/confetti-overlay.*).
USER_UNITS := $(DESTDIR)$(PREFIX)/lib/systemd/user
# The GNOME Shell extension, for every user (Extensions/gnome-shell/), written for the installed
# shell, or for GNOME_SHELL_VERSION (a major version) when given: a package written for the
# shell of the release it is built for.
GNOME_EXTENSIONS := $(DESTDIR)$(PREFIX)/share/gnome-shell/extensions
GNOME_SHELL_VERSION ?=
install: build man install-library install-files

# What `install` installs, from what is built: `make deb` stages it.
install-files:
	install -d $(BINDIR) $(BASH_COMPLETIONS) $(ZSH_COMPLETIONS) $(FISH_COMPLETIONS) $(MANDIR) $(APPLICATIONS)
	install -m 755 -s $(RELEASE) $(BINDIR)/confetti
	$(RELEASE) --generate-completion-script bash | sed '1{/^#!/d}' > $(BASH_COMPLETIONS)/confetti
	$(RELEASE) --generate-completion-script zsh > $(ZSH_COMPLETIONS)/_confetti
	$(RELEASE) --generate-completion-script fish > $(FISH_COMPLETIONS)/confetti.fish
	sed 's/^$$/.Pp/' $(MANUAL) > $(MANDIR)/confetti.1 && chmod 644 $(MANDIR)/confetti.1
	install -m 644 Packaging/confetti.desktop $(APPLICATIONS)/confetti.desktop
	install -d $(USER_UNITS)
	install -m 644 Packaging/confetti-overlay.socket $(USER_UNITS)/confetti-overlay.socket
	sed 's|@BINDIR@|$(PREFIX)/bin|' Packaging/confetti-overlay.service.in > $(USER_UNITS)/confetti-overlay.service
	if [ -n "$(GNOME_SHELL_VERSION)" ]; then \
	  $(RELEASE) gnome-extension install --into $(GNOME_EXTENSIONS) --command $(PREFIX)/bin/confetti --shell-version $(GNOME_SHELL_VERSION); \
	elif command -v gnome-shell >/dev/null; then \
	  $(RELEASE) gnome-extension install --into $(GNOME_EXTENSIONS) --command $(PREFIX)/bin/confetti; \
	fi

uninstall: uninstall-library
	rm -f $(BINDIR)/confetti $(BASH_COMPLETIONS)/confetti $(ZSH_COMPLETIONS)/_confetti $(FISH_COMPLETIONS)/confetti.fish \
	      $(MANDIR)/confetti.1 $(APPLICATIONS)/confetti.desktop \
	      $(USER_UNITS)/confetti-overlay.socket $(USER_UNITS)/confetti-overlay.service
	rm -rf $(GNOME_EXTENSIONS)/confetti@confetti.invalid

# The C library (CAPI/confetti.h): libconfetti.so.0, built by SwiftPM from the ConfettiC target
# in a build directory of its own (its flags differ from the app's, which would otherwise be
# rebuilt): the Swift runtime and Foundation linked in (-static-stdlib), so it runs where no
# Swift is installed; its SONAME; only the C API exported (CAPI/confetti.map); never unloaded
# (-z nodelete: dlclose leaves it mapped, so a thread that called in can still exit after it,
# running the destructor of its last-error key). The tests install a debug build
# (LIBRARY_CONFIGURATION=debug), which make test builds first.
# The one version: confetti.h's CONFETTI_VERSION_MAJOR, _MINOR and _PATCH, which confetti_version(),
# `confetti --version`, the file's name, the SONAME (libconfetti.so.MAJOR) and confetti.pc carry.
library_version_part = $(shell sed -n 's/^\#define CONFETTI_VERSION_$(1) \([0-9]*\)$$/\1/p' CAPI/confetti.h)
LIBRARY_MAJOR := $(call library_version_part,MAJOR)
LIBRARY_VERSION := $(LIBRARY_MAJOR).$(call library_version_part,MINOR).$(call library_version_part,PATCH)
LIBRARY_SONAME := libconfetti.so.$(LIBRARY_MAJOR)
LIBRARY_CONFIGURATION ?= release
LIBRARY_SCRATCH := .build/capi
LIBRARY := $(LIBRARY_SCRATCH)/$(LIBRARY_CONFIGURATION)/libConfettiC.so
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR := $(PREFIX)/include
# confetti.pc finds the prefix from where it is (a DESTDIR-staged or unpacked copy works as it
# is), which holds for LIBDIR = PREFIX/lib only; PKGCONFIG_PATHS=fixed writes PREFIX, LIBDIR and
# INCLUDEDIR instead, as a package with a multiarch LIBDIR needs.
PKGCONFIG_PATHS ?= relocatable
PKGCONFIG_FIXED := $(if $(filter fixed,$(PKGCONFIG_PATHS)),-e '/^\#/d' -e 's|^prefix=.*|prefix=$(PREFIX)|' \
  -e 's|^libdir=.*|libdir=$(LIBDIR)|' -e 's|^includedir=.*|includedir=$(INCLUDEDIR)|')
# Refreshes the loader's cache after a real (not staged) install by root.
LDCONFIG ?= ldconfig
LIBRARY_FLAGS := -Xswiftc -static-stdlib -Xlinker -soname=$(LIBRARY_SONAME) -Xlinker --version-script=$(CURDIR)/CAPI/confetti.map \
  -Xlinker -z -Xlinker nodelete
library:
	$(SWIFT_BUILD_ENV) $(SWIFT) build -c $(LIBRARY_CONFIGURATION) --scratch-path $(LIBRARY_SCRATCH) --product ConfettiC $(LIBRARY_FLAGS)

# One draw through the C library against the same call from Swift, medians of one run. Built
# with the library's flags, so the two share their modules and neither is relinked.
capi-bench: library
	$(SWIFT) build -c $(LIBRARY_CONFIGURATION) --scratch-path $(LIBRARY_SCRATCH) --product capi-bench $(LIBRARY_FLAGS)
	$(LIBRARY_SCRATCH)/$(LIBRARY_CONFIGURATION)/capi-bench $(LIBRARY)

# The library stripped of its debug symbols (the release build's are 50 MB of the Swift
# runtime's), the .so.0 and .so links, the header and pkg-config's confetti.pc.
install-library: library
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 755 -s $(LIBRARY) $(DESTDIR)$(LIBDIR)/libconfetti.so.$(LIBRARY_VERSION)
	ln -sf libconfetti.so.$(LIBRARY_VERSION) $(DESTDIR)$(LIBDIR)/$(LIBRARY_SONAME)
	ln -sf $(LIBRARY_SONAME) $(DESTDIR)$(LIBDIR)/libconfetti.so
	install -m 644 CAPI/confetti.h $(DESTDIR)$(INCLUDEDIR)/confetti.h
	sed -e 's|@VERSION@|$(LIBRARY_VERSION)|' $(PKGCONFIG_FIXED) \
	  CAPI/confetti.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/confetti.pc
	@[ -n "$(DESTDIR)" ] || [ "$$(id -u)" -ne 0 ] || $(LDCONFIG)

uninstall-library:
	rm -f $(DESTDIR)$(LIBDIR)/libconfetti.so.$(LIBRARY_VERSION) $(DESTDIR)$(LIBDIR)/$(LIBRARY_SONAME) $(DESTDIR)$(LIBDIR)/libconfetti.so \
	      $(DESTDIR)$(INCLUDEDIR)/confetti.h $(DESTDIR)$(LIBDIR)/pkgconfig/confetti.pc

# Debian packages (debian/), into out/deb: confetti (the command, the Swift runtime inside),
# libconfetti0, libconfetti-dev and gnome-shell-extension-confetti, which lintian must pass with
# no error or warning (the informational tags it prints: docs/packages.md). The tree is cleaned
# after the build (--post-clean), the Swift build folders aside.
DEB_OUT := out/deb
deb: deps-deb
	rm -rf $(DEB_OUT) && mkdir -p $(DEB_OUT)
	DEB_OUT=$(CURDIR)/$(DEB_OUT) dpkg-buildpackage -us -uc -b --post-clean \
	  --buildinfo-option=-u$(CURDIR)/$(DEB_OUT) --buildinfo-file=$(CURDIR)/$(DEB_OUT)/confetti.buildinfo \
	  --changes-option=-u$(CURDIR)/$(DEB_OUT) --changes-file=$(CURDIR)/$(DEB_OUT)/confetti.changes
	$(MAKE) --no-print-directory deb-lint

# Every informational tag lintian prints is listed in docs/packages.md with why it stays.
deb-lint:
	@lintian --fail-on error,warning --display-info $(DEB_OUT)/*.deb > $(DEB_OUT)/lintian.txt; status=$$?; \
	  cat $(DEB_OUT)/lintian.txt; [ $$status -eq 0 ] || { echo "lintian: errors or warnings (above)"; exit 1; }
	@documented=$$(sed -n '/<!-- lintian informational tags -->/,/<!-- \/lintian informational tags -->/s/^- `\([a-z0-9-]*\)`.*/\1/p' docs/packages.md); \
	  undocumented=$$(sed -n 's/^I: [^ ]*: \([a-z0-9-]*\).*/\1/p' $(DEB_OUT)/lintian.txt | sort -u | grep -vxF "$$documented" || true); \
	  [ -z "$$undocumented" ] || { echo "lintian's informational tags missing from docs/packages.md (say why each stays):" $$undocumented; exit 1; }

# The packages installed as a user would, in a clean Debian 12 root, and the GNOME Shell
# extension's on this machine (after `make test`, whose GNOME tests use the same UUID):
# Scripts/deb-test. The root is made once per machine (about 3 to 5 minutes) and kept in
# /var/cache/confetti-test.
deb-test: deb
	Scripts/deb-test $(DEB_OUT) $(RELEASE)

clean:
	rm -rf .build out
