// What the GNOME Shell tests ask of the shell, over its session bus (gjs shell-tool.js COMMAND):
//   screenshot FILE  the whole desktop as a PNG (org.gnome.Shell.Screenshot)
//   windows          the shell's window list as JSON (org.gnome.Shell.Introspect.GetWindows)
//   overview         whether the overview is showing (true or false)
//   input STEP...    a sequence of input events (org.gnome.Mutter.RemoteDesktop): key:KEYSYM
//                    (hex), move:DX,DY (relative motion), click (the left button)
// The shell answers the first two only to the programs that own the names it trusts
// (org.gnome.Screenshot, and the desktop portal's), so this process owns them first. A remote
// desktop session ends when its bus connection closes: the whole sequence goes in one process.
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
    const [session] = call('org.gnome.Mutter.RemoteDesktop', '/org/gnome/Mutter/RemoteDesktop',
        'org.gnome.Mutter.RemoteDesktop', 'CreateSession', null, '(o)').deepUnpack();
    const send = (method, parameters) => call('org.gnome.Mutter.RemoteDesktop', session,
        'org.gnome.Mutter.RemoteDesktop.Session', method, parameters, null);
    send('Start', null);
    for (const step of rest) {
        const [kind, argument] = step.split(':');
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
