# The two commands of the README: `make run` and `make test`. Both install what is missing first.
# `make check` is the fast loop while working: the tests that prove the math, the library and the
# file format.

SWIFT ?= swift
# Native Wayland: what the private libglfw3-wayland (below) loads, and for its test a headless
# compositor that runs X clients too.
WAYLAND_PACKAGES := libwayland-client0 libwayland-cursor0 libwayland-egl1 libxkbcommon0 \
                    weston xwayland

# GL headers and libraries, Mesa's software drivers (llvmpipe, surfaceless EGL), ffmpeg (which
# encodes `render --out celebration.mp4|webm|gif`), Xlib's SHAPE
# extension and the Wayland client library (the overlay's click-through), an X server for the
# window tests, and what the overlay test uses as a desktop: a compositing manager, a window that
# prints its events (xev, in x11-utils), a mouse and keyboard (xdotool) and a camera (xwd, in
# x11-apps); and desktop-file-validate, which checks the desktop entry `make install` installs.
# Sprites: HarfBuzz, FreeType and fontconfig shape and draw emoji and text, with the colour emoji
# font and DejaVu, fontconfig's sans-serif and the default font of text sprites.
# The C library's examples and their tests: gcc and g++ (the header is compiled as C99 and
# C++; gcc brings AddressSanitizer, which checks the C example), GTK 4, SDL2, Python with pytest
# for the ctypes binding.
C_PACKAGES := gcc g++ libgtk-4-dev libsdl2-dev python3 python3-pytest
# Clips with alpha (`render --transparent`): the tests lay one over a colour with MLT's `melt`,
# the engine of Kdenlive and Shotcut, as an editor would.
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
# Sound: PulseAudio's simple API (libpulse-dev) plays the viewer's; the tests start a private
# PulseAudio server with a null sink (pulseaudio) and record it (parec, in pulseaudio-utils).
PACKAGES := $(C_PACKAGES) $(MOTION_PACKAGES) $(GNOME_PACKAGES) libglfw3-dev libepoxy-dev libegl-dev libgl-dev libpng-dev \
            libharfbuzz-dev libfreetype-dev libfontconfig-dev fonts-noto-color-emoji fonts-dejavu-core \
            libpulse-dev pulseaudio pulseaudio-utils \
            libegl-mesa0 libgl1-mesa-dri xvfb xauth pkg-config ffmpeg \
            libxext-dev libwayland-dev \
            xcompmgr x11-utils x11-apps xdotool desktop-file-utils melt \
            $(OVERLAY_PACKAGES) \
            $(WAYLAND_PACKAGES)
RELEASE := .build/release/confetti
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

# Debian's GLFW 3.3 is built for X11 (libglfw3, which stays the system's) or for Wayland
# (libglfw3-wayland). The packages conflict but both ship libglfw.so.3, and the binary looks up
# whatever native functions it needs at run time, so one binary runs on either: the Wayland
# build is unpacked here, privately, and chosen with LD_LIBRARY_PATH.
WAYLAND_LIB := .build/wayland/lib
WAYLAND_GLFW := $(WAYLAND_LIB)/libglfw.so.3

.PHONY: all deps build run test check bench clean wayland-glfw mutants mutants-sample install uninstall man library install-library uninstall-library capi-bench

all: build

# Installs only the Debian packages that are missing, so a second run does nothing.
deps:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product confetti

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
test: deps wayland-glfw
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release --product confetti
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
check: deps
	$(SWIFT) build --build-tests
	filter=$$(Scripts/lane-filter $(CHECK_TAGS)) && $(SWIFT) test --skip-build --filter "$$filter"

# Seeded single-token mutations of every shader file and of the CPU evaluators, each run
# against the suite; lists the survivors that Tests/Mutants/equivalent.txt does not explain.
# Hours on 2 cores: SAMPLE=N tests a seeded sample of N instead (SEED=S picks another).
SEED ?= 1
mutants: deps wayland-glfw
	$(SWIFT) build --build-tests
	$(SWIFT) run mutants --cpu --seed $(SEED) $(if $(SAMPLE),--sample $(SAMPLE))

# What CI runs after the tests: a fixed sample of shader mutants, every one of which must be
# killed (or explained as equivalent).
mutants-sample: deps wayland-glfw
	$(SWIFT) build --build-tests
	$(SWIFT) run mutants --seed 2026 --sample 8

