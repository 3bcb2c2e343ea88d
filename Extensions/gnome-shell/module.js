// The entry point for GNOME Shell 45 and later: an ES module whose default export is the
// extension. `confetti gnome-extension install` appends host.js to it as extension.js.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import Meta from 'gi://Meta';
import * as Config from 'resource:///org/gnome/shell/misc/config.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

export default class ConfettiExtension extends Extension {
    enable() {
        this._host = new ConfettiOverlayHost({Gio, GLib, Meta}, {
            shellMajor: parseInt(Config.PACKAGE_VERSION, 10),
            command: this.metadata['confetti-command'],
        });
        this._host.enable();
    }

    disable() {
        this._host?.disable();
        this._host = null;
    }
}
