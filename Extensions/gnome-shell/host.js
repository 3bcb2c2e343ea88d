// What the extension does on every GNOME Shell version: host the resident overlay and place it.
//
// `confetti gnome-extension install` writes extension.js as the entry point of the running
// shell's format (legacy.js for 43 and 44, module.js for 45 and later) followed by this file,
// so this part imports nothing: the entry point hands it Gio, GLib and Meta.
//
// The overlay is our own Wayland client, `confetti overlay --resident --keep-mapped`, started
// through Meta.WaylandClient: only a client the shell started can leave the window lists. It
// maps one window per monitor, titled `confetti overlay CONNECTOR`, with an empty input
// region; each is placed over its whole monitor, drawn above the top bar, on every workspace,
// and handed no focus. Its command line is fixed at install time; the session bus gives the
// extension data only (a preset's name, a position, an output's name), which it checks and
// passes to the overlay's socket.

const OVERLAY_BUS_NAME = 'org.confetti.Overlay';
const OVERLAY_OBJECT_PATH = '/org/confetti/Overlay';
const OVERLAY_INTERFACE = `<node>
  <interface name="org.confetti.Overlay">
    <method name="Start"/>
    <method name="Fire">
      <arg type="s" name="preset" direction="in"/>
      <arg type="ad" name="at" direction="in"/>
      <arg type="s" name="output" direction="in"/>
    </method>
    <method name="FireWithOptions">
      <arg type="s" name="preset" direction="in"/>
      <arg type="ad" name="at" direction="in"/>
      <arg type="s" name="output" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
    </method>
  </interface>
</node>`;
/** The errors the bus methods reply with. */
const OVERLAY_ERROR = {
    invalidArgs: 'org.confetti.Overlay.Error.InvalidArgs',
    refused: 'org.confetti.Overlay.Error.Refused',
    unavailable: 'org.confetti.Overlay.Error.Unavailable',
    busy: 'org.confetti.Overlay.Error.Busy',
};
/** How many times a window Mutter moves off its monitor is placed again. */
const REPLACEMENTS = 3;

/** How the overlay's windows are titled: this, then the monitor's connector. */
const OVERLAY_TITLE_PREFIX = 'confetti overlay ';
/** An effect's name: a preset's or a named effect's, as `confetti presets` lists them (EffectReference.namePattern). */
const EFFECT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** FireWithOptions' options, each a boolean, as the overlay's socket names them. */
const FIRE_OPTIONS = ['mute', 'reducedMotion'];
/** A monitor's connector, as xdg-output names it (Meta-0, DP-1, HDMI-A-2). */
const OUTPUT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** No desktop is wider than this many points; a larger coordinate is a mistake or an attack. */
const COORDINATE_LIMIT = 1e6;
/** Fires waiting for the overlay at once; past this the bus gets Busy instead of a queue. */
const PENDING_FIRES_LIMIT = 16;
/** How long a fire waits for the overlay's socket to answer (it may be starting). */
const SOCKET_WAIT_MS = 10000;
/** A restart after the overlay ended: soon, then slower while it keeps ending young. */
const RESTART_DELAY_MS = 500;
const RESTART_DELAY_LIMIT_MS = 30000;
/** An overlay that lived this long before it ended was healthy: restart it at once. */
const HEALTHY_LIFETIME_MS = 10000;
/** After SIGTERM, how long the overlay has to exit before SIGKILL. */
const STOP_GRACE_MS = 2000;
/** The kinds of window Mutter focuses as they map (the others never take the focus then). */
const FOCUSED_AS_MAPPED = ['NORMAL', 'DIALOG', 'MODAL_DIALOG'];

class ConfettiOverlayHost {
    /**
     * @param {object} gi - {Gio, GLib, Meta} of the running shell
     * @param {object} options - {shellMajor: number, command: absolute path of `confetti`}
     */
    constructor(gi, options) {
        this._gi = gi;
        this._shellMajor = options.shellMajor;
        this._command = options.command;
        this._client = null;
        this._process = null;
        this._startedAt = 0;
        this._restartDelay = RESTART_DELAY_MS;
        this._restartSource = 0;
        this._windows = new Map(); // Meta.Window → its signal ids
        this._replaceSources = new Map(); // Meta.Window → the idle source placing it again
        this._placed = new Map(); // a window placed once (shown: it may be touched) → re-placements left
        this._lastFocus = null;
        this._others = new Map(); // a window of another client, not shown yet → its signal ids
        this._focusAfterGrab = null; // the window Mutter focuses when the shell's grab ends
        this._grabSignal = 0;
        this._pendingFires = 0;
        this._enabled = false;
        this._displaySignals = [];
        this._monitorSignal = 0;
        this._exported = null;
        this._nameId = 0;
    }

