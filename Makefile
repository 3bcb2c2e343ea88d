# The two commands of the README: `make run` and `make test`. Both install what is missing first.

SWIFT ?= swift
# GL headers and libraries, Mesa's software drivers (llvmpipe, surfaceless EGL), Xlib's SHAPE
# extension and the Wayland client library (the overlay's click-through), an X server for the
# window tests, and what the overlay test uses as a desktop: a compositing manager, a window that
# prints its events (xev, in x11-utils), a mouse and keyboard (xdotool) and a camera (xwd, in
# x11-apps).
PACKAGES := libglfw3-dev libepoxy-dev libegl-dev libgl-dev libpng-dev \
            libegl-mesa0 libgl1-mesa-dri xvfb xauth pkg-config \
            libxext-dev libwayland-dev \
            xcompmgr x11-utils x11-apps xdotool
RELEASE := .build/release/confetti

.PHONY: all deps build run test bench clean

all: build

# Installs only the Debian packages that are missing, so a second run does nothing.
deps:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product confetti

# With a display: the viewer. Without one: the default celebration, rendered to PNG frames.
run: build
	@if [ -n "$$DISPLAY" ] || [ -n "$$WAYLAND_DISPLAY" ]; then \
	  $(RELEASE) view; \
	else \
	  echo "no display: rendering the default celebration headlessly"; \
	  $(RELEASE) render --out out/render; \
	fi

# Every test, GL ones included: EGL needs no display, and the window test starts its own Xvfb.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The default sweep (1k, 10k, 100k, 1M; gpu, cpu, floor) and the scenarios: a table on stdout,
# JSON and a plot in out/bench. About two minutes on 2 cores with llvmpipe.
bench: build
	$(RELEASE) bench --json out/bench/bench.json --plot out/bench/frame-times.png

clean:
	rm -rf .build out
