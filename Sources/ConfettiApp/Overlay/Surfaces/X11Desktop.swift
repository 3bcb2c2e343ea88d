import CX11

/// What the overlay asks of an X server.
enum X11Desktop {
    /// Whether a compositing manager runs on the display's default screen: it owns the
    /// `_NET_WM_CM_S<screen>` selection (the EWMH convention). Without one, X draws a window's
    /// alpha channel as black and nothing shows through.
    static func hasCompositingManager(_ display: OpaquePointer) -> Bool {
        let selection = XInternAtom(display, "_NET_WM_CM_S\(XDefaultScreen(display))", False)
        return XGetSelectionOwner(display, selection) != 0
    }

    /// The display's name, for messages: `:1`.
    static func name(_ display: OpaquePointer) -> String {
        XDisplayString(display).map { String(cString: $0) } ?? "?"
    }

    /// Lets clicks and keys reach the windows beneath: an empty input shape, so the pointer
    /// never finds the window, and a WM_HINTS input field of False, so window managers that
    /// follow ICCCM never give it the keyboard focus.
    static func makeClickThrough(_ display: OpaquePointer, window: Window) {
        XShapeCombineRectangles(display, window, ShapeInput, 0, 0, nil, 0, ShapeSet, YXBanded)
        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint
            hints.pointee.input = False
            XSetWMHints(display, window, hints)
            XFree(hints)
        }
        XFlush(display)
    }

    /// The monitors of the display's default screen as XRandR lists them (RandR 1.5 monitors:
    /// one per lit output, or as `xrandr --setmonitor` made them), the primary one first, in
    /// screen pixels.
    static func monitors(_ display: OpaquePointer) -> [(name: String, x: Int, y: Int, width: Int, height: Int)] {
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, XDefaultRootWindow(display), True, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        let monitors = (0..<Int(count)).map { list[$0] }.sorted { $0.primary != 0 && $1.primary == 0 }
        return monitors.map { monitor in
            let atom = XGetAtomName(display, monitor.name)
            defer { if let atom { XFree(atom) } }
            return (atom.map { String(cString: $0) } ?? "monitor", Int(monitor.x), Int(monitor.y), Int(monitor.width), Int(monitor.height))
        }
    }
}
