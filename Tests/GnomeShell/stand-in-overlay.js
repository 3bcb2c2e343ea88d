// A stand-in for `confetti overlay --resident --keep-mapped` in the GNOME Shell tests of the
// extension alone (gjs stand-in-overlay.js ARGUMENTS…): like the overlay on a compositor
// without a layer shell, one window per monitor titled `confetti overlay CONNECTOR` with an
// empty input region, filled with one opaque colour (#ff00ff) that a screenshot finds. It
// prints its arguments first, so a test sees what the extension started it with.
imports.gi.versions.Gtk = '4.0';
imports.gi.versions.Gdk = '4.0';
const {Gdk, Gtk, GLib} = imports.gi;
const Cairo = imports.cairo;

print(`stand-in started with ${ARGV.join(' ')}`);
Gtk.init();
const loop = GLib.MainLoop.new(null, false);
const style = new Gtk.CssProvider();
style.load_from_data('window { background: #ff00ff; }', -1);
Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), style, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION);
const monitors = Gdk.Display.get_default().get_monitors();
for (let index = 0; index < monitors.get_n_items(); index++) {
    const connector = monitors.get_item(index).get_connector();
    const window = new Gtk.Window({title: `confetti overlay ${connector}`, decorated: false});
    window.connect('realize', () => window.get_surface().set_input_region(new Cairo.Region()));
    window.present();
    window.get_surface().set_input_region(new Cairo.Region());
    print(`stand-in window for ${connector}`);
}
loop.run();
