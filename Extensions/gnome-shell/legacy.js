// The entry point for GNOME Shell 43 and 44: a script with init(), enable() and disable().
// `confetti gnome-extension install` appends host.js to it as extension.js.
/* exported init */
const {Gio, GLib, Meta} = imports.gi;
const Config = imports.misc.config;
const ExtensionUtils = imports.misc.extensionUtils;

class ConfettiExtension {
    enable() {
        const metadata = ExtensionUtils.getCurrentExtension().metadata;
        this._host = new ConfettiOverlayHost({Gio, GLib, Meta}, {
            shellMajor: parseInt(Config.PACKAGE_VERSION, 10),
            command: metadata['confetti-command'],
        });
        this._host.enable();
    }

    disable() {
        this._host?.disable();
        this._host = null;
    }
}

function init() {
    return new ConfettiExtension();
}
