// The app beneath the overlay in the GNOME Shell tests (gjs app-beneath.js TITLE): a maximized
// GTK 4 window that prints, one line each, when its xdg_toplevel becomes activated or
// deactivated (the focused state the compositor sends), where the pointer enters or moves
// (`enter X Y`, `motion X Y`: the client has a wl_pointer and the compositor's pointer focus) and
// where it is clicked (`click X Y`), in window coordinates.
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Gdk = '4.0';
const {Gdk, Gtk, GLib} = imports.gi;

Gtk.init();
const loop = GLib.MainLoop.new(null, false);
const window = new Gtk.Window({title: ARGV[0] ?? 'app beneath'});
const click = new Gtk.GestureClick();
click.connect('pressed', (_gesture, _count, x, y) => print(`click ${Math.round(x)} ${Math.round(y)}`));
window.add_controller(click);
const pointer = new Gtk.EventControllerMotion();
pointer.connect('enter', (_controller, x, y) => print(`enter ${Math.round(x)} ${Math.round(y)}`));
pointer.connect('motion', (_controller, x, y) => print(`motion ${Math.round(x)} ${Math.round(y)}`));
window.add_controller(pointer);
window.connect('close-request', () => loop.quit());
window.maximize();
window.present();
const surface = window.get_surface();
let activated = null;
const report = () => {
    const now = (surface.get_state() & Gdk.ToplevelState.FOCUSED) !== 0;
    if (now !== activated) print(now ? 'activated' : 'deactivated');
    activated = now;
};
surface.connect('notify::state', report);
report();
loop.run();