# The default sweep (1k, 10k, 100k, 1M; gpu, reference, cpu, floor, with gpu/reference and
# gpu/floor per count) and the scenarios: a table on stdout, JSON and a plot in out/bench. About
# three minutes on 2 cores with llvmpipe.
bench: build
	$(RELEASE) bench --json out/bench/bench.json --plot out/bench/frame-times.png

# The manual page, generated from the commands' own help by swift-argument-parser's manual
# generator (a package plugin). The help is the same in any build; the tests take the debug one
# they have already built.
MAN_CONFIGURATION ?= release
MANUAL := .build/plugins/GenerateManual/outputs/confetti/confetti.1
man:
	$(SWIFT) package generate-manual --configuration $(MAN_CONFIGURATION) >/dev/null
	@test -s $(MANUAL) || { echo "the manual generator wrote no $(MANUAL)"; exit 1; }

# Installs like a Unix tool: the binary (its shaders are built into it), the shell completions
# swift-argument-parser writes for bash, zsh and fish, the manual page (man confetti) and a
# desktop entry for the viewer. DESTDIR stages a package.
PREFIX ?= /usr/local
BINDIR := $(DESTDIR)$(PREFIX)/bin
BASH_COMPLETIONS := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_COMPLETIONS := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONS := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
APPLICATIONS := $(DESTDIR)$(PREFIX)/share/applications
# The resident overlay's systemd user units, socket-activated (Packaging/confetti-overlay.*).
USER_UNITS := $(DESTDIR)$(PREFIX)/lib/systemd/user
# The GNOME Shell extension, for every user (Extensions/gnome-shell/).
GNOME_EXTENSIONS := $(DESTDIR)$(PREFIX)/share/gnome-shell/extensions
install: build man install-library
	install -d $(BINDIR) $(BASH_COMPLETIONS) $(ZSH_COMPLETIONS) $(FISH_COMPLETIONS) $(MANDIR) $(APPLICATIONS)
	install -m 755 $(RELEASE) $(BINDIR)/confetti
	$(RELEASE) --generate-completion-script bash > $(BASH_COMPLETIONS)/confetti
	$(RELEASE) --generate-completion-script zsh > $(ZSH_COMPLETIONS)/_confetti
	$(RELEASE) --generate-completion-script fish > $(FISH_COMPLETIONS)/confetti.fish
	install -m 644 $(MANUAL) $(MANDIR)/confetti.1
	install -m 644 Packaging/confetti.desktop $(APPLICATIONS)/confetti.desktop
	install -d $(USER_UNITS)
	install -m 644 Packaging/confetti-overlay.socket $(USER_UNITS)/confetti-overlay.socket
	sed 's|@BINDIR@|$(PREFIX)/bin|' Packaging/confetti-overlay.service.in > $(USER_UNITS)/confetti-overlay.service
# The GNOME Shell extension, for every user, written for the installed shell (if any).
	if command -v gnome-shell >/dev/null; then \
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
LIBDIR := $(PREFIX)/lib
INCLUDEDIR := $(PREFIX)/include
# Refreshes the loader's cache after a real (not staged) install by root.
LDCONFIG ?= ldconfig
LIBRARY_FLAGS := -Xswiftc -static-stdlib -Xlinker -soname=$(LIBRARY_SONAME) -Xlinker --version-script=$(CURDIR)/CAPI/confetti.map \
  -Xlinker -z -Xlinker nodelete
library:
	$(SWIFT) build -c $(LIBRARY_CONFIGURATION) --scratch-path $(LIBRARY_SCRATCH) --product ConfettiC $(LIBRARY_FLAGS)

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
	sed -e 's|@VERSION@|$(LIBRARY_VERSION)|' \
	  CAPI/confetti.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/confetti.pc
	@[ -n "$(DESTDIR)" ] || [ "$$(id -u)" -ne 0 ] || $(LDCONFIG)

uninstall-library:
	rm -f $(DESTDIR)$(LIBDIR)/libconfetti.so.$(LIBRARY_VERSION) $(DESTDIR)$(LIBDIR)/$(LIBRARY_SONAME) $(DESTDIR)$(LIBDIR)/libconfetti.so \
	      $(DESTDIR)$(INCLUDEDIR)/confetti.h $(DESTDIR)$(LIBDIR)/pkgconfig/confetti.pc

clean:
	rm -rf .build out