    enable() {
        const {Gio} = this._gi;
        this._enabled = true;
        this._displaySignals = [
            global.display.connect('window-created', (_display, window) => this._windowCreated(window)),
            global.display.connect('notify::focus-window', () => this._guardFocus()),
        ];
        // After Mutter's own handler, which focuses the window it noted during the grab.
        this._grabSignal = global.stage.connect_after('notify::is-grabbed', () => this._grabChanged());
        const monitors = global.backend.get_monitor_manager();
        this._monitorSignal = monitors.connect('monitors-changed', () => {
            for (const window of this._windows.keys()) this._place(window);
        });
        this._lastFocus = global.display.focus_window;
        this._exported = Gio.DBusExportedObject.wrapJSObject(OVERLAY_INTERFACE, {
            StartAsync: (_parameters, invocation) => this._startCall(invocation),
            FireAsync: (parameters, invocation) => this._fireCall(parameters, invocation),
            FireWithOptionsAsync: (parameters, invocation) => this._fireCall(parameters, invocation),
        });
        this._exported.export(Gio.DBus.session, OVERLAY_OBJECT_PATH);
        this._nameId = Gio.bus_own_name_on_connection(Gio.DBus.session, OVERLAY_BUS_NAME,
            Gio.BusNameOwnerFlags.NONE, null, null);
        this._start();
    }

    disable() {
        const {Gio, GLib} = this._gi;
        this._enabled = false;
        if (this._nameId) Gio.bus_unown_name(this._nameId);
        this._nameId = 0;
        this._exported?.unexport();
        this._exported = null;
        for (const id of this._displaySignals) global.display.disconnect(id);
        this._displaySignals = [];
        if (this._grabSignal) global.stage.disconnect(this._grabSignal);
        this._grabSignal = 0;
        for (const [window, ids] of this._others) ids.forEach(id => window.disconnect(id));
        this._others.clear();
        this._focusAfterGrab = null;
        if (this._monitorSignal) global.backend.get_monitor_manager().disconnect(this._monitorSignal);
        this._monitorSignal = 0;
        if (this._restartSource) GLib.source_remove(this._restartSource);
        this._restartSource = 0;
        for (const [window, ids] of this._windows) ids.forEach(id => window.disconnect(id));
        this._windows.clear();
        for (const source of this._replaceSources.values()) GLib.source_remove(source);
        this._replaceSources.clear();
        this._placed.clear();
        this._lastFocus = null;
        this._stopProcess();
    }

    /** Starts the overlay unless it runs; its windows are adopted as they are created. */
    _start() {
        const {Gio, GLib, Meta} = this._gi;
        if (this._process || !this._enabled) return;
        const argv = [this._command, 'overlay', '--resident', '--keep-mapped'];
        const launcher = new Gio.SubprocessLauncher({flags: Gio.SubprocessFlags.NONE});
        let client, process;
        try {
            if (Meta.WaylandClient.new_subprocess) {
                client = Meta.WaylandClient.new_subprocess(global.context, launcher, argv);
                process = client.get_subprocess();
            } else {
                client = this._shellMajor >= 44
                    ? Meta.WaylandClient.new(global.context, launcher)
                    : Meta.WaylandClient.new(launcher);
                process = client.spawnv(global.display, argv);
            }
        } catch (error) {
            logError(error, `confetti: could not start ${argv.join(' ')}`);
            this._scheduleRestart();
            return;
        } finally {
            // The launcher holds the shell's copy of the client's end of its Wayland socket
            // until it is closed or collected: closed now, the overlay's connection ends with
            // it, and so do its windows, not whenever the garbage collector runs.
            launcher.close();
        }
        this._client = client;
        this._process = process;
        this._startedAt = GLib.get_monotonic_time() / 1000;
        process.wait_async(null, (ended, result) => {
            try {
                ended.wait_finish(result);
            } catch (_error) {
                // Cancelled: nothing more to learn.
            }
            if (this._process !== ended) return;
            const lived = GLib.get_monotonic_time() / 1000 - this._startedAt;
            this._process = null;
            this._client = null;
            if (!this._enabled) return;
            log(`confetti: the overlay ended (${ended.get_if_signaled() ? `signal ${ended.get_term_sig()}` : `exit ${ended.get_exit_status()}`}); starting it again`);
            this._restartDelay = lived >= HEALTHY_LIFETIME_MS ? RESTART_DELAY_MS
                : Math.min(this._restartDelay * 2, RESTART_DELAY_LIMIT_MS);
            this._scheduleRestart();
        });
    }

