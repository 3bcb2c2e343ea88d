import CConfetti

/// Each `@c` function has the type confetti.h declares for it: the compiler unifies the two, so
/// a parameter or result changed on one side and not the other fails the build. Never called.
private func declared<Function>(_ header: Function, _ swift: Function) {}

private func checkDeclarations() {
    declared(CConfetti.confetti_version, ConfettiC.confetti_version)
    declared(CConfetti.confetti_status_name, ConfettiC.confetti_status_name)
    declared(CConfetti.confetti_create, ConfettiC.confetti_create)
    declared(CConfetti.confetti_destroy, ConfettiC.confetti_destroy)
    declared(CConfetti.confetti_fire_preset, ConfettiC.confetti_fire_preset)
    declared(CConfetti.confetti_fire_file, ConfettiC.confetti_fire_file)
    declared(CConfetti.confetti_fire_json, ConfettiC.confetti_fire_json)
    declared(CConfetti.confetti_draw, ConfettiC.confetti_draw)
    declared(CConfetti.confetti_draw_layer, ConfettiC.confetti_draw_layer)
    declared(CConfetti.confetti_is_idle, ConfettiC.confetti_is_idle)
    declared(CConfetti.confetti_live_particles, ConfettiC.confetti_live_particles)
    declared(CConfetti.confetti_set_reduced_motion, ConfettiC.confetti_set_reduced_motion)
    declared(CConfetti.confetti_audio, ConfettiC.confetti_audio)
    declared(CConfetti.confetti_add_image, ConfettiC.confetti_add_image)
    declared(CConfetti.confetti_remove_all, ConfettiC.confetti_remove_all)
    declared(CConfetti.confetti_gpu_milliseconds, ConfettiC.confetti_gpu_milliseconds)
    declared(CConfetti.confetti_preset_count, ConfettiC.confetti_preset_count)
    declared(CConfetti.confetti_preset_name, ConfettiC.confetti_preset_name)
    declared(CConfetti.confetti_last_error, ConfettiC.confetti_last_error)
}
