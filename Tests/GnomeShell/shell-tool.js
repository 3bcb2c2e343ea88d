// What the GNOME Shell tests ask of the shell, over its session bus (gjs shell-tool.js COMMAND):
//   screenshot FILE  the whole desktop as a PNG (org.gnome.Shell.Screenshot)
//   screenshot-area X Y WIDTH HEIGHT FILE  that rectangle of the desktop as a PNG
//   windows          the shell's window list as JSON (org.gnome.Shell.Introspect.GetWindows)
//   overview         whether the overview is showing (true or false)
//   input STEP...    a sequence of input events (org.gnome.Mutter.RemoteDesktop): key:KEYSYM
//                    (hex), move:DX,DY (relative motion), click (the left button), and
//                    await:FILE:LINE|LINE… (until FILE, a client's output, has one of the
//                    LINEs among the lines it gained since the sequence began; 60 s at most),
//                    hover:FILE:LINE|LINE… (the same, nudging the pointer a pixel right and
//                    back every 100 ms meanwhile)
// The shell answers the screenshots and the window list only to the programs that own the names
// it trusts (org.gnome.Screenshot, and the desktop portal's), so this process owns them first. A
// remote desktop session ends when its bus connection closes: the whole sequence goes in one
// process. A headless shell's seat has a pointer only while a remote desktop session lives: a
// client is told at Start and binds its wl_pointer a moment later, and a button pressed before
// that is never sent to it. And motions that end where the pointer already was (thrown into a
// corner and back within one frame) may come to nothing. So a click waits for the client to
// report the pointer where it should be (hover) before the button goes down.
const AWAIT_LIMIT_MS = 60000;
const {Gio, GLib} = imports.gi;

const bus = Gio.DBus.session;

function own(name) {
    const loop = GLib.MainLoop.new(null, false);
    let owned = false;
    Gio.bus_own_name_on_connection(bus, name, Gio.BusNameOwnerFlags.NONE,
        () => { owned = true; loop.quit(); }, () => loop.quit());
    loop.run();
    if (!owned) throw new Error(`could not own ${name}`);
}

function call(destination, path, iface, method, parameters, replyType) {
    return bus.call_sync(destination, path, iface, method, parameters,
        replyType ? new GLib.VariantType(replyType) : null, Gio.DBusCallFlags.NONE, 30000, null);
}

const [command, ...rest] = ARGV;
switch (command) {
case 'screenshot': {
    own('org.gnome.Screenshot');
    const [done] = call('org.gnome.Shell.Screenshot', '/org/gnome/Shell/Screenshot', 'org.gnome.Shell.Screenshot',
        'Screenshot', new GLib.Variant('(bbs)', [false, false, rest[0]]), '(bs)').deepUnpack();
    if (!done) throw new Error('the shell took no screenshot');
    break;
}
case 'screenshot-area': {
    own('org.gnome.Screenshot');
    const [x, y, width, height] = rest.slice(0, 4).map(Number);
    const [done] = call('org.gnome.Shell.Screenshot', '/org/gnome/Shell/Screenshot', 'org.gnome.Shell.Screenshot',
        'ScreenshotArea', new GLib.Variant('(iiiibs)', [x, y, width, height, false, rest[4]]), '(bs)').deepUnpack();
    if (!done) throw new Error('the shell took no screenshot');
    break;
}
case 'windows': {
    own('org.freedesktop.impl.portal.desktop.gnome');
    const [windows] = call('org.gnome.Shell', '/org/gnome/Shell/Introspect', 'org.gnome.Shell.Introspect',
        'GetWindows', null, '(a{ta{sv}})').recursiveUnpack();
    print(JSON.stringify(Object.values(windows)));
    break;
}
case 'overview': {
    const [value] = call('org.gnome.Shell', '/org/gnome/Shell', 'org.freedesktop.DBus.Properties', 'Get',
        new GLib.Variant('(ss)', ['org.gnome.Shell', 'OverviewActive']), '(v)').deepUnpack();
    print(value.deepUnpack());
    break;
}
case 'input': {
    // What each awaited file holds before the sequence: only lines after it count.
    const read = file => {
        const [, bytes] = GLib.file_get_contents(file);
        return new TextDecoder().decode(bytes);
    };
    const before = new Map();
    for (const step of rest) {
        if (!step.startsWith('await:') && !step.startsWith('hover:')) continue;
        const file = step.split(':')[1];
        before.set(file, GLib.file_test(file, GLib.FileTest.EXISTS) ? read(file).length : 0);
    }
    const [session] = call('org.gnome.Mutter.RemoteDesktop', '/org/gnome/Mutter/RemoteDesktop',
        'org.gnome.Mutter.RemoteDesktop', 'CreateSession', null, '(o)').deepUnpack();
    const send = (method, parameters) => call('org.gnome.Mutter.RemoteDesktop', session,
        'org.gnome.Mutter.RemoteDesktop.Session', method, parameters, null);
    send('Start', null);
    for (const step of rest) {
        const [kind, argument, ...more] = step.split(':');
        if (kind === 'key') {
            const keysym = parseInt(argument, 16);
            send('NotifyKeyboardKeysym', new GLib.Variant('(ub)', [keysym, true]));
            send('NotifyKeyboardKeysym', new GLib.Variant('(ub)', [keysym, false]));
        } else if (kind === 'move') {
            const [dx, dy] = argument.split(',').map(Number);
            send('NotifyPointerMotionRelative', new GLib.Variant('(dd)', [dx, dy]));
        } else if (kind === 'click') {
            const BTN_LEFT = 0x110;
            send('NotifyPointerButton', new GLib.Variant('(ib)', [BTN_LEFT, true]));
            send('NotifyPointerButton', new GLib.Variant('(ib)', [BTN_LEFT, false]));
        } else if (kind === 'await' || kind === 'hover') {
            const wanted = more.join(':').split('|');
            const deadline = GLib.get_monotonic_time() + AWAIT_LIMIT_MS * 1000;
            while (!read(argument).slice(before.get(argument)).split('\n').some(line => wanted.includes(line))) {
                if (GLib.get_monotonic_time() > deadline)
                    throw new Error(`${argument} did not print "${wanted.join('" or "')}" within ${AWAIT_LIMIT_MS / 1000} s: ${read(argument).slice(before.get(argument)).slice(-500)}`);
                if (kind === 'hover') {
                    send('NotifyPointerMotionRelative', new GLib.Variant('(dd)', [1, 0]));
                    GLib.usleep(100000);
                    send('NotifyPointerMotionRelative', new GLib.Variant('(dd)', [-1, 0]));
                }
                GLib.usleep(kind === 'hover' ? 100000 : 50000);
            }
        } else {
            throw new Error(`unknown input step ${step}`);
        }
    }
    send('Stop', null);
    break;
}
default:
    throw new Error(`unknown command ${command}`);
}