    _scheduleRestart() {
        const {GLib} = this._gi;
        if (this._restartSource || !this._enabled) return;
        this._restartSource = GLib.timeout_add(GLib.PRIORITY_DEFAULT, this._restartDelay, () => {
            this._restartSource = 0;
            this._start();
            return GLib.SOURCE_REMOVE;
        });
    }

    /** SIGTERM, then SIGKILL if it has not ended within the grace: nothing is left running. */
    _stopProcess() {
        const {GLib} = this._gi;
        const process = this._process;
        this._process = null;
        this._client = null;
        if (!process) return;
        let ended = false;
        process.wait_async(null, () => {
            ended = true;
        });
        process.send_signal(15);
        GLib.timeout_add(GLib.PRIORITY_DEFAULT, STOP_GRACE_MS, () => {
            if (!ended) process.force_exit();
            return GLib.SOURCE_REMOVE;
        });
    }

    _windowCreated(window) {
        if (this._client?.owns_window(window))
            this._adopt(window);
        else
            this._watchFirstShow(window);
    }

    /** A window of our overlay: out of the window lists at once, placed once it is shown. */
    _adopt(window) {
        this._client.hide_from_window_list(window);
        // Where Mutter has make_dock() (not 43): a dock never takes the focus when it maps.
        this._client.make_dock?.(window);
        const ids = [];
        ids.push(window.connect('shown', () => this._place(window)));
        // Mutter moves the window again after it is placed: the unmaximize `_place` asks for
        // takes effect when the overlay acknowledges it, at the position Mutter unmaximizes to.
        for (const signal of ['position-changed', 'size-changed'])
            ids.push(window.connect(signal, () => this._placeAgainIfMoved(window)));
        ids.push(window.connect('unmanaged', () => {
            ids.forEach(id => window.disconnect(id));
            this._windows.delete(window);
            const source = this._replaceSources.get(window);
            if (source) this._gi.GLib.source_remove(source);
            this._replaceSources.delete(window);
            this._placed.delete(window);
        }));
        this._windows.set(window, ids);
    }

    /** The monitor the window's title names (`confetti overlay CONNECTOR`), else its own. */
    _monitorOf(window) {
        const title = window.get_title() ?? '';
        if (title.startsWith(OVERLAY_TITLE_PREFIX)) {
            const connector = title.slice(OVERLAY_TITLE_PREFIX.length);
            const index = global.backend.get_monitor_manager().get_monitor_for_connector(connector);
            if (index >= 0) return index;
        }
        return window.get_monitor();
    }

    /**
     * Over its whole monitor (`true`: a user move, which Mutter does not clamp below the top
     * bar), on every workspace; then, from an idle callback (never inside a frame, where Mutter
     * asserts), its actor moves into the top window group to be drawn over other windows and
     * the top bar. Only after `shown`: touching the window earlier aborts the shell. Never
     * `make_above()`: Mutter gives no focus to a window that maps under an always-on-top window
     * while another has the focus, and the overlay covers every monitor.
     */
    _place(window) {
        const {GLib} = this._gi;
        if (!this._windows.has(window)) return;
        const monitor = this._monitorOf(window);
        if (monitor < 0) return;
        const area = global.display.get_monitor_geometry(monitor);
        if (!this._placed.has(window)) this._placed.set(window, REPLACEMENTS);
        // Mutter maximizes a new window about the size of the work area, and a maximized
        // window keeps below the top bar, whatever it is asked.
        if (window.get_maximized())
            window.unmaximize(this._gi.Meta.MaximizeFlags.BOTH);
        window.stick();
        window.move_resize_frame(true, area.x, area.y, area.width, area.height);
        GLib.idle_add(GLib.PRIORITY_DEFAULT_IDLE, () => {
            const actor = window.get_compositor_private();
            if (this._windows.has(window) && actor && actor.get_parent() !== global.top_window_group) {
                actor.get_parent()?.remove_child(actor);
                global.top_window_group.add_child(actor);
            }
            return GLib.SOURCE_REMOVE;
        });
    }

    /**
     * From an idle callback (not inside Mutter's move), `_place` again a shown window that is
     * no longer exactly over its monitor. Once it is, nothing more happens; a window that never
     * fits (a fixed size) is placed again at most REPLACEMENTS times: no loop.
     */
    _placeAgainIfMoved(window) {
        const {GLib} = this._gi;
        if (!this._placed.get(window) || this._replaceSources.has(window)) return;
        this._replaceSources.set(window, GLib.idle_add(GLib.PRIORITY_DEFAULT_IDLE, () => {
            this._replaceSources.delete(window);
            if (!this._windows.has(window) || window.is_hidden?.() || !window.get_compositor_private())
                return GLib.SOURCE_REMOVE;
            const monitor = this._monitorOf(window);
            if (monitor < 0) return GLib.SOURCE_REMOVE;
            const area = global.display.get_monitor_geometry(monitor);
            const rect = window.get_frame_rect();
            if (window.get_maximized() || rect.x !== area.x || rect.y !== area.y ||
                rect.width !== area.width || rect.height !== area.height) {
                this._placed.set(window, this._placed.get(window) - 1);
                this._place(window);
            }
            return GLib.SOURCE_REMOVE;
        }));
    }

    /**
     * While the shell holds a grab (the overview, a menu, a dialog of its own) Mutter 43 does
     * not focus a window that maps: it notes it, each new one in place of the last, and focuses
     * the one noted last when the grab ends. This notes the same of the windows of other
     * clients (the first time one is shown, of a kind Mutter focuses as it maps), so that when
     * our window was noted after it, `_guardFocus` gives the focus where it would have gone.
     * Mutter also refuses a few windows the focus as they map while another window has it (one
     * an always-on-top window would cover, one launched before the focused window's last
     * input); Mutter does not expose that refusal, so such a window is noted all the same.
     */
    _watchFirstShow(window) {
        const {Meta} = this._gi;
        const ids = [];
        const forget = () => {
            ids.forEach(id => window.disconnect(id));
            this._others.delete(window);
        };
        ids.push(window.connect('shown', () => {
            forget();
            const kinds = FOCUSED_AS_MAPPED.map(kind => Meta.WindowType[kind]);
            if (global.stage.get_grab_actor() !== null && !window.is_override_redirect() && kinds.includes(window.get_window_type()))
                this._focusAfterGrab = window;
        }));
        ids.push(window.connect('unmanaged', forget));
        this._others.set(window, ids);
    }

    /**
     * Mutter focuses the window it noted, and forgets it, in its own handler of the change
     * that ends the grab (of any change of `is-grabbed`), run before this one; the focus it
     * gave went through `_guardFocus` then. The window noted here is forgotten with it.
     */
    _grabChanged() {
        this._focusAfterGrab = null;
    }

    /**
     * Mutter 43 gives every new normal window the focus as it maps (when the shell's grab
     * ends, if it mapped during one), and again on a workspace switch: the overlay never keeps
     * it. It goes where it would have gone without the overlay: to the window Mutter noted
     * during the grab that just ended, else back to the window that had it.
     */
    _guardFocus() {
        const focus = global.display.focus_window;
        if (!focus) return;
        if (!this._windows.has(focus) && !(this._client?.owns_window(focus))) {
            this._lastFocus = focus;
            return;
        }
        const target = [this._focusAfterGrab, this._lastFocus]
            .find(window => window && !window.is_hidden?.() && window.get_compositor_private());
        this._focusAfterGrab = null;
        const time = global.display.get_current_time_roundtrip();
        if (target)
            target.focus(time);
        else
            global.display.unset_input_focus(time);
    }

    _startCall(invocation) {
        if (!this._process) {
            this._restartDelay = RESTART_DELAY_MS;
            if (this._restartSource) {
                this._gi.GLib.source_remove(this._restartSource);
                this._restartSource = 0;
            }
            this._start();
        }
        if (this._process)
            invocation.return_value(null);
        else
            invocation.return_dbus_error(OVERLAY_ERROR.unavailable, `the overlay could not be started: is ${this._command} there? (confetti gnome-extension install)`);
    }

    /**
     * Checks Fire's arguments (and FireWithOptions' options: booleans named in FIRE_OPTIONS, as
     * GLib.Variant values): a refusal in words, or the request for the overlay's socket.
     */
    _fireRequest([preset, at, output, options = {}]) {
        if (!EFFECT_NAME.test(preset))
            return {error: 'the preset must be an effect\'s name (a preset\'s or a named effect\'s): letters, digits, - and _, at most 64, starting with a letter or digit'};
        if (at.length !== 0 && at.length !== 2)
            return {error: `at must be empty or two numbers (x, y in desktop points), not ${at.length}`};
        if (at.some(value => !Number.isFinite(value) || Math.abs(value) > COORDINATE_LIMIT))
            return {error: `at must be two finite numbers within ±${COORDINATE_LIMIT} points`};
        if (output !== '' && !OUTPUT_NAME.test(output))
            return {error: 'output must be empty or a monitor\'s connector name (letters, digits, . _ -, at most 64)'};
        const names = Object.keys(options);
        const unknown = names.find(name => !FIRE_OPTIONS.includes(name));
        if (unknown !== undefined)
            return {error: `unknown option '${unknown.slice(0, 64)}': the options are ${FIRE_OPTIONS.join(', ')}`};
        const notBoolean = names.find(name => options[name]?.get_type_string?.() !== 'b');
        if (notBoolean !== undefined)
            return {error: `the option ${notBoolean} must be a boolean`};
        const fire = {preset};
        if (at.length === 2) fire.at = at;
        if (output !== '') fire.output = output;
        if (names.includes('mute') && options.mute.get_boolean()) fire.mute = true;
        if (names.includes('reducedMotion')) fire.reducedMotion = options.reducedMotion.get_boolean();
        return {request: {fire}};
    }

    _fireCall(parameters, invocation) {
        const checked = this._fireRequest(parameters);
        if (checked.error) {
            invocation.return_dbus_error(OVERLAY_ERROR.invalidArgs, checked.error);
            return;
        }
        if (this._pendingFires >= PENDING_FIRES_LIMIT) {
            invocation.return_dbus_error(OVERLAY_ERROR.busy, `${PENDING_FIRES_LIMIT} fires are already waiting for the overlay`);
            return;
        }
        this._start();
        this._pendingFires += 1;
        this._send(checked.request, reply => {
            this._pendingFires -= 1;
            if (reply.ok === true)
                invocation.return_value(null);
            else if (reply.unavailable)
                invocation.return_dbus_error(OVERLAY_ERROR.unavailable, reply.error);
            else
                invocation.return_dbus_error(OVERLAY_ERROR.refused, String(reply.error ?? 'the overlay refused the launch'));
        });
    }

    /** One request line to the overlay's socket, one reply line back; retried while it starts. */
    _send(request, done) {
        const {Gio, GLib} = this._gi;
        const path = GLib.build_filenamev([GLib.get_user_runtime_dir(), 'confetti', 'overlay.socket']);
        const line = new GLib.Bytes(new TextEncoder().encode(`${JSON.stringify(request)}\n`));
        const deadline = GLib.get_monotonic_time() / 1000 + SOCKET_WAIT_MS;
        const cancellable = new Gio.Cancellable();
        let finished = false;
        const finish = reply => {
            if (finished) return;
            finished = true;
            GLib.source_remove(guard);
            done(reply);
        };
        const guard = GLib.timeout_add(GLib.PRIORITY_DEFAULT, SOCKET_WAIT_MS + 1000, () => {
            cancellable.cancel();
            finished || (finished = true, done({unavailable: true, error: `the overlay did not answer within ${SOCKET_WAIT_MS / 1000} s`}));
            return GLib.SOURCE_REMOVE;
        });
        const attempt = () => {
            const client = new Gio.SocketClient();
            client.connect_async(new Gio.UnixSocketAddress({path}), cancellable, (_client, connecting) => {
                let connection;
                try {
                    connection = client.connect_finish(connecting);
                } catch (error) {
                    if (finished) return;
                    if (GLib.get_monotonic_time() / 1000 < deadline) {
                        GLib.timeout_add(GLib.PRIORITY_DEFAULT, 100, () => {
                            if (!finished) attempt();
                            return GLib.SOURCE_REMOVE;
                        });
                    } else {
                        finish({unavailable: true, error: `the overlay's socket ${path} does not answer: ${error.message}`});
                    }
                    return;
                }
                const input = new Gio.DataInputStream({base_stream: connection.get_input_stream()});
                connection.get_output_stream().write_bytes_async(line, GLib.PRIORITY_DEFAULT, cancellable, (stream, writing) => {
                    try {
                        stream.write_bytes_finish(writing);
                    } catch (error) {
                        finish({unavailable: true, error: `could not write to the overlay: ${error.message}`});
                        return;
                    }
                    input.read_line_async(GLib.PRIORITY_DEFAULT, cancellable, (_input, reading) => {
                        let reply;
                        try {
                            const [text] = input.read_line_finish_utf8(reading);
                            reply = text === null ? {unavailable: true, error: 'the overlay closed the connection without a reply'} : JSON.parse(text);
                        } catch (error) {
                            reply = {unavailable: true, error: `no reply from the overlay: ${error.message}`};
                        }
                        connection.close_async(GLib.PRIORITY_DEFAULT, null, null);
                        finish(typeof reply === 'object' && reply !== null ? reply : {error: 'the overlay replied with something other than an object'});
                    });
                });
            });
        };
        attempt();
    }
}
